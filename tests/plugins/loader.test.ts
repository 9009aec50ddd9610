import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { InputError } from '../../src/errors.js';
import { loadBot, loadGame } from '../../src/plugins/loader.js';
import { probeFile } from '../../src/plugins/probe.js';
import { FIXTURES, tavoloAsync, tempDir } from '../fixtures/cli.js';

vi.setConfig({ testTimeout: 120_000 });

/**
 * Bot and game files load under a watchdog (issue 22, item 7): first in a throwaway worker with a time
 * limit, so a file that hangs or calls process.exit at its top level is reported (exit 2) instead of
 * hanging tavolo or ending it with exit 0 and nothing written.
 */
const BOT_EXPORT = "export default { name: 'x', description: '', params: [], create: () => ({ choose: (d) => d.legal[0] }) };";
const TOP_LEVELS: Record<string, string> = {
  hangs: 'while (true) {}',
  exits: 'process.exit(0);',
  'awaits-forever': 'await new Promise(() => {});',
  throws: "throw new Error('no config file');",
};

function botFiles(): string {
  const dir = tempDir('tavolo-load-');
  for (const [name, top] of Object.entries(TOP_LEVELS)) writeFileSync(join(dir, `${name}.mjs`), `${top}\n${BOT_EXPORT}\n`);
  writeFileSync(join(dir, 'fine.mjs'), `${BOT_EXPORT}\n`);
  return dir;
}

describe('loading a bot or game file under a watchdog', () => {
  it('the probe tells a file that loads from one that hangs, exits, never settles or throws', async () => {
    const dir = botFiles();
    expect(await probeFile(join(dir, 'fine.mjs'), 5000)).toEqual({ kind: 'loaded' });
    expect(await probeFile(join(dir, 'hangs.mjs'), 500)).toEqual({ kind: 'hung' });
    expect(await probeFile(join(dir, 'exits.mjs'), 5000)).toEqual({ kind: 'exited', code: 0 });
    expect(await probeFile(join(dir, 'awaits-forever.mjs'), 5000)).toEqual({ kind: 'stalled' });
    expect(await probeFile(join(dir, 'throws.mjs'), 5000)).toMatchObject({ kind: 'threw', message: 'no config file' });
  });

  it('loadBot reports each as an input error naming the file and the field', async () => {
    const dir = botFiles();
    process.env.TAVOLO_LOAD_TIMEOUT_MS = '500';
    try {
      const fails = (name: string) => loadBot(`./${name}.mjs`, dir, 'bots[1].bot');
      await expect(fails('hangs')).rejects.toThrow(/bots\[1\]\.bot: bot file .*hangs\.mjs did not finish loading within 0\.5 s/);
      await expect(fails('exits')).rejects.toThrow(/exits\.mjs ended its thread while loading \(exit code 0\): its top level calls process\.exit/);
      await expect(fails('awaits-forever')).rejects.toThrow(/awaits something that never settles/);
      await expect(fails('throws')).rejects.toThrow(/could not load bot file .*throws\.mjs: no config file/);
      await expect(fails('hangs')).rejects.toBeInstanceOf(InputError);
      expect((await loadBot('./fine.mjs', dir)).factory.name).toBe('x');
      expect((await loadGame('./highcard.mjs', FIXTURES)).game.name).toBe('highcard');
    } finally {
      delete process.env.TAVOLO_LOAD_TIMEOUT_MS;
    }
  });

  it.each(['hangs', 'exits'])('tavolo run with a bot file that %s while loading: exit 2, one message, nothing written', async (name) => {
    const dir = botFiles();
    const spec = join(dir, 'spec.json');
    writeFileSync(spec, JSON.stringify({ name: 'load', game: join(FIXTURES, 'highcard.mjs'), players: 2, matches: 10, seed: 1, bots: [{ bot: 'random' }, { bot: `./${name}.mjs` }] }));
    const out = join(dir, 'out');
    const r = await tavoloAsync(['run', spec, '--out', out], undefined, { TAVOLO_LOAD_TIMEOUT_MS: '1500' });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^tavolo: bots\\[1\\]\\.bot: bot file .*${name}\\.mjs `));
    expect(r.stdout).toBe('');
    expect(existsSync(out)).toBe(false);
  });
});
