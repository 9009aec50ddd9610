import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TableView } from '../../src/engine/game.js';
import { matchRngs } from '../../src/engine/match.js';
import { recordMatch } from '../../src/report/replay.js';
import { buildViewer, packRecording, unpackRecording } from '../../src/report/viewer.js';
import { decisionText, eventText, logHtml, renderTable } from '../../src/report/viewer-client.js';
import { matchSeed } from '../../src/engine/plan.js';
import { loadSpec } from '../../src/runner/spec.js';
import { FIXTURES, tavolo, tempDir } from '../fixtures/cli.js';

const spec = await loadSpec(join(FIXTURES, 'peek-3p.json'));
const game = spec.game;

describe('recordMatch', () => {
  it('has the table after the set-up and after every decision, equal to the game replayed by hand', () => {
    const rec = recordMatch(spec, 1, 4);
    expect(rec.steps.length).toBe(6 * 3 + 1);
    // Replay the same match with the game alone, from its decision codes.
    const rng = matchRngs(matchSeed(spec.seed, 4), 3).game;
    const state = game.setup(spec.variants[1].options, 3, rng);
    expect(rec.steps[0].full).toEqual(game.view.tableView(state));
    const legal = new Int32Array(game.maxActions);
    for (let k = 1; k < rec.steps.length; k++) {
      const d = rec.steps[k].decision!;
      const n = game.legalActions(state, legal);
      const action = [...legal.subarray(0, n)].find((a) => game.actionCode(a) === d.code)!;
      expect(game.currentPlayer(state)).toBe(d.seat);
      game.apply(state, action, rng);
      expect(rec.steps[k].full).toEqual(game.view.tableView(state));
      for (let p = 0; p < 3; p++) expect(rec.steps[k].seats[p]).toEqual(game.view.observedView(game.observe(state, p), p));
    }
    expect(game.currentPlayer(state)).toBe(-1);
  });

  it('keeps each step\'s events, with the secret versions for the seats they name', () => {
    const rec = recordMatch(spec, 0, 2);
    expect(rec.steps[0].events.map((e) => e.kind)).toEqual(['deal', 'deal', 'deal']);
    expect(rec.steps.at(-1)!.events.at(-1)!.kind).toBe('match_end');
    for (const s of rec.steps.slice(1)) expect(s.events.length).toBeGreaterThan(0);
    const deal = rec.steps[0].events[1];
    expect(eventText(deal, 1)).toMatch(/^seat 1 is dealt \d+, \d+$/);
    expect(eventText(deal, 0)).toBe('seat 1 is dealt 2 cards');
    expect(eventText(deal, -1)).toBe(deal.secret!.text);
  });

  it('shows a decision to each seat as the game says that seat saw it', () => {
    const d = { number: 3, seat: 2, bot: 'random', text: 'seat 2 gives Colpo to seat 1', code: 'G4', seen: ['gives a card to seat 1', 'seat 2 gives Colpo to seat 1', 'seat 2 gives Colpo to seat 1', null] };
    // No action code in a page (a person reads the game's words); the text's own subject is not repeated.
    expect(decisionText(d, -1)).toBe('3. seat 2 (random): gives Colpo to seat 1');
    expect(decisionText(d, 2)).toBe('3. seat 2 (random): gives Colpo to seat 1');
    expect(decisionText(d, 0)).toBe('3. seat 2 (random): gives a card to seat 1');
    expect(decisionText(d, 3)).toBeNull();
    // peek: the others see that a card was drawn, not which.
    const rec = recordMatch(spec, 0, 2);
    for (const s of rec.steps.slice(1)) {
      const d = s.decision!;
      const others = d.code === 'D' ? 'draws a card' : d.text;
      expect(d.seen).toEqual([0, 1, 2].map((p) => (p === d.seat ? d.text : others)));
    }
    expect(rec.steps.some((s) => s.decision?.code === 'D')).toBe(true);
  });
});

describe('logHtml', () => {
  it('lists the steps up to the current one as the perspective saw them, escaped, the current one marked', () => {
    const rec = recordMatch(spec, 0, 2);
    const deal = rec.steps[0].events[1];
    const table = logHtml(rec, 2, -1, eventText, decisionText);
    expect(table.match(/<li class="step/g)).toHaveLength(3);
    expect(table).toContain('<li class="step current" data-step="2">');
    expect(table).toContain(`<span class="decision">${decisionText(rec.steps[1].decision!, -1)}</span>`);
    expect(table).toContain(deal.secret!.text);
    // Seat 0 sees seat 1's deal as a count only, and seat 1's draws without the card.
    const seat0 = logHtml(rec, rec.steps.length - 1, 0, eventText, decisionText);
    expect(seat0).toContain('seat 1 is dealt 2 cards');
    expect(seat0).not.toContain(deal.secret!.text);
    const drawn = rec.steps.find((s) => s.decision?.code === 'D' && s.decision.seat !== 0)!.decision!;
    expect(seat0).toContain(`${drawn.number}. seat ${drawn.seat} (${drawn.bot}): draws a card<`);
    expect(seat0).not.toContain(`${drawn.number}. seat ${drawn.seat} (${drawn.bot}): ${drawn.text}`);
  });

  it('leaves out a step the seat could not tell happened, and escapes what it shows', () => {
    const rec = recordMatch(spec, 0, 2);
    const hidden = { ...rec.steps[1], events: [], decision: { ...rec.steps[1].decision!, seen: rec.steps[1].decision!.seen.map((t, p) => (p === 2 ? null : t)) } };
    const odd = { ...rec.steps[2], events: [{ kind: 'note', seat: -1, text: 'a <b> & c' }] };
    const shown = { ...rec, steps: [rec.steps[0], hidden, odd] };
    const seat2 = logHtml(shown, 2, 2, eventText, decisionText);
    expect(seat2).not.toContain('data-step="1"');
    expect(seat2).toContain('data-step="2"');
    expect(seat2).toContain('a &lt;b&gt; &amp; c');
    expect(logHtml(shown, 2, 0, eventText, decisionText)).toContain('data-step="1"');
  });
});

describe('renderTable', () => {
  const view: TableView = {
    header: ['Round 2', 'Seat 1 <to play>'],
    zones: [
      { kind: 'cards', id: 'deck', label: 'Deck', owner: -1, cards: [], hidden: 12 },
      { kind: 'cards', id: 'hand-0', label: 'Hand', owner: 0, cards: ['A&B', '7'] },
      { kind: 'count', id: 'points-1', label: 'Points', owner: 1, value: 42 },
      { kind: 'grid', id: 'board', label: 'Board', owner: -1, rows: 2, cols: 2, cells: ['x', '', null, 'o'], marks: ['start', null, null, 'double'] },
    ],
  };
  const html = renderTable(view);

  it('draws every kind of zone, grouped by owner, escaping labels', () => {
    expect(html).toContain('<li>Seat 1 &lt;to play&gt;</li>');
    expect(html).toContain('<span class="card back" data-hidden="12">12 face down</span>');
    expect(html).toContain('<span class="card">A&amp;B</span><span class="card">7</span>');
    expect(html).toContain('<span class="count" data-value="42">42</span>');
    expect(html).toContain('<tr><td class="cell mark-start">x</td><td class="cell"></td></tr><tr><td class="hole"></td><td class="cell mark-double">o</td></tr>');
    const owners = [...html.matchAll(/<div class="owner" data-owner="(-?\d+)"><h3>([^<]+)<\/h3>/g)].map((m) => [m[1], m[2]]);
    expect(owners).toEqual([
      ['-1', 'Table'],
      ['0', 'Seat 0'],
      ['1', 'Seat 1'],
    ]);
  });

  it('never shows a seat another seat\'s hand (peek: only counts of face-down cards)', () => {
    const rec = recordMatch(spec, 0, 5);
    for (const step of rec.steps) {
      for (let p = 0; p < 3; p++) {
        for (const z of step.seats[p].zones) {
          if (z.kind === 'cards' && z.id.startsWith('hand-') && z.owner !== p) expect(z.cards).toEqual([]);
        }
      }
    }
  });
});

describe('viewer page', () => {
  it('is self-contained and carries the recording, each distinct zone once', () => {
    const rec = recordMatch(spec, 0, 1);
    const html = buildViewer(rec);
    expect(html).not.toMatch(/<script[^>]+src=|<link[\s>]/i);
    const packed = packRecording(rec);
    expect(html).toContain(JSON.stringify(packed));
    const distinct = new Set(rec.steps.flatMap((s) => [s.full, ...s.seats]).flatMap((v) => v.zones.map((z) => JSON.stringify(z))));
    expect(packed.zones.length).toBe(distinct.size);
    expect(unpackRecording(JSON.parse(JSON.stringify(packed)) as typeof packed)).toEqual(rec);
  });

  it('tavolo show writes the page of a finished run\'s match, and refuses a match it did not play', () => {
    const dir = join(tempDir('tavolo-show-'), 'peek');
    expect(tavolo(['run', join(FIXTURES, 'peek-3p.json'), '--threads', '1', '--matches', '5', '--out', dir]).code).toBe(0);
    const ok = tavolo(['show', dir, '--variant', 'long', '--match', '4']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/Wrote .*matches\/long-4\.html \(\d+ kB, 18 decisions\): match 4 of variant long/);
    expect(ok.stderr).toBe('');
    // A replay that no longer ends as the run recorded (here: matches.csv edited) is flagged.
    const csv = join(dir, 'matches.csv');
    const lines = readFileSync(csv, 'utf8').split('\n');
    const at = lines.findIndex((l) => l.startsWith('long,4,'));
    const cells = lines[at].split(',');
    const turns = lines[0].split(',').indexOf('turns');
    cells[turns] = String(Number(cells[turns]) + 1);
    lines[at] = cells.join(',');
    writeFileSync(csv, lines.join('\n'));
    // The manifest refuses the edited file first; read as accepted edits, the replay is compared with it.
    const refused = tavolo(['show', dir, '--variant', 'long', '--match', '4']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/was changed after tavolo wrote it: matches\.csv/);
    const changed = tavolo(['show', dir, '--variant', 'long', '--match', '4', '--accept-edits']);
    expect(changed.code).toBe(0);
    expect(changed.stderr).toMatch(/warning: this replay ended differently from matches\.csv \(winners \d, 18 turns, rounds_done against \d, 19 turns/);
    // A matches.csv the checked reader refuses (a row cut short) is said, by name; the page is still written.
    lines[at] = cells.slice(0, 3).join(',');
    writeFileSync(csv, lines.join('\n'));
    const damaged = tavolo(['show', dir, '--variant', 'long', '--match', '4', '--accept-edits']);
    expect(damaged.code, damaged.stderr).toBe(0);
    expect(damaged.stderr).toMatch(/warning: the replay is not compared with matches\.csv: .*matches\.csv/);
    expect(damaged.stderr).not.toContain('ended differently');
    // The folder's matches.csv is edited by now: the flag's own checks come after the manifest's.
    const bad = tavolo(['show', dir, '--match', '5', '--accept-edits']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--match: this run has matches 0 to 4/);
    const noVariant = tavolo(['show', dir, '--variant', 'short', '--accept-edits']);
    expect(noVariant.stderr).toMatch(/--variant: unknown variant "short"; this run's variants are: base, long/);
  });
});
