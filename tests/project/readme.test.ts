import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bots } from '../../bots/index.js';
import { games } from '../../src/games/index.js';
import { ROOT } from '../fixtures/cli.js';

// The README is the user's guide: it must list every shipped tournament, every registered game and
// every built-in bot, nothing that is gone, and its links must lead somewhere. (A helper adding a game
// or a spec makes this fail until the README lists it: on purpose.)
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
/** The reference the README links to: the lists of tournaments, games and bots live there. */
const REFERENCE = readFileSync(join(ROOT, 'docs', 'reference.md'), 'utf8');

/** The lines of the section that starts with `heading` (up to the next heading of the same or a higher level). */
function section(text: string, heading: string): string {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.trim() === heading);
  expect(start, `README has no heading "${heading}"`).toBeGreaterThanOrEqual(0);
  const level = heading.indexOf(' ');
  const end = lines.findIndex((l, i) => i > start && /^#+ /.test(l) && l.indexOf(' ') <= level);
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/** The first-column names of a table's rows: `| \`name\` | ...`. */
function firstColumn(text: string): string[] {
  return [...text.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]);
}

describe('README and the reference', () => {
  it('lists every tournament in tournaments/, and none that is not there', () => {
    const specs = readdirSync(join(ROOT, 'tournaments'))
      .filter((f) => f.endsWith('.json'))
      .map((f) => (JSON.parse(readFileSync(join(ROOT, 'tournaments', f), 'utf8')) as { name: string }).name);
    const listed = firstColumn(section(REFERENCE, '### Shipped tournaments'));
    expect([...listed].sort()).toEqual([...specs].sort());
  });

  it('lists every registered game, and none that is not registered', () => {
    expect(firstColumn(section(REFERENCE, '## Games')).sort()).toEqual(Object.keys(games).sort());
  });

  it('lists every built-in bot', () => {
    expect(firstColumn(section(REFERENCE, '## Bots')).sort()).toEqual(Object.keys(bots).sort());
  });

  it('states the Node version package.json requires', () => {
    const engines = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
    const version = /^>=\s*(\d+\.\d+)/.exec(engines)![1];
    expect(README).toContain(`Node.js ${version} or later`);
  });

  it('links only to files that exist and to headings that exist', () => {
    const docs = [
      'README.md',
      'examples/my-game/README.md',
      ...readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.md'))
        .map((f) => join('docs', f)),
    ];
    const anchor = (heading: string) =>
      heading.trim().toLowerCase().replace(/[^\w\- ]/g, '').replace(/ /g, '-');
    for (const doc of docs) {
      const text = readFileSync(join(ROOT, doc), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target)) continue;
        const [file, hash] = target.split('#');
        const path = file === '' ? join(ROOT, doc) : join(ROOT, dirname(doc), file);
        expect(existsSync(path), `${doc} links to ${target}`).toBe(true);
        if (hash && path.endsWith('.md')) {
          const headings = [...readFileSync(path, 'utf8').matchAll(/^#+ (.*)$/gm)].map((m) => anchor(m[1]));
          expect(headings, `${doc} links to #${hash}`).toContain(hash);
        }
      }
    }
  });

  it("says in its section on bots what a bot is guaranteed not to do, and what isolation mode costs", () => {
    const bots = section(README, '### Pit bots against each other');
    // What holds in the engine's thread, what the run checks, and the way out for bots not trusted.
    expect(bots).toMatch(/only its own observation/);
    expect(bots).toMatch(/costs it that match,\s+never the\s+run/);
    expect(bots).toMatch(/exits 6/);
    expect(bots).toContain('"isolate": true');
    expect(bots).toContain('](docs/bots-trust.md)');
    // The cost quoted is the measured one of docs/bots-trust.md.
    const trust = readFileSync(join(ROOT, 'docs', 'bots-trust.md'), 'utf8');
    const cost = /\| random \(never reads its observation\) \| [^|]+ \| [^|]+ \| (about \d+ µs per decision) \|/.exec(trust);
    expect(cost, 'docs/bots-trust.md has the measured cost').not.toBeNull();
    expect(bots).toContain(cost![1]);
  });

  it('keeps performance internals out of the user guide', () => {
    expect(README.split('\n').length).toBeLessThanOrEqual(300);
    expect(README).not.toContain('instructions per match');
    expect(README).toContain('docs/performance.md');
  });
});
