import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRunJson, runJsonHead, type RunIdentity } from '../../src/io/run-json.js';
import { tempDir } from '../fixtures/cli.js';

const ID: RunIdentity = {
  tournament: 't',
  spec: 'spec.json',
  spec_hash: 'abc',
  game: 'stramat',
  players: 2,
  seed: 's',
  matches_per_variant: 10,
  variants: [{ name: 'base', options: {} }],
  lineup: [
    { name: 'a', bot: 'random', params: {} },
    { name: 'b', bot: 'greedy', params: {} },
  ],
};

describe('run.json, one layout for the run and the merge', () => {
  it('puts the identity in the same order for both, with the origin after spec_hash and complete after it', () => {
    const run = Object.keys(runJsonHead(ID, { shard: null }));
    const merge = Object.keys(runJsonHead(ID, { merged_from: [] }));
    const tail = ['complete', 'game', 'players', 'seed', 'matches_per_variant', 'variants', 'lineup'];
    expect(run).toEqual(['tournament', 'spec', 'spec_hash', 'shard', ...tail]);
    expect(merge).toEqual(['tournament', 'spec', 'spec_hash', 'merged_from', ...tail]);
    expect(runJsonHead(ID, { shard: null }).complete).toBe(true);
  });

  it('reads an object, and nothing from a missing file, broken JSON or another JSON value', () => {
    const dir = tempDir('tavolo-run-json-');
    const file = join(dir, 'run.json');
    expect(readRunJson(file)).toBeUndefined();
    for (const text of ['{"tournament":', '[1]', 'null', '3']) {
      writeFileSync(file, text);
      expect(readRunJson(file), text).toBeUndefined();
    }
    writeFileSync(file, JSON.stringify(runJsonHead(ID, { shard: null })));
    expect(readRunJson(file)?.lineup.map((e) => e.name)).toEqual(['a', 'b']);
  });
});
