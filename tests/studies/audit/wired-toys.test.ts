import { cpSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, tavolo, tempDir } from '../../fixtures/cli.js';

/**
 * The holes in the rules, kingmaking and restricted play through `tavolo audit` itself: the toy games
 * with known holes (tests/fixtures/toy-games/) give their verdicts in audit.json, audit.csv and the
 * terminal answer; restricted play's figure is the focal seat's win share recomputed from the runs'
 * matches.csv; and the files, kingmaking's replays included, are the same bytes on one thread and two
 * and after --resume.
 */
const TOYS = join(FIXTURES, 'toy-games');
const FILES = ['audit.json', 'audit.csv', 'audit.html'];

interface Line {
  id: string;
  area: string;
  severity: string;
  figure: string;
  interval: string;
  words: string;
  command: string;
  replay?: { command: string };
}

function audit(game: string, players: number, matches: number, out: string, ...more: string[]): { stdout: string; findings: Line[]; replayed: Record<string, number> } {
  const r = tavolo(['audit', join(TOYS, game), '--players', String(players), '--matches', String(matches), '--out', out, ...more]);
  if (r.code !== 0) throw new Error(`tavolo audit ${game} exited ${r.code}: ${r.stderr}`);
  const json = JSON.parse(readFileSync(join(out, 'audit.json'), 'utf8')) as { findings: Line[]; plan: { replayed: Record<string, number> } };
  return { stdout: r.stdout, findings: json.findings, replayed: json.plan.replayed };
}

const withId = (lines: readonly Line[], id: string) => lines.filter((l) => l.id === id);
const bytes = (dir: string) => FILES.map((f) => readFileSync(join(dir, f), 'utf8'));

/** The focal seat's mean win share in a restricted run's matches.csv, computed from its rows alone. */
function focalShare(dir: string): number {
  const rows = parse<Record<string, string>>(readFileSync(join(dir, 'matches.csv'), 'utf8'), { columns: true });
  let sum = 0;
  for (const row of rows) {
    const seat = Object.keys(row).find((k) => /^seat\d+_bot$/.test(k) && row[k] === 'greedy-focal')!;
    const winners = row.winners === '' ? [] : row.winners.split(/[ ;|]/).map(Number);
    const s = Number(/\d+/.exec(seat)![0]);
    sum += winners.includes(s) ? 1 / winners.length : 0;
  }
  return sum / rows.length;
}

describe('tavolo audit: holes, kingmaking and restricted play on the toy games', () => {
  let dominantDir: string;
  let dominant: ReturnType<typeof audit>;
  let kingDir: string;
  let king: ReturnType<typeof audit>;
  let unreachable: ReturnType<typeof audit>;

  beforeAll(() => {
    dominantDir = tempDir('tavolo-audit-dominant-');
    dominant = audit('dominant-action.mjs', 2, 40, dominantDir, '--threads', '2');
    kingDir = tempDir('tavolo-audit-king-');
    king = audit('kingmaker.mjs', 3, 20, kingDir, '--threads', '1');
    unreachable = audit('unreachable-end.mjs', 2, 40, tempDir('tavolo-audit-unreachable-'), '--threads', '2');
  }, 300_000);

  it('dominant-action: the Crown is flagged red as dominating, and the answer says so', () => {
    const [f] = withId(dominant.findings, 'dominant_action');
    expect(f.severity).toBe('red');
    expect(f.words).toContain('`crown`');
    expect(f.command).toContain('--matches 40');
    expect(f.replay?.command).toMatch(/^tavolo play --game .*dominant-action\.mjs --bots greedy,greedy --seed audit --match \d+$/);
    expect(dominant.stdout).toContain(`Red: ${f.words}`);
    expect(readFileSync(join(dominantDir, 'audit.csv'), 'utf8')).toContain('dominant_action,actions,red');
  });

  it('dominant-action: a greedy seat without the Crown loses, by the win shares of the restricted runs themselves', () => {
    const [f] = withId(dominant.findings, 'without_crown');
    const expected = focalShare(join(dominantDir, 'restricted', 'without-crown')) - focalShare(join(dominantDir, 'restricted', 'unrestricted'));
    expect(expected).toBeLessThan(0);
    expect(f.figure).toBe(`${expected >= 0 ? '+' : ''}${(100 * expected).toFixed(1)} points`);
    const [low, high] = f.interval.split(' to ').map(Number);
    expect(low).toBeLessThan(100 * expected);
    expect(high).toBeLessThan(0);
    expect(f.words).toMatch(/so it loses by giving the kind up \(restricted play, causal/);
  });

  it('kingmaker: the last seat picking the winner is red kingmaking, on a capped sample it names', () => {
    const [f] = withId(king.findings, 'kingmaking');
    expect(f.severity).toBe('red');
    expect(f.figure).toBe('100.0%');
    expect(king.replayed.kingmaking_matches).toBe(12);
    expect(f.words).toMatch(/^In 12 of 12 decided matches between greedy bots \(greedy in every seat, the first 12 matches/);
    expect(king.stdout).toContain(`Red: ${f.words}`);
  });

  it('heads-up there is no kingmaking line', () => {
    expect(withId(dominant.findings, 'kingmaking')).toEqual([]);
    expect(dominant.replayed.kingmaking_matches).toBe(0);
  });

  it('unreachable-end: the end that cannot happen and the option that changes nothing are flagged amber', () => {
    const ends = withId(unreachable.findings, 'end_reason_never_seen');
    expect(ends.map((f) => [f.severity, f.words.includes('`overshoot`')])).toEqual([['amber', true]]);
    expect(withId(unreachable.findings, 'option_changes_nothing').map((f) => [f.severity, f.words.includes('`colour`')])).toEqual([['amber', true]]);
    expect(withId(unreachable.findings, 'action_kind_never_available').some((f) => f.words.includes('`wild`'))).toBe(true);
  });

  it('writes the same bytes, kingmaking and restricted play included, on one thread and two and after --resume', () => {
    const copy = tempDir('tavolo-audit-king-copy-');
    cpSync(kingDir, copy, { recursive: true });
    rmSync(join(kingDir, 'restricted', 'without-crown'), { recursive: true, force: true });
    for (const f of FILES) rmSync(join(kingDir, f));
    audit('kingmaker.mjs', 3, 20, kingDir, '--threads', '2', '--resume');
    expect(bytes(kingDir)).toEqual(bytes(copy));
  }, 120_000);
});
