import { splitLine } from '../analysis/csv-scan.js';
import type { HeaderDamage, RecordHeader } from './journal-record.js';
import { Rec, decodeRec, recordWidth, scoreAt, wonAt } from './records.js';

/**
 * A journal record carries each match twice: as its matches.csv row (text, copied into matches.csv) and
 * as its numeric record (summary.csv, seats.csv and every statistic come from those). The checksums
 * catch damage, but not a record edited on purpose and given fresh checksums: swap a winner in the text,
 * recompute the CRCs, and matches.csv and summary.csv would tell two stories. So when a journal is read
 * back (`--resume`, `tavolo merge`), every row is checked against its numbers; a record whose two parts
 * disagree is damaged, named and played again like any other. (Batches coming from the workers are not
 * checked again: both parts are made there from the same outcome.)
 */

/** Where the fields that are also in the numeric record sit in a matches.csv row (-1: not in this header). */
interface RowColumns {
  match: number;
  winners: number;
  annulled: number;
  scores: number[];
  firstPlayer: number;
  turns: number;
  decisions: number;
  faultSeat: number;
}

/** The columns of the journal's matches.csv header that the numeric record also holds. */
export function rowColumns(header: string, players: number): RowColumns {
  const names = header.replace(/\r?\n$/, '').split(',');
  const at = (name: string) => names.indexOf(name);
  return {
    match: at('match'),
    winners: at('winners'),
    annulled: at('annulled'),
    scores: Array.from({ length: players }, (_, s) => at(`seat${s}_score`)),
    firstPlayer: at('first_player'),
    turns: at('turns'),
    decisions: at('decisions'),
    faultSeat: at('fault_seat'),
  };
}

/** A number cell as the rows write it (an empty cell: a value that is not finite, or none). */
const sameNumber = (cell: string | undefined, value: number): boolean =>
  cell === undefined || (cell === '' ? !Number.isFinite(value) || value === -1 : Number(cell) === value);

/** The first field of one match's row that disagrees with its numeric record, in words; undefined if none. */
function rowDisagreement(cells: readonly string[], rec: Float64Array, o: number, cols: RowColumns, players: number, match: number): string | undefined {
  if (cols.match >= 0 && cells[cols.match] !== String(match)) return `its row is numbered ${JSON.stringify(cells[cols.match])}`;
  if (cols.winners >= 0) {
    const inText = (cells[cols.winners] ?? '').split(';').filter((w) => w !== '').join(';');
    const inNumbers = Array.from({ length: players }, (_, s) => s).filter((s) => rec[o + wonAt(players, s)] === 1).join(';');
    if (inText !== inNumbers) return `the row's winners read "${inText}", the numbers' "${inNumbers}"`;
  }
  const fields: Array<[string, number, number]> = [
    ['annulled', cols.annulled, rec[o + Rec.ANNULLED]],
    ['first_player', cols.firstPlayer, rec[o + Rec.FIRST_PLAYER]],
    ['turns', cols.turns, rec[o + Rec.TURNS]],
    ['decisions', cols.decisions, rec[o + Rec.DECISIONS]],
    ['fault_seat', cols.faultSeat, rec[o + Rec.FAULT_SEAT]],
    ...cols.scores.map((c, s): [string, number, number] => [`seat${s}_score`, c, rec[o + scoreAt(s)]]),
  ];
  for (const [name, c, value] of fields) {
    if (c >= 0 && !sameNumber(cells[c], value)) return `the row's ${name} reads "${cells[c]}", the numbers' ${value}`;
  }
  return undefined;
}

/**
 * Checks that a record's rows and numeric records tell the same matches (payload already checked against
 * its CRC and its header). Returns what disagrees first, or undefined.
 */
export function checkAgreement(h: RecordHeader, payload: Uint8Array, cols: RowColumns, players: number): HeaderDamage | undefined {
  const b = Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength);
  const rows = b.subarray(0, h.csvBytes).toString('utf8').split('\n');
  rows.pop(); // after the last row's line end
  if (rows.length !== h.rows) return { field: 'rows', problem: `the record holds ${rows.length} matches.csv rows where its header says ${h.rows}` };
  const rec = decodeRec(h.recKind, b.subarray(h.csvBytes, h.csvBytes + h.recBytes));
  const width = recordWidth(players);
  for (let i = 0; i < rows.length; i++) {
    const why = rowDisagreement(splitLine(rows[i]), rec, i * width, cols, players, h.start + i);
    if (why) return { field: 'rows and numbers', problem: `its text and its numbers disagree at match ${h.start + i}: ${why}` };
  }
  return undefined;
}
