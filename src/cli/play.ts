import { INT_BOUNDS } from '../runner/limits.js';
import { refuseResultFile } from '../runner/result-guard.js';
import { narrateMatch, playSpec, type PlayArgs } from '../play/narrate.js';
import { writeViewer } from '../report/viewer.js';
import { intFlag, listFlag, parseKeyValues, textFlag } from '../terminal/args.js';
import { humanPlayCommand } from './human.js';
import { EXIT } from './exit.js';
import { withSignals } from './signals.js';

function playArgs(argv: Record<string, unknown>, match: number): PlayArgs {
  return {
    spec: textFlag('--spec', argv.spec),
    variant: textFlag('--variant', argv.variant),
    game: textFlag('--game', argv.game),
    players: intFlag('--players', argv.players, ...INT_BOUNDS.players),
    bots: listFlag('--bots', argv.bots),
    seed: textFlag('--seed', argv.seed),
    options: parseKeyValues('--option', argv.option),
    match,
  };
}

/** `tavolo play`: exit 1 when a bot faulted, as `run` does. */
export async function playCommand(argv: Record<string, unknown>): Promise<number> {
  const match = intFlag('--match', argv.match, 0) ?? 0;
  if (argv.human !== undefined || argv.resume === true) return withSignals((stop) => humanPlayCommand(argv, playArgs(argv, match), stop));
  const as = intFlag('--as', argv.as, 0, 63);
  const html = textFlag('--html', argv.html);
  // Checked before the match is played: a result folder's files are not play's to write.
  if (html !== undefined) refuseResultFile(html, '--html');
  const { spec, variant } = await playSpec(playArgs(argv, match), process.cwd());
  const lines: string[] = [];
  const told = narrateMatch(spec, variant, match, (l) => lines.push(l), { as });
  process.stdout.write(lines.join('\n') + '\n');
  if (html !== undefined) writeViewer(spec, variant, match, html);
  return told.fault ? EXIT.faults : EXIT.ok;
}
