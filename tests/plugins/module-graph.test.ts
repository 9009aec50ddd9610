import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { moduleGraph, moduleGraphHash } from '../../src/plugins/module-graph.js';
import { FIXTURES, tavolo, tempDir } from '../fixtures/cli.js';

vi.setConfig({ testTimeout: 120_000 });

/**
 * A bot's identity covers every file it loads (issue 22, item 3): a helper module edited between two
 * shards (or a run and its --resume) makes them different tournaments.
 */
function botFolder(): string {
  const dir = tempDir('tavolo-graph-');
  mkdirSync(join(dir, 'lib'));
  writeFileSync(
    join(dir, 'bot.mjs'),
    [
      "import { pick } from './lib/pick.mjs';",
      "export { unused } from './lib/reexported.mjs';",
      "const lazy = () => import('./lib/lazy.mjs');",
      "// import './lib/in-a-comment.mjs' is not an import",
      "const text = \"import './lib/in-a-string.mjs'\";",
      "export default { name: 'graph', description: 'test', params: [], create: () => ({ choose: (d) => pick(d) }) };",
    ].join('\n'),
  );
  writeFileSync(join(dir, 'lib', 'pick.mjs'), "import { first } from './first.mjs';\nexport const pick = (d) => first(d);\n");
  writeFileSync(join(dir, 'lib', 'first.mjs'), 'export const first = (d) => d.legal[0];\n');
  writeFileSync(join(dir, 'lib', 'reexported.mjs'), 'export const unused = 1;\n');
  writeFileSync(join(dir, 'lib', 'lazy.mjs'), 'export default 1;\n');
  for (const f of ['in-a-comment.mjs', 'in-a-string.mjs', 'unrelated.mjs']) writeFileSync(join(dir, 'lib', f), 'export default 0;\n');
  return dir;
}

describe('module graph of a bot or game file', () => {
  it('follows static, re-exported and dynamic relative imports, transitively; not comments or strings', () => {
    const dir = botFolder();
    const files = moduleGraph(join(dir, 'bot.mjs')).map((f) => f.slice(dir.length + 1)).sort();
    expect(files).toEqual(['bot.mjs', 'lib/first.mjs', 'lib/lazy.mjs', 'lib/pick.mjs', 'lib/reexported.mjs']);
  });

  it('the hash changes when any file of the graph changes, and only then', () => {
    const dir = botFolder();
    const entry = join(dir, 'bot.mjs');
    const before = moduleGraphHash(entry);
    writeFileSync(join(dir, 'lib', 'unrelated.mjs'), 'export default 2;\n');
    expect(moduleGraphHash(entry)).toBe(before);
    for (const f of ['first.mjs', 'lazy.mjs']) {
      const was = moduleGraphHash(entry);
      writeFileSync(join(dir, 'lib', f), `${readFileSync(join(dir, 'lib', f), 'utf8')}// edited\n`);
      expect(moduleGraphHash(entry), f).not.toBe(was);
    }
  });

  it('a module with no files of its own keeps the SHA-256 of its contents (identities of earlier runs hold)', () => {
    const file = join(FIXTURES, 'misbehave.mjs');
    expect(moduleGraphHash(file)).toBe(createHash('sha256').update(readFileSync(file)).digest('hex'));
  });

  it('merge refuses shards whose bot helper module differs (it was not noticed before)', () => {
    const dir = botFolder();
    const spec = join(dir, 'spec.json');
    writeFileSync(
      spec,
      JSON.stringify({ name: 'graph', game: join(FIXTURES, 'highcard.mjs'), players: 2, matches: 40, seed: 's', bots: [{ bot: './bot.mjs' }, { bot: 'random' }] }),
    );
    const run = (i: number) => tavolo(['run', spec, '--shard', `${i}/2`, '--out', join(dir, `shard-${i}`), '--threads', '1']);
    expect(run(0).code).toBe(0);
    writeFileSync(join(dir, 'lib', 'first.mjs'), 'export const first = (d) => d.legal[d.count - 1];\n');
    expect(run(1).code).toBe(0);
    const merged = tavolo(['merge', join(dir, 'shard-0'), join(dir, 'shard-1'), '--out', join(dir, 'merged')]);
    expect(merged.code).toBe(2);
    expect(merged.stderr).toMatch(/different tournaments/);
    expect(merged.stderr).toMatch(/lineup\[0\]\.bot/);
    // --resume of the shard played with the old helper is refused too, naming the bot.
    const resumed = tavolo(['run', spec, '--shard', '0/2', '--out', join(dir, 'shard-0'), '--threads', '1', '--resume']);
    expect(resumed.code, resumed.stdout).toBe(2);
    expect(resumed.stderr).toMatch(/cannot resume: [^]*different tournament:\n\s+lineup\[0\]\.bot: the file or a module it imports differs/);
  });
});
