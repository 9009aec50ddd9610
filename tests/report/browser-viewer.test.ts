import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyGame, GameEvent, TableView } from '../../src/engine/game.js';
import { matchRngs, playMatch } from '../../src/engine/match.js';
import { cardName } from '../../src/games/stramat/actions.js';
import { matchSeed, rotations } from '../../src/engine/plan.js';
import { loadSpec, type ResolvedSpec } from '../../src/runner/spec.js';
import { browserAvailable, launch, openPage, screenshotPath, type Browser } from './browser-helpers.js';
import { FIXTURES, ROOT, tavolo, tempDir } from '../fixtures/cli.js';

/**
 * The match viewer in headless Chromium: stepped forward and back with the keys and buttons, jumped,
 * switched to a seat's view; at every step the table on the page must be the game's own table at that
 * point of the match, replayed here independently of the viewer's code.
 */

/** A zone as the page shows it, and as the TableView says it should be shown. */
interface ShownZone {
  id: string;
  owner: number;
  cards: string[];
  hidden: number;
  value: number | null;
  cells: string[];
}

function expectedZones(view: TableView): { header: string[]; zones: ShownZone[] } {
  const zones = view.zones.map((z) => ({
    id: z.id,
    owner: z.owner,
    cards: z.kind === 'cards' ? z.cards : [],
    hidden: z.kind === 'cards' ? (z.hidden ?? 0) : 0,
    value: z.kind === 'count' ? z.value : null,
    cells: z.kind === 'grid' ? z.cells.map((c) => c ?? '') : [],
  }));
  // The renderer groups zones by owner (shared ones first), keeping their order within a group.
  zones.sort((a, b) => a.owner - b.owner);
  return { header: view.header, zones };
}

async function shownTable(page: import('playwright-core').Page) {
  return page.evaluate(() => ({
    header: [...document.querySelectorAll('#table .view-header li')].map((li) => li.textContent ?? ''),
    zones: [...document.querySelectorAll<HTMLElement>('#table section.zone')].map((z) => ({
      id: z.dataset.zone!,
      owner: Number(z.dataset.owner),
      cards: [...z.querySelectorAll('.card:not(.back)')].map((c) => c.textContent ?? ''),
      hidden: Number(z.querySelector<HTMLElement>('.card.back')?.dataset.hidden ?? 0),
      value: z.querySelector<HTMLElement>('.count') ? Number(z.querySelector<HTMLElement>('.count')!.dataset.value) : null,
      cells: [...z.querySelectorAll('td')].map((td) => td.textContent ?? ''),
    })),
  }));
}

/** The states of a match after the set-up and after each decision, by the game alone, with each step's events. */
function replayStates(spec: ResolvedSpec, variant: number, match: number): { states: unknown[]; events: GameEvent[][]; seenBy1: (string | null)[] } {
  const { game, players } = spec;
  const seats = rotations(spec.lineup)[match % players];
  const actions: number[] = [];
  // What seat 1 sees of each decision: the game's actionSeen, the whole line when it saw all of it (in the
  // game's words: the action's code is not shown to a person).
  const seenBy1: (string | null)[] = [];
  playMatch(game, spec.variants[variant].options, seats, matchSeed(spec.seed, match), {
    onAction: (state, p, a) => {
      actions.push(a);
      const full = game.view.actionText(state, a);
      const seen = p === 1 || !game.view.actionSeen ? full : game.view.actionSeen(state, a, 1);
      seenBy1.push(seen === null ? null : `${actions.length}. seat ${p} (${seats[p].name}): ${seen}`);
    },
  });
  const rng = matchRngs(matchSeed(spec.seed, match), players).game;
  const events: GameEvent[][] = [[]];
  const state = game.setup(spec.variants[variant].options, players, rng, undefined, events[0]);
  const states = [game.clone(state)];
  for (const a of actions) {
    events.push([]);
    game.apply(state, a, rng, events[events.length - 1]);
    states.push(game.clone(state));
  }
  return { states, events, seenBy1 };
}

interface Case {
  name: string;
  spec: string;
  variant: string;
  match: number;
  /** Checks the shown whole table against the game's raw state (not through tableView). */
  rawCheck(shown: { zones: ShownZone[] }, state: unknown): void;
  screenshot?: string;
}

const peekCase: Case = {
  name: 'peek (fixture)',
  spec: join(FIXTURES, 'peek-3p.json'),
  variant: 'long',
  match: 4,
  rawCheck(shown, raw) {
    const s = raw as { deck: number[]; pile: number[]; hands: number[][] };
    const zone = (id: string) => shown.zones.find((z) => z.id === id)!;
    expect(zone('deck').hidden).toBe(s.deck.length);
    expect(zone('pile').cards).toEqual(s.pile.map(String));
    s.hands.forEach((h, p) => expect(zone(`hand-${p}`).cards).toEqual(h.map(String)));
  },
};

const stramatCase: Case = {
  name: 'Stramat (stramat-dado, one Dado fewer)',
  spec: join(ROOT, 'tournaments', 'stramat-dado.json'),
  variant: 'one-dado-fewer',
  match: 3,
  rawCheck(shown, raw) {
    const s = raw as { n: number; hands: number[]; handSize: number[]; deckSize: number; discardSize: number };
    const types = s.hands.length / s.n;
    const zone = (id: string) => shown.zones.find((z) => z.id === id)!;
    expect(zone('deck').value).toBe(s.deckSize);
    expect(zone('discard').cards.length).toBe(s.discardSize);
    for (let p = 0; p < s.n; p++) {
      const cards = zone(`hand-${p}`).cards;
      expect(cards.length).toBe(s.handSize[p]);
      for (let t = 0; t < types; t++) expect(cards.filter((c) => c === cardName(t)).length, `seat ${p}, ${cardName(t)}`).toBe(s.hands[p * types + t]);
    }
  },
  screenshot: screenshotPath('viewer.png'),
};

describe.skipIf(!browserAvailable())('match viewer in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const c of [peekCase, stramatCase]) {
    it(`${c.name}: every step forward and back shows the game's table; a seat's view shows that seat's`, async () => {
      const spec = await loadSpec(c.spec);
      const game: AnyGame = spec.game;
      const variant = spec.variants.findIndex((v) => v.name === c.variant);
      const dir = join(tempDir('tavolo-browser-viewer-'), 'run');
      expect(tavolo(['run', c.spec, '--threads', '1', '--matches', String(c.match + 1), '--out', dir]).code).toBe(0);
      // Beside the result folder: its own files belong to the run (show refuses to write among them).
      const file = join(dir, '..', 'viewer.html');
      const r = tavolo(['show', dir, '--variant', c.variant, '--match', String(c.match), '--out', file]);
      expect(r.code, r.stderr).toBe(0);

      const { states, events, seenBy1 } = replayStates(spec, variant, c.match);
      const { page, problems } = await openPage(browser, file);
      const check = async (k: number, seat = -1) => {
        expect(await page.evaluate(() => Number(document.body.dataset.step))).toBe(k);
        const shown = await shownTable(page);
        const view = seat < 0 ? game.view.tableView(states[k]) : game.view.observedView(game.observe(states[k], seat), seat);
        expect(shown, `step ${k}, seat ${seat}`).toEqual(expectedZones(view));
        if (seat < 0) c.rawCheck(shown, states[k]);
      };

      await check(0);
      for (let k = 1; k < states.length; k++) {
        await page.keyboard.press('ArrowRight');
        await check(k);
      }
      await page.keyboard.press('ArrowRight'); // past the end: stays on the last step
      await check(states.length - 1);
      expect(await page.isDisabled('#forward')).toBe(true);
      for (let k = states.length - 2; k >= states.length - 5; k--) {
        await page.click('#back');
        await check(k);
      }
      await page.keyboard.press('ArrowLeft');
      await check(states.length - 6);
      const middle = Math.floor(states.length / 2);
      await page.fill('#jump-to', String(middle));
      await page.click('#jump button');
      await check(middle);

      // Seat 1's view: its observation only, and its own secrets in the log, others' as public text.
      await page.selectOption('#perspective', '1');
      await check(middle, 1);
      await page.click('#forward');
      await check(middle + 1, 1);
      // The log seen from seat 1: the secret version of an event only where seat 1 is among its seats.
      const log = await page.$$eval('#log li.event', (lis) => lis.map((li) => li.textContent ?? ''));
      const seen = events.slice(0, middle + 2).flat().map((e) => (e.secret?.seats.includes(1) ? e.secret.text : e.text));
      expect(log).toEqual(seen);
      expect(events.flat().some((e) => e.secret && !e.secret.seats.includes(1))).toBe(true);
      const decisions = await page.$$eval('#log .decision', (ds) => ds.map((d) => d.textContent ?? ''));
      expect(decisions).toEqual(['Set-up', ...seenBy1.slice(0, middle + 1).filter((d) => d !== null)]);
      if (c.screenshot) await page.screenshot({ path: c.screenshot });
      await page.click('#first');
      await check(0, 1);
      expect(await page.isDisabled('#back')).toBe(true);
      expect(problems).toEqual([]);
      await page.close();
    });
  }
});
