import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lineupIndex, seatOfEntry, shardRange } from '../../src/engine/plan.js';
import { ROOT } from '../fixtures/cli.js';

// plan.ts is the one place that decides who sits where in which match and which matches a shard plays:
// a copy of either formula elsewhere could drift from it and silently pair the wrong seats or matches.
const ROTATION = /\(\s*\w+\s*[+-]\s*\w+\s*\)\s*%\s*(n|players)\b(?!\s*\)\s*\+)|\(\s*\(\s*\w+\s*-\s*\w+\s*\)\s*%\s*(n|players)\s*\)/;
const SHARD_RANGE = /Math\.floor\(\s*\(\s*\(?\s*\w+!?\.index/;
// Arithmetic that is not the rotation: a position counted from the first player, or a game's own turn order.
const NOT_ROTATION = /first(Player)?\b|\bw\b/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('seat rotation and shard ranges are computed in plan.ts only', () => {
  it('seatOfEntry inverts lineupIndex, and the shard ranges cover every match once', () => {
    for (const players of [2, 3, 4, 6]) {
      for (let match = 0; match < 3 * players; match++) {
        for (let seat = 0; seat < players; seat++) expect(seatOfEntry(lineupIndex(seat, match, players), match, players)).toBe(seat);
      }
    }
    const ranges = [0, 1, 2].map((index) => shardRange(1000, { index, count: 3 }));
    expect(ranges).toEqual([
      [0, 333],
      [333, 666],
      [666, 1000],
    ]);
  });

  it('no other file of the runner, the file writers, the analysis, the report, the studies, play or the CLI writes either formula', () => {
    const offenders: string[] = [];
    for (const folder of ['runner', 'io', 'analysis', 'report', 'studies', 'play', 'cli']) {
      for (const file of sources(join(ROOT, 'src', folder))) {
        if (file.endsWith(join('engine', 'plan.ts'))) continue;
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if ((ROTATION.test(line) && !NOT_ROTATION.test(line)) || SHARD_RANGE.test(line)) offenders.push(`${relative(ROOT, file)}:${i + 1}: ${line.trim()}`);
          });
      }
    }
    expect(offenders).toEqual([]);
  });
});
