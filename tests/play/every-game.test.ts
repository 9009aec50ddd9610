import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordMatch } from '../../src/report/replay.js';
import { readSaved, savedSpec } from '../../src/play/saved.js';
import { browserAvailable, launch, screenshotPath, type Browser } from '../report/browser-helpers.js';
import { tavolo, tempDir } from '../fixtures/cli.js';
import { playToEnd, startServer } from './helpers.js';

/**
 * A whole match of every built-in game with one human seat, played in headless Chromium by clicking the
 * page's buttons (a different button from one decision to the next), against random bots with no delay.
 * The saved match must replay, from its seed and the clicked decisions, to the result the page showed,
 * both here (the viewer's own replay) and through `tavolo show`. Short settings as the honesty suite's.
 */

const GAMES: Array<{ game: string; bots: string; options: string[]; human: number; seed?: number; outOfTurn?: string[] }> = [
  // And Stramat's Alt trap (many Alt cards, so that the human seat is offered the counter-Alt).
  { game: 'stramat', bots: 'greedy,random,random', options: ['altCount=20'], human: 1, outOfTurn: ['lets it pass'] },
  // A decision out of turn, offered and declinable: Stop's identical card.
  { game: 'stop', bots: 'random,random', options: ['targetScore=40'], human: 0, seed: 0, outOfTurn: ['keeps the identical card'] },
  { game: 'zatre', bots: 'random,random', options: ['tiles=[4,4,4,4,4,4]'], human: 1 },
  { game: 'scala', bots: 'greedy,random', options: [], human: 0 },
  { game: 'symbotrio', bots: 'random,random,random', options: ['maxTurns=60'], human: 2 },
];

const run = browserAvailable() ? describe : describe.skip;

run('a human seat plays a whole match of every game in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const g of GAMES) {
    it(`${g.game}: clicked to the end, saved, replayed to the same result`, async () => {
      const dir = tempDir();
      const out = join(dir, 'm');
      const args = ['--game', g.game, '--bots', g.bots, '--seed', String(g.seed ?? 5), '--human', String(g.human), '--bot-delay', '0', '--out', out];
      for (const o of g.options) args.push('--option', o);
      const served = await startServer(args, dir);
      const problems: string[] = [];
      try {
        const page = await browser.context.newPage();
        page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
        page.on('pageerror', (e) => problems.push(e.message));
        page.on('request', (r) => !r.url().startsWith('http://127.0.0.1:') && problems.push(`fetched ${r.url()}`));
        await page.goto(served.urls.get(g.human) as string);
        const offered: string[] = [];
        const clicks = await playToEnd(
          page,
          (k) => k * 7 + 3,
          async (k) => {
            offered.push(...(await page.locator('#actions button').allTextContents()));
            // The README's picture: a few moves into the Stramat match, the log and both bots' hands showing.
            if (g.game === 'stramat' && k === 6) await page.screenshot({ path: screenshotPath('play-human.png') });
          },
        );
        // Every button is labelled with the decision's own words.
        expect(offered.every((t) => /^(\d )?\S/.test(t))).toBe(true);
        for (const words of g.outOfTurn ?? []) expect(offered.some((t) => t.includes(words)), words).toBe(true);
        expect(clicks).toBeGreaterThan(2);
        const status = (await page.locator('#status').textContent()) ?? '';
        expect(status).toMatch(/^Match over(: [^.]+\. (Winner|You win)|, annulled)/);
        await page.close();

        const saved = readSaved(out);
        expect(saved.decisions.filter((d) => d.seat === g.human)).toHaveLength(clicks);
        // The page says the saved outcome to the human seat as "you".
        const seat = `seat ${g.human} (human)`;
        const toYou = saved.outcome.replace(`Winner: ${seat}.`, 'You win!').split(seat).join('you');
        expect(status).toContain(toYou);
        const { spec, variant, match } = await savedSpec(saved);
        const replay = recordMatch(spec, variant, match);
        expect(replay.result).toEqual({ winners: saved.result.winners.join(';'), turns: saved.result.turns, endReason: saved.result.endReason });
        expect(replay.steps.length - 1).toBe(saved.totalDecisions);
        const journal = readFileSync(join(out, 'journal.jsonl'), 'utf8').trim().split('\n');
        expect(journal).toHaveLength(clicks + 1);
      } finally {
        expect(await served.stop('SIGINT')).toBe(0);
      }
      const shown = tavolo(['show', out]);
      expect(shown.stderr).toBe('');
      expect(shown.code).toBe(0);
      expect(shown.stdout).toMatch(/Wrote .*match\.html/);
      expect(problems).toEqual([]);
    });
  }
});
