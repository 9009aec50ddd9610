import { bots } from '../../bots/index.js';
import { describeOption } from '../engine/options.js';
import { gameRegistry } from '../runner/games.js';

/** `tavolo list`: the games with their player ranges and options, and the bots with their parameters. */
export async function listText(): Promise<string> {
  const out: string[] = ['Games'];
  const games = await gameRegistry();
  for (const [name, g] of Object.entries(games)) {
    out.push(`  ${name}: ${g.title}, ${g.minPlayers}-${g.maxPlayers} players`);
    if (g.options.length === 0) out.push('    (no options)');
    for (const o of g.options) out.push(`    ${describeOption(o)}`);
    if (g.metricNames.length > 0) out.push(`    metrics: ${g.metricNames.join(', ')}`);
  }
  out.push('', 'Bots');
  for (const [name, b] of Object.entries(bots)) {
    out.push(`  ${name}: ${b.description}`);
    if (b.params.length === 0) out.push('    (no parameters)');
    for (const p of b.params) out.push(`    ${describeOption(p)}`);
  }
  out.push(
    '',
    'A spec may also name a game or a bot by the path of a .js/.mjs module (relative to the spec file);',
    'see README.md, "Writing your own bot".',
  );
  return out.join('\n');
}
