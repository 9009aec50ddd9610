import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ROOT, tavolo, tavoloAsync, tempDir } from '../fixtures/cli.js';

/**
 * Every figure the README quotes from a command is what the command prints now. These tests run whole
 * tournaments (200,000 Stramat matches, the sequential runs with ismcts): they belong to the long suite.
 *
 * The sequential table: each row of the
 * sequential table whose result says "decided after N of at most M matches" is run, with the spec's own
 * settings (seed, matches, checkpoints; the thread count changes nothing, by design), and its verdict
 * sentence and fixed-sample figure are looked for in the output. (The README once said 20 and 800 where
 * the runs printed 60 and 400.)
 */
vi.setConfig({ testTimeout: 900_000 });

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const dir = tempDir('tavolo-readme-figures-');

interface QuotedRun {
  spec: string;
  /** The verdict sentence as quoted, up to "... matches" (or "... matches per variant"). */
  claim: string;
  /** "a fixed-sample test needs about F", where quoted. */
  fixedSample: string | null;
}

function quotedRuns(): QuotedRun[] {
  const rows = [...README.matchAll(/^\| `npx tavolo run (tournaments\/[\w.-]+\.json)` \| (.*) \|$/gm)];
  return rows.flatMap(([, spec, result]) => {
    const claim = /^(.*?decided after [\d,]+ of at most [\d,]+ matches(?: per variant)?)/.exec(result);
    if (!claim) return [];
    const fixed = /a fixed-sample test needs about ([\d,]+)/.exec(result);
    return [{ spec, claim: claim[1], fixedSample: fixed ? fixed[1] : null }];
  });
}

describe("the README's sequential figures", () => {
  const runs = quotedRuns();

  it('are quoted for the shipped sequential tournaments', () => {
    expect(runs.map((r) => r.spec).sort()).toEqual(
      ['tournaments/stramat-dado-sprt.json', 'tournaments/stramat-greedy-vs-ismcts-three-way.json', 'tournaments/stramat-ismcts-vs-greedy-sprt.json'].sort(),
    );
  });

  for (const run of runs) {
    it(`match what \`tavolo run ${run.spec}\` prints`, async () => {
      const out = join(dir, run.spec.replace(/\W/g, '-'));
      const r = await tavoloAsync(['run', run.spec, '--out', out, '--threads', '2']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain(`${run.claim}.`);
      if (run.fixedSample) expect(r.stdout).toContain(`a fixed-sample test with the same error rates needs about ${run.fixedSample} matches`);
    });
  }
});

/** The README's output blocks: fenced blocks without a language (the commands are `sh`, specs `json`). */
function outputBlocks(): string[][] {
  const blocks: string[][] = [];
  let open: { plain: boolean; lines: string[] } | null = null;
  for (const line of README.split('\n')) {
    if (line.startsWith('```')) {
      if (open === null) open = { plain: line === '```', lines: [] };
      else {
        if (open.plain) blocks.push(open.lines);
        open = null;
      }
    } else if (open) open.lines.push(line);
  }
  return blocks;
}

/** The one output block whose first line starts with `firstLine`. */
function blockStartingWith(firstLine: string): string[] {
  const found = outputBlocks().filter((b) => b[0]?.startsWith(firstLine));
  expect(found.length, `README output blocks starting with "${firstLine}"`).toBe(1);
  return found[0];
}

/** A line of only "..." marks lines left out; every other line is quoted verbatim. */
const isElision = (line: string) => line.trim() === '...';

/**
 * The quoted lines, without the elisions, appear verbatim in `output`, each on a line of its own and in
 * the README's order (an abridgement drops whole lines, nothing else). Returns the first line that does
 * not, or null.
 */
function firstLineNotPrinted(quoted: string[], output: string): string | null {
  const printed = output.split('\n');
  let at = 0;
  for (const line of quoted.filter((l) => !isElision(l))) {
    const found = printed.indexOf(line, at);
    if (found < 0) return line;
    at = found + 1;
  }
  return null;
}

/** The figures of a sentence: numbers with their sign, ± and %, as printed ("±0.68", "42.19%", "1.398"). */
const figures = (text: string) => text.match(/[±+-]?\d[\d,]*(?:\.\d+)?%?/g) ?? [];

/** The README's prose between two phrases (both must be there). */
function prose(from: string, to: string): string {
  const start = README.indexOf(from);
  const end = README.indexOf(to, start);
  expect(start, `README has "${from}"`).toBeGreaterThanOrEqual(0);
  expect(end, `README has "${to}" after "${from}"`).toBeGreaterThan(start);
  return README.slice(start, end);
}

describe('the abridgement check', () => {
  const output = 'Question: q\nAnswer: a\n  x: 1.5\nReport: r (5 kB)\n';
  it('accepts whole lines in order, with elisions', () => {
    expect(firstLineNotPrinted(['Question: q', '...', 'Report: r (5 kB)'], output)).toBeNull();
  });
  it('refuses a changed figure, a part of a line, and lines out of order', () => {
    expect(firstLineNotPrinted(['Report: r (6 kB)'], output)).toBe('Report: r (6 kB)');
    expect(firstLineNotPrinted(['x: 1.5'], output)).toBe('x: 1.5');
    expect(firstLineNotPrinted(['Answer: a', 'Question: q'], output)).toBe('Question: q');
  });
});

describe("the README's quick start: npx tavolo run tournaments/stramat-dado.json", () => {
  let stdout = '';
  const spec = join(ROOT, 'tournaments', 'stramat-dado.json');

  it('runs as the README says (from a folder of its own, so that the paths printed are results/stramat-dado/...)', async () => {
    const cwd = join(dir, 'quick-start');
    mkdirSync(cwd);
    const r = await tavoloAsync(['run', spec, '--threads', '2'], cwd);
    expect(r.code, r.stderr).toBe(0);
    stdout = r.stdout;
  });

  it('quotes its output verbatim, abridged only by whole lines', () => {
    expect(stdout, 'the run above failed').not.toBe('');
    expect(firstLineNotPrinted(blockStartingWith('Question: '), stdout)).toBeNull();
  });

  it('reads it with the figures it printed', () => {
    const printed = new Set(figures(stdout));
    const reading = prose('How to read it:', 'The first-player advantage is');
    expect(figures(reading).length).toBeGreaterThan(5);
    for (const figure of figures(reading)) expect(printed.has(figure), `"${figure}" of "How to read it" is not printed`).toBe(true);
  });

  it("states the report's size as printed", () => {
    const size = /`tournaments\/stramat-dado\.json` \(2 x 100,000 matches\) is (\d+ kB)\./.exec(README);
    expect(size, 'the See it section states the report size').not.toBeNull();
    expect(stdout).toContain(`/report.html (${size![1]})`);
  });

  it('states the match counts of the spec', () => {
    const json = JSON.parse(readFileSync(spec, 'utf8')) as { matches: number; variants: unknown[] };
    const flowing = README.replace(/\s+/g, ' ');
    expect(flowing).toContain(`${json.matches.toLocaleString('en-US')} matches each`);
    expect(flowing).toContain(`It plays the ${(json.matches * json.variants.length).toLocaleString('en-US')} matches`);
  });
});

/**
 * The regression-gate example: stramat-dado's lineup and seed with one variant `base` and the README's
 * match count, as a baseline, against the same with dadoCount 3 and against the unchanged game, compared
 * with the README's own `tavolo compare ... --tolerance` command.
 */
describe("the README's regression-gate example", () => {
  const gateDir = join(dir, 'gate');
  const stramatDado = JSON.parse(readFileSync(join(ROOT, 'tournaments', 'stramat-dado.json'), 'utf8')) as Record<string, unknown>;

  async function runBase(name: string, matches: number, options: Record<string, unknown>): Promise<string> {
    const file = join(gateDir, `${name}.json`);
    writeFileSync(file, JSON.stringify({ ...stramatDado, name, matches, variants: [{ name: 'base', options }] }));
    const out = join(gateDir, name);
    const r = await tavoloAsync(['run', file, '--out', out, '--threads', '2']);
    expect(r.code, r.stderr).toBe(0);
    return out;
  }

  it('is quoted as the gate prints it, and exits 1', async () => {
    const example = prose('For example,\nthe lineup and seed of `stramat-dado.json`', 'The recipe:');
    const matches = /(\d[\d,]*) matches, as the baseline/.exec(example);
    const tolerance = /npx tavolo compare baseline\/my-game results\/my-game --tolerance (\S+)/.exec(README);
    expect(matches, 'the example names its match count').not.toBeNull();
    expect(tolerance, 'the README shows the compare command with --tolerance').not.toBeNull();
    const count = Number(matches![1].replace(/,/g, ''));
    mkdirSync(gateDir);
    const [baseline, changed, same] = await Promise.all([
      runBase('baseline', count, {}),
      runBase('changed', count, { dadoCount: 3 }),
      runBase('same', count, {}),
    ]);
    const gateChanged = await tavoloAsync(['compare', baseline, changed, '--tolerance', tolerance![1], '--out', join(gateDir, 'c1')]);
    expect(gateChanged.code, gateChanged.stderr).toBe(1);
    expect(example).toContain('exits 1');
    expect(firstLineNotPrinted(blockStartingWith('Regression gate:'), gateChanged.stdout)).toBeNull();

    const gateSame = await tavoloAsync(['compare', baseline, same, '--tolerance', tolerance![1], '--out', join(gateDir, 'c2')]);
    expect(gateSame.code, gateSame.stderr).toBe(0);
    expect(example).toContain('prints `Verdict: equivalent` and exits 0');
    expect(gateSame.stdout).toMatch(/^Verdict: equivalent/m);
  });
});

/** What the README says of a shipped spec in a command's comment is what the spec says (no run needed). */
describe("the README's figures taken from the specs", () => {
  const specOf = (name: string) =>
    JSON.parse(readFileSync(join(ROOT, 'tournaments', `${name}.json`), 'utf8')) as {
      matches: number;
      bots: Array<{ bot: string; params?: { iterations?: number } }>;
    };
  const commented = [...README.matchAll(/^(?:npm ci && )?npx tavolo run tournaments\/([\w.-]+)\.json +# (.*)$/gm)];

  it('are quoted for the commands with a comment', () => {
    expect(commented.map(([, name]) => name).sort()).toEqual(['stramat-demo']);
  });

  it('give each spec its match count', () => {
    for (const [, name, comment] of commented) {
      const quoted = /([\d,]+) matches/.exec(comment);
      if (quoted) expect(Number(quoted[1].replace(/,/g, '')), name).toBe(specOf(name).matches);
    }
  });

  it("give the four-player strength tournament's bots and match count, as the prose quotes them", () => {
    const quoted = /`npx tavolo run tournaments\/([\w.-]+)\.json` puts ([\w, ]+) at one table\s+for ([\d,]+) matches/.exec(README);
    expect(quoted, 'the README quotes a strength tournament in prose').not.toBeNull();
    const [, name, lineup, matches] = quoted!;
    const spec = specOf(name);
    expect(Number(matches.replace(/,/g, ''))).toBe(spec.matches);
    expect(lineup.split(/,? and |, /)).toEqual(spec.bots.map((b) => b.bot));
  });

  it("give Stramat's default dadoCount as the gate example's '4 → 3'", () => {
    expect(README).toContain('`dadoCount` 4 → 3');
    const listed = tavolo(['list', 'stramat']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(/dadoCount \(int from \d+ to \d+, default 4\)/);
  });
});
