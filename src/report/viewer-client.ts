/**
 * The match viewer's browser code: one generic renderer that draws any game's TableView, and the page's
 * controls. Both are plain functions with no imports, put into the page as their source text (like the
 * report's charts-client.ts), so they are type-checked here and the renderer is tested in node too.
 */
import type { GameEvent, GameWords, TableView } from '../engine/game.js';
import type { Recording, ViewerStep } from './replay.js';

/** How the renderer draws: the game's words (card faces, legend) and the seats addressed as "you". */
export interface DrawOptions {
  words?: GameWords | null;
  you?: number[];
}

/**
 * Draws a TableView as HTML: the header lines, then the zones of the seats addressed as "you" (set apart), the
 * shared zones, each other seat's zones, then the game's legend. A card the game gives a face for is drawn
 * as that card (its colour, the short face printed on it, its name for screen readers and on hover).
 */
export function renderTable(view: TableView, opts: DrawOptions = {}): string {
  const esc = (s: string) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const faces = opts.words?.cards ?? {};
  const you = opts.you ?? [];
  const card = (c: string): string => {
    const f = Object.prototype.hasOwnProperty.call(faces, c) ? faces[c] : undefined;
    if (!f) return `<span class="card">${esc(c)}</span>`;
    const style = f.colour ? ` style="background:${esc(f.colour)};border-color:${esc(f.colour)}"` : '';
    return `<span class="card face${f.colour ? ' coloured' : ''}" role="img" aria-label="${esc(f.name)}" title="${esc(f.name)}"${style}>${esc(f.face)}</span>`;
  };
  const zone = (z: TableView['zones'][number]): string => {
    const head = `<section class="zone zone-${z.kind}" data-zone="${esc(z.id)}" data-owner="${z.owner}"><h4>${esc(z.label)}</h4>`;
    if (z.kind === 'cards') {
      const cards = z.cards.map(card).join('');
      const hidden = z.hidden ? `<span class="card back" data-hidden="${z.hidden}">${z.hidden} face down</span>` : '';
      const empty = z.cards.length === 0 && !z.hidden ? '<span class="empty">empty</span>' : '';
      return `${head}<div class="cards">${cards}${hidden}${empty}</div></section>`;
    }
    if (z.kind === 'count') return `${head}<span class="count" data-value="${z.value}">${z.value}</span></section>`;
    let rows = '';
    for (let r = 0; r < z.rows; r++) {
      let cells = '';
      for (let c = 0; c < z.cols; c++) {
        const cell = z.cells[r * z.cols + c];
        const mark = z.marks?.[r * z.cols + c];
        cells += cell === null ? '<td class="hole"></td>' : `<td class="cell${mark ? ` mark-${esc(mark)}` : ''}">${esc(cell)}</td>`;
      }
      rows += `<tr>${cells}</tr>`;
    }
    return `${head}<table class="grid">${rows}</table></section>`;
  };
  // Your own seat first (set apart), then the shared table, then the others' seats.
  const rank = (o: number) => (you.includes(o) ? 0 : o < 0 ? 1 : 2);
  const owners = [...new Set(view.zones.map((z) => z.owner))].sort((a, b) => rank(a) - rank(b) || a - b);
  const groups = owners.map((o) => {
    const zones = view.zones.filter((z) => z.owner === o).map(zone).join('');
    const mine = you.includes(o);
    const title = o < 0 ? 'Table' : mine ? `You (seat ${o})` : `Seat ${o}`;
    return `<div class="owner${mine ? ' mine' : ''}" data-owner="${o}"><h3>${title}</h3>${zones}</div>`;
  });
  const legend = opts.words?.legend?.length ? `<details class="legend" open><summary>Legend</summary><ul>${opts.words.legend.map((l) => `<li>${esc(l)}</li>`).join('')}</ul></details>` : '';
  return `<div class="table-view"><ul class="view-header">${view.header.map((h) => `<li>${esc(h)}</li>`).join('')}</ul><div class="zones">${groups.join('')}</div>${legend}</div>`;
}

/** What a perspective sees of an event: the secret version for the seats it names and for the whole table. */
export function eventText(e: GameEvent, perspective: number): string {
  if (!e.secret) return e.text;
  return perspective < 0 || e.secret.seats.includes(perspective) ? e.secret.text : e.text;
}

/**
 * A decision's line in the log: from a seat, what that seat saw of it (the game's actionSeen), with the
 * text's own "seat N" subject left out (the line names the seat); null when the seat could not tell it was taken.
 */
export function decisionText(d: NonNullable<ViewerStep['decision']>, perspective: number): string | null {
  const text = perspective < 0 ? d.text : d.seen[perspective];
  if (text === null) return null;
  return `${d.number}. seat ${d.seat} (${d.bot}): ${text.startsWith(`seat ${d.seat} `) ? text.slice(`seat ${d.seat} `.length) : text}`;
}

/**
 * The log of the match up to step `upTo` (the current step marked), as list items: each decision as the
 * perspective saw it (none it could not tell was taken) with the events it saw under it.
 */
export function logHtml(
  rec: Recording,
  upTo: number,
  perspective: number,
  eventLine: typeof eventText,
  decisionLine: typeof decisionText,
): string {
  const esc = (s: string) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  let html = '';
  for (let k = 0; k <= upTo; k++) {
    const s = rec.steps[k];
    const head = s.decision ? decisionLine(s.decision, perspective) : 'Set-up';
    const events = s.events.map((e) => `<li class="event" data-kind="${esc(e.kind)}">${esc(eventLine(e, perspective))}</li>`).join('');
    if (head === null && !events) continue;
    const line = head === null ? '' : `<span class="decision">${esc(head)}</span>`;
    html += `<li class="step${k === upTo ? ' current' : ''}" data-step="${k}">${line}${events ? `<ul>${events}</ul>` : ''}</li>`;
  }
  return html;
}

/** The controls: step with buttons or arrow keys, jump to a decision, switch between the table and a seat. */
export function startViewer(
  rec: Recording,
  doc: Document,
  draw: typeof renderTable,
  eventLine: typeof eventText,
  decisionLine: typeof decisionText,
  log: typeof logHtml,
): void {
  const last = rec.steps.length - 1;
  let step = 0;
  let perspective = -1;
  const $ = <T extends HTMLElement>(id: string) => doc.getElementById(id) as T;

  function show(): void {
    const s = rec.steps[step];
    const view = perspective < 0 ? s.full : s.seats[perspective];
    $('table').innerHTML = draw(view, { words: rec.words });
    $<HTMLInputElement>('jump-to').value = String(step);
    $('position').textContent = `Step ${step} of ${last}${s.decision ? ` (decision ${s.decision.number})` : ' (set-up)'}`;
    const logList = $('log');
    logList.innerHTML = log(rec, step, perspective, eventLine, decisionLine);
    logList.scrollTop = logList.scrollHeight;
    $<HTMLButtonElement>('back').disabled = $<HTMLButtonElement>('first').disabled = step === 0;
    $<HTMLButtonElement>('forward').disabled = $<HTMLButtonElement>('last').disabled = step === last;
    doc.body.dataset.step = String(step);
    doc.body.dataset.perspective = String(perspective);
  }

  const go = (k: number) => {
    step = Math.max(0, Math.min(last, k));
    show();
  };
  $('first').addEventListener('click', () => go(0));
  $('back').addEventListener('click', () => go(step - 1));
  $('forward').addEventListener('click', () => go(step + 1));
  $('last').addEventListener('click', () => go(last));
  $('jump').addEventListener('submit', (ev) => {
    ev.preventDefault();
    go(Number($<HTMLInputElement>('jump-to').value));
  });
  $<HTMLSelectElement>('perspective').addEventListener('change', (ev) => {
    perspective = Number((ev.target as HTMLSelectElement).value);
    show();
  });
  doc.addEventListener('keydown', (ev) => {
    if ((ev.target as HTMLElement).tagName === 'INPUT' || (ev.target as HTMLElement).tagName === 'SELECT') return;
    const to = ev.key === 'ArrowRight' ? step + 1 : ev.key === 'ArrowLeft' ? step - 1 : ev.key === 'Home' ? 0 : ev.key === 'End' ? last : null;
    if (to === null) return;
    ev.preventDefault();
    go(to);
  });
  show();
  doc.body.dataset.ready = 'viewer';
}
