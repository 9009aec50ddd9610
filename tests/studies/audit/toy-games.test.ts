import { cpSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, tavolo, tempDir } from '../../fixtures/cli.js';

/**
 * `tavolo audit` on toy games whose answers are known by construction (tests/fixtures/toy-games): a game
 * of pure luck is called luck and balanced; a game whose first player wins 80% heads-up is called
 * unbalanced, with a first-player advantage near +30 points. And the files are byte-identical on one and
 * two threads and after --resume of a stopped audit.
 */
const TOYS = join(FIXTURES, 'toy-games');
const FILES = ['audit.json', 'audit.csv', 'audit.html'];

interface AuditJson {
  verdict: string[];
  findings: Array<{ id: string; severity: string; figure: string; interval: string; evidence: number; words: string; command: string }>;
}

function audit(game: string, out: string, ...more: string[]): { code: number | null; stdout: string; stderr: string; json: AuditJson } {
  const r = tavolo(['audit', join(TOYS, game), '--players', '2', '--matches', '40', '--out', out, ...more]);
  if (r.code !== 0) throw new Error(`tavolo audit ${game} exited ${r.code}: ${r.stderr}`);
  return { ...r, json: JSON.parse(readFileSync(join(out, 'audit.json'), 'utf8')) as AuditJson };
}

const bytes = (dir: string) => FILES.map((f) => readFileSync(join(dir, f), 'utf8'));

describe('tavolo audit: toy games with known verdicts', () => {
  let luckDir: string;
  let luck: ReturnType<typeof audit>;
  let firstDir: string;
  let first: ReturnType<typeof audit>;

  beforeAll(() => {
    luckDir = tempDir('tavolo-audit-luck-');
    luck = audit('luck.mjs', luckDir, '--threads', '1');
    firstDir = tempDir('tavolo-audit-first-');
    first = audit('first-player.mjs', firstDir, '--threads', '2');
  }, 240_000);

  it('calls the game of pure luck luck, and not unbalanced', () => {
    expect(luck.json.verdict).toContain('luck');
    expect(luck.json.verdict).not.toContain('unbalanced');
    const casual = luck.json.findings.find((f) => f.id === 'skill_casual')!;
    expect(casual.severity).toBe('red');
    // Every deal's dice are the same in both seatings and the calls change nothing: the share is exactly 1/2.
    expect(casual.figure).toBe('50.0%');
    expect(luck.json.findings.find((f) => f.id === 'first_player_advantage_casual')!.severity).toBe('green');
    expect(luck.stdout.split('\n')[luck.stdout.split('\n').findIndex((l) => l.startsWith('Verdict:'))]).toMatch(/^Verdict: luck /);
  });

  it('calls the game whose first player wins 80% unbalanced, with an advantage near +30 points', () => {
    expect(first.json.verdict).toContain('unbalanced');
    const f = first.json.findings.find((x) => x.id === 'first_player_advantage_casual')!;
    expect(f.severity).toBe('red');
    const points = Number(f.figure.replace(/ points$/, ''));
    // 200 matches of a 0.8 coin: the standard error is sqrt(0.16 / 200) = 2.8 points; four of them either side.
    expect(Math.abs(points - 30)).toBeLessThan(4 * 100 * Math.sqrt(0.16 / 200));
    const [low, high] = f.interval.split(' to ').map(Number);
    expect(low).toBeLessThan(30);
    expect(high).toBeGreaterThan(30);
    expect(f.evidence).toBeGreaterThan(1);
    expect(f.command).toContain('--matches 40');
  });

  it('writes the same bytes on one thread and two, and after --resume of a stopped audit', () => {
    const copy = tempDir('tavolo-audit-copy-');
    cpSync(luckDir, copy, { recursive: true });
    // A stopped audit: one run's folder lost, the answer files gone.
    rmSync(join(luckDir, 'thinking'), { recursive: true, force: true });
    for (const f of FILES) rmSync(join(luckDir, f));
    audit('luck.mjs', luckDir, '--threads', '2', '--resume');
    expect(bytes(luckDir)).toEqual(bytes(copy));
  }, 120_000);
});
