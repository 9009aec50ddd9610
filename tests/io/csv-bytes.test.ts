import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { playMatch } from '../../src/engine/match.js';
import { CsvBytes } from '../../src/io/csv-bytes.js';
import { csvCell } from '../../src/io/csv.js';
import { prepare, runBatch } from '../../src/runner/batch.js';
import { matchSeed } from '../../src/engine/plan.js';
import { PlayHash, seatingLanes } from '../../src/engine/play-hash.js';
import { decodeRec } from '../../src/runner/records.js';
import { resolveSpec } from '../../src/runner/spec.js';

const text = (w: CsvBytes) => Buffer.from(w.view()).toString('utf8');

describe('CsvBytes', () => {
  const numbers = [0, -0, 7, 9, 10, 42, 99, 99.5, 100, 1234567, -1, -10, -987654, 2 ** 31 - 1, -(2 ** 31), 2 ** 31, 2 ** 53, 0.1, -2.5, 1e21, 1e-7, 1 / 3, NaN, Infinity, -Infinity];

  it('writes every number as String(v) does', () => {
    for (const v of numbers) {
      const w = new CsvBytes(4);
      w.number(v);
      expect(text(w)).toBe(String(v));
    }
  });

  it('numeric cells: as String(v), except NaN and infinities, which leave the cell empty', () => {
    for (const v of numbers) {
      const w = new CsvBytes(4);
      w.cell(v);
      expect(text(w)).toBe(Number.isFinite(v) ? String(v) : '');
    }
  });

  it('commaCell and commaNumber: a comma, then the cell or number', () => {
    for (const v of numbers) {
      const a = new CsvBytes(2);
      a.commaCell(v);
      expect(text(a)).toBe(',' + (Number.isFinite(v) ? String(v) : ''));
      const b = new CsvBytes(2);
      b.commaNumber(v);
      expect(text(b)).toBe(',' + String(v));
    }
  });

  it('text cells are quoted as csv-stringify quotes them, in UTF-8, and the buffer grows as needed', () => {
    const w = new CsvBytes(2);
    const cells = ['plain', '', 'with space', 'comma,inside', 'quote"inside', 'line\nbreak', 'ünïcödé 🎲', 'demo/match/3'];
    cells.forEach((c, i) => {
      if (i > 0) w.byte(44);
      w.text(c);
    });
    expect(text(w)).toBe(stringify([cells]).replace(/\n$/, ''));
    expect(text(w)).toBe(cells.map(csvCell).join(','));
  });
});

describe('matches.csv rows built as bytes', () => {
  it('equal, row by row, what csv-stringify writes for the same matches (names and a seed that need quoting)', async () => {
    const spec = await resolveSpec(
      {
        name: 'bytes',
        game: 'stramat',
        players: 3,
        matches: 30,
        seed: 'a seed, "quoted"',
        variants: [{ name: 'base' }, { name: 'dadò, less', options: { dadoCount: 3 } }],
        bots: [{ bot: 'random', name: 'rändom "one"' }, { bot: 'greedy' }, { bot: 'random' }],
      },
      process.cwd(),
    );
    const p = prepare(spec.game, spec.players, spec.seed, spec.variants, spec.lineup);
    for (let v = 0; v < spec.variants.length; v++) {
      const res = runBatch(p, v, 5, 17);
      const csv = Buffer.from(res.payload.subarray(0, res.csvBytes)).toString('utf8');
      const lines = csv.split('\n');
      expect(lines.pop()).toBe('');
      expect(lines).toHaveLength(12);
      let decisions = 0;
      for (let i = 5; i < 17; i++) {
        const seats = p.seatBots[i % 3];
        const names = [0, 1, 2].map((s) => spec.lineup[(s + i) % 3].name);
        // The play hash starts from the seating as the row writes it (CSV cells joined by commas).
        const hash = new PlayHash();
        hash.start(seatingLanes(names.map(csvCell).join(',')));
        const out = playMatch(spec.game, spec.variants[v].options, seats, matchSeed(spec.seed, i), { hash });
        decisions += out.decisions;
        const r = out.result;
        const row = [
          spec.variants[v].name,
          i,
          matchSeed(spec.seed, i),
          ...names,
          r.winners.join(';'),
          r.annulled ? 1 : 0,
          ...r.scores,
          ...r.ranks,
          r.firstPlayer,
          r.turns,
          out.decisions,
          r.endReason,
          '',
          hash.hex(),
          ...out.metrics,
        ].map((c) => (typeof c === 'number' ? String(c) : c));
        expect(lines[i - 5]).toBe(stringify([row]).replace(/\n$/, ''));
      }
      expect(res.decisions).toBe(decisions);
      // The records follow the rows in the payload; the notes (none here) follow the records.
      const rec = decodeRec(res.recKind, res.payload.subarray(res.csvBytes, res.csvBytes + res.recBytes));
      expect(rec.length).toBe(12 * (6 + 2 * 3));
      expect(Buffer.from(res.payload.subarray(res.csvBytes + res.recBytes)).toString('utf8')).toBe('[]');
    }
  });
});
