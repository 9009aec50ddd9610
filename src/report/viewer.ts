import { mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { escapeHtml, htmlTable, page, scriptJson } from './page.js';
import type { TableView } from '../engine/game.js';
import { recordMatch, type Recording, type ReplaySpec, type ViewerStep } from './replay.js';
import { decisionText, eventText, logHtml, renderTable, startViewer } from './viewer-client.js';
import { writeFileAtomic } from '../io/atomic-write.js';

/**
 * The match viewer: one self-contained page that replays a match step by step (`tavolo show`,
 * `tavolo play --html`). Every game is drawn by the same renderer from its TableView.
 */

export const VIEWER_CSS = `
.controls { display: flex; gap: 0.4rem; align-items: center; flex-wrap: wrap; margin: 0.75rem 0; position: sticky; top: 0; background: #fff; padding: 0.4rem 0; border-bottom: 1px solid #ddd; z-index: 1; }
.controls button { font-size: 1rem; padding: 0.2rem 0.7rem; }
#position { font-weight: 600; min-width: 14rem; }
#jump { display: inline-flex; gap: 0.3rem; align-items: center; }
#jump-to { width: 5rem; }
.layout { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 1rem; }
.view-header { list-style: none; padding: 0; margin: 0 0 0.5rem; font-weight: 600; }
.owner { border: 1px solid #ccc; border-radius: 6px; padding: 0.3rem 0.6rem; margin-bottom: 0.5rem; }
.owner h3 { font-size: 0.95rem; margin: 0 0 0.2rem; }
.zone { display: inline-block; vertical-align: top; margin: 0 1rem 0.3rem 0; }
.zone h4 { font-size: 0.75rem; font-weight: 500; color: #555; margin: 0; }
.card { display: inline-block; border: 1px solid #888; border-radius: 4px; padding: 0.1rem 0.35rem; margin: 0.1rem; background: #fffbe8; font-size: 0.85rem; }
.card.back { background: #2b4c7e; color: #fff; border-color: #2b4c7e; }
.card.face { min-width: 1.6rem; min-height: 2.3rem; text-align: center; font-weight: 700; vertical-align: middle; line-height: 2.3rem; padding: 0 0.3rem; border-radius: 5px; box-shadow: 0 1px 2px rgba(0,0,0,0.3); }
.card.coloured { color: #fff; }
.owner.mine { border: 2px solid #2b4c7e; background: #f3f7fc; }
.legend { font-size: 0.8rem; color: #333; margin-top: 0.4rem; }
.legend ul { margin: 0.2rem 0; padding-left: 1.2rem; }
.count { font-size: 1.2rem; font-weight: 600; }
.empty { color: #999; font-size: 0.8rem; }
table.grid td { width: 1.8rem; height: 1.8rem; text-align: center; padding: 0; }
table.grid td.hole { border: none; }
table.grid td.mark-done { background: #e3f1e3; }
#log { max-height: 70vh; overflow-y: auto; font-size: 0.85rem; margin: 0; padding-left: 0; list-style: none; }
#log li.step { margin-bottom: 0.2rem; }
#log li.current > .decision { background: #ffe9a8; }
#log ul { margin: 0; padding-left: 1rem; color: #444; list-style: circle; }
`;

function body(rec: Recording): string {
  const facts: [string, string][] = [
    ['Match', `${rec.match} of master seed ${JSON.stringify(rec.masterSeed)} (match seed ${JSON.stringify(rec.matchSeed)})`],
    ['Variant', `${rec.variant}${rec.changedOptions.length ? ` (${rec.changedOptions.join(' ')})` : ''}`],
    ['Seats', rec.seats.map((b, s) => `${s} ${b}`).join(', ')],
    ['Outcome', rec.outcome],
  ];
  const seatOptions = rec.seats.map((b, s) => `<option value="${s}">Seat ${s} (${escapeHtml(b)}) sees</option>`).join('');
  const last = rec.steps.length - 1;
  return (
    `<h1>${escapeHtml(rec.gameTitle)}: match ${rec.match}, variant ${escapeHtml(rec.variant)}</h1>\n${htmlTable(['Replay', ''], facts)}\n` +
    (rec.described ? '' : '<p class="note">This game has no tableView: the table is its text description.</p>\n') +
    `<div class="controls" role="toolbar" aria-label="Replay controls">` +
    `<button id="first" title="First step (Home)" aria-label="First step">« First</button>` +
    `<button id="back" title="Step back (←)" aria-label="Step back">‹ Back</button>` +
    `<button id="forward" title="Step forward (→)" aria-label="Step forward">Forward ›</button>` +
    `<button id="last" title="Last step (End)" aria-label="Last step">Last »</button>` +
    `<span id="position" aria-live="polite"></span>` +
    `<form id="jump"><label for="jump-to">Go to decision</label><input id="jump-to" type="number" min="0" max="${last}" value="0"><button type="submit">Go</button></form>` +
    `<label for="perspective">View</label><select id="perspective"><option value="-1">Whole table</option>${seatOptions}</select>` +
    `</div>\n<div class="layout"><main id="table" aria-label="Table"></main>` +
    `<aside><h2>Decisions and events</h2><ul id="log"></ul></aside></div>`
  );
}

/** A TableView whose zones are indices into the page's pool of distinct zones. */
export interface PackedView {
  header: string[];
  zones: number[];
}

/** A recording whose views name their zones by index into one pool (packRecording): what the page carries. */
export interface PackedRecording {
  rec: Omit<Recording, 'steps'> & { steps: Array<Omit<ViewerStep, 'full' | 'seats'> & { full: PackedView; seats: PackedView[] }> };
  zones: TableView['zones'];
}

/**
 * The recording with every distinct zone stored once: most zones (a hand nobody touched, the public
 * piles every seat sees) repeat from step to step and from view to view, so this keeps pages small.
 */
export function packRecording(rec: Recording): PackedRecording {
  const pool: TableView['zones'] = [];
  const index = new Map<string, number>();
  const pack = (v: TableView): PackedView => ({
    header: v.header,
    zones: v.zones.map((z) => {
      const key = JSON.stringify(z);
      let i = index.get(key);
      if (i === undefined) index.set(key, (i = pool.push(z) - 1));
      return i;
    }),
  });
  const steps = rec.steps.map((s) => ({ decision: s.decision, events: s.events, full: pack(s.full), seats: s.seats.map(pack) }));
  return { rec: { ...rec, steps }, zones: pool };
}

/** The inverse of packRecording, run in the page. */
export function unpackRecording(packed: PackedRecording): Recording {
  const view = (v: PackedView) => ({ header: v.header, zones: v.zones.map((i) => packed.zones[i]) });
  for (const s of packed.rec.steps as unknown as ViewerStep[]) {
    const p = s as unknown as { full: PackedView; seats: PackedView[] };
    s.full = view(p.full);
    s.seats = p.seats.map(view);
  }
  return packed.rec as unknown as Recording;
}

export function buildViewer(rec: Recording): string {
  const scripts = [
    `const TAVOLO_MATCH = (${unpackRecording.toString()})(${scriptJson(packRecording(rec))});`,
    `${renderTable.toString()}\n${eventText.toString()}\n${decisionText.toString()}\n${logHtml.toString()}`,
    `(${startViewer.toString()})(TAVOLO_MATCH, document, renderTable, eventText, decisionText, logHtml);`,
  ];
  return page(`${rec.gameTitle}: match ${rec.match} (${rec.variant})`, VIEWER_CSS, body(rec), scripts);
}

/** Replays match `match` of the variant and writes its viewer page to `file`; returns the page's size. */
export function writeViewer(spec: ReplaySpec, variantIndex: number, match: number, file: string): { file: string; bytes: number; steps: number; result: Recording['result'] } {
  const rec = recordMatch(spec, variantIndex, match);
  mkdirSync(dirname(file), { recursive: true });
  writeFileAtomic(file, buildViewer(rec));
  return { file, bytes: statSync(file).size, steps: rec.steps.length, result: rec.result };
}
