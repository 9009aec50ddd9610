import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launch, type Browser } from '../report/browser-helpers.js';
import { tavolo, tempDir } from '../fixtures/cli.js';
import { playToEnd, startServer } from './helpers.js';
import { Card, cardCode } from '../../src/games/stop/cards.js';
import * as stopState from '../../src/games/stop/state.js';
import * as stramatState from '../../src/games/stramat/state.js';
import * as zatreState from '../../src/games/zatre/state.js';
import * as scalaState from '../../src/games/scala/state.js';
import * as symbotrioState from '../../src/games/symbotrio/state.js';

/**
 * No code name in any text a person reads: for every game, a short seeded match played through the human
 * page to its end (the page's text at every decision and at the end), the match viewer's text at every
 * step from every perspective, and the tournament report of a few matches. A code name is a phase or an
 * end reason the game's code spells with _ or - ("attack_draw", "score_limit", "colpo-target"), Stop's
 * attack names, or one of Stop's card codes ("YS", "G2+", "R69").
 */

const stopCards = Array.from({ length: Card.COUNT }, (_, t) => cardCode(t)).filter((c) => c.length >= 2);
const multiword = (names: readonly string[]) => names.filter((n) => /[_-]/.test(n));

const GAMES: Array<{ game: string; bots: string; options: string[]; human: number; codes: string[] }> = [
  {
    game: 'stop',
    bots: 'random,random',
    options: ['targetScore=40'],
    human: 0,
    codes: [...multiword(stopState.PHASE_NAMES), ...multiword(stopState.END_REASONS), 'xplus', ...stopCards],
  },
  { game: 'stramat', bots: 'greedy,random,random', options: ['altCount=20'], human: 1, codes: [...multiword(stramatState.PHASE_NAMES), ...multiword(stramatState.END_REASONS)] },
  { game: 'zatre', bots: 'random,random', options: ['tiles=[4,4,4,4,4,4]'], human: 1, codes: [...multiword(zatreState.PHASE_NAMES), ...multiword(zatreState.END_REASONS)] },
  { game: 'scala', bots: 'greedy,random', options: [], human: 0, codes: multiword(scalaState.END_REASONS) },
  { game: 'symbotrio', bots: 'random,random,random', options: ['maxTurns=60'], human: 2, codes: [...multiword(symbotrioState.PHASE_NAMES), ...multiword(symbotrioState.END_REASONS)] },
];

/** The code names found in a text, each with a little of its context. */
function leaks(text: string, codes: string[]): string[] {
  const found: string[] = [];
  for (const c of codes) {
    const re = new RegExp(`(^|[^A-Za-z0-9_+-])${c.replace(/[+]/g, '\\+')}(?![A-Za-z0-9_+-])`, 'g');
    for (const m of text.matchAll(re)) found.push(`${c} in "...${text.slice(Math.max(0, m.index - 40), m.index + c.length + 40)}..."`);
  }
  return found;
}

it('the scan finds a code name (it can fail)', () => {
  expect(leaks('Ended by score_limit.', ['score_limit'])).toHaveLength(1);
  expect(leaks('seat 0 plays YS [YS]', ['YS'])).toHaveLength(2);
  expect(leaks('a skip card (YSW)', ['YS'])).toHaveLength(0);
});

const run = browserAvailable() ? describe : describe.skip;

run('every text a person reads is in the game\'s words', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const g of GAMES) {
    it(`${g.game}: the human page played to the end, the viewer at every step, the report`, async () => {
      const dir = tempDir();
      const texts: string[] = [];
      // The human page, clicked to the end of the match.
      const args = ['--game', g.game, '--bots', g.bots, '--seed', '4', '--human', String(g.human), '--bot-delay', '0', '--out', join(dir, 'm')];
      for (const o of g.options) args.push('--option', o);
      const served = await startServer(args, dir);
      try {
        const page = await browser.context.newPage();
        await page.goto(served.urls.get(g.human) as string);
        await playToEnd(page, (k) => k * 5 + 1, async (k) => {
          texts.push(await page.evaluate(() => document.body.innerText));
          if (k > 0) return;
          // Whose turn it is and what is pending: a live banner addressed to "you", and your own seat set apart.
          expect(await page.locator('#banner[role="status"][aria-live="polite"] #status').textContent()).toMatch(/^Your turn \(you are seat \d\)/);
          expect(await page.locator('#pending').textContent()).toMatch(/\byou(r)?\b/);
          expect(await page.locator('.owner.mine h3').first().textContent()).toBe(`You (seat ${g.human})`);
          // Stop and Stramat draw their cards as cards, each named for screen readers, with the legend.
          if (g.game === 'stop' || g.game === 'stramat') {
            expect(await page.locator('.owner.mine .card.face[aria-label]').count()).toBeGreaterThan(0);
            expect(await page.locator('.legend li').count()).toBeGreaterThan(0);
          }
        });
        const end = await page.evaluate(() => document.body.innerText);
        texts.push(end);
        // The end says how the result is decided, with "you" among the scores.
        expect(end).toMatch(/wins?[^:]*: .*\byou \d+/);
        await page.close();
      } finally {
        await served.stop();
      }
      // The viewer: every step, from the whole table and from every seat.
      const html = join(dir, 'viewer.html');
      const shown = tavolo(['play', '--game', g.game, '--bots', g.bots, '--seed', '4', '--html', html, ...g.options.flatMap((o) => ['--option', o])], dir);
      expect(shown.code, shown.stderr).toBe(0);
      const viewer = await browser.context.newPage();
      await viewer.goto(`file://${html}`);
      texts.push(
        ...(await viewer.evaluate(() => {
          const out: string[] = [];
          const select = document.getElementById('perspective') as HTMLSelectElement;
          for (const option of Array.from(select.options)) {
            select.value = option.value;
            select.dispatchEvent(new Event('change'));
            (document.getElementById('first') as HTMLButtonElement).click();
            out.push(document.body.innerText);
            const forward = document.getElementById('forward') as HTMLButtonElement;
            while (!forward.disabled) {
              forward.click();
              out.push((document.getElementById('table') as HTMLElement).innerText);
            }
            out.push(document.body.innerText);
          }
          return out;
        })),
      );
      await viewer.close();
      // The report of a few matches.
      const spec = join(dir, 'spec.json');
      const bots = g.bots.split(',').map((bot) => ({ bot }));
      const options = Object.fromEntries(g.options.map((o) => o.split('=')).map(([k, v]) => [k, JSON.parse(v) as unknown]));
      writeFileSync(spec, JSON.stringify({ name: 'words', game: g.game, players: bots.length, matches: 6, seed: 'w', variants: [{ name: 'base', options }], bots }));
      const ran = tavolo(['run', spec, '--out', join(dir, 'r')], dir);
      expect(ran.code, ran.stderr).toBe(0);
      expect(existsSync(join(dir, 'r', 'report.html'))).toBe(true);
      const report = await browser.context.newPage();
      await report.goto(`file://${join(dir, 'r', 'report.html')}`);
      texts.push(await report.evaluate(() => document.body.innerText));
      await report.close();
      expect(texts.length).toBeGreaterThan(3);
      expect(texts.flatMap((t) => leaks(t, g.codes)).slice(0, 10)).toEqual([]);
    }, 600_000);
  }
});

