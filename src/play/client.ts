/**
 * The browser code of the human seat's page (`tavolo play --human`). Like the viewer's (viewer-client.ts),
 * these are plain functions with no imports, put into the page as their source text (HUMAN_PAGE_CODE
 * lists them), and the table is drawn by the viewer's own renderer. The page listens to the server's event
 * stream (Server-Sent Events) for its seat(s) and sends a chosen action with fetch; the server decides
 * whether it is taken.
 */
import type { GameWords, TableView } from '../engine/game.js';
import type { DrawOptions } from '../report/viewer-client.js';
import type { SeatMessage } from './seat-view.js';

/** What the server puts into the page: the seats its token plays, and whether they share the tab. */
export interface PageConfig {
  seats: number[];
  hotSeat: boolean;
  token: string;
}

type SeatAsk = Extract<SeatMessage, { type: 'ask' }>;
type Incoming = SeatMessage | { type: 'reset' };

/**
 * What the page holds of one seat: its log (as HTML items), its table, the question it is asked, the end,
 * the latest new round or game announced, and the game's words and usual length (from the start).
 */
export interface SeatState {
  log: string[];
  view: TableView | null;
  ask: SeatAsk | null;
  end: string | null;
  news: string | null;
  words: GameWords | null;
  length: string | null;
}

/** The latest announcement among a message's events ("Round 3: seat 1 shuffles and deals"), or the one before. */
export function latestNews(events: { kind: string; text: string }[], before: string | null): string | null {
  // The kinds announced: a new round or game, its end, the match's end.
  const announced = ['round_start', 'round_end', 'game_start', 'game_end', 'match_end'];
  let news = before;
  for (const e of events) if (announced.includes(e.kind)) news = e.text.charAt(0).toUpperCase() + e.text.slice(1);
  return news;
}

/** A line of the table's header addressed to the seat's player: "seat 0's turn" as "your turn", "seat 0 to" as "you to". */
export function addressed(line: string, seat: number): string {
  return line.replace(new RegExp(`\\bseat ${seat}'s\\b`, 'g'), 'your').replace(new RegExp(`\\bseat ${seat}\\b`, 'g'), 'you');
}

export function escapeText(s: string): string {
  return String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** One entry of the log: the decision as the seat saw it (if it saw it), the events under it. */
export function logItem(line: string | null, events: { kind: string; text: string }[]): string {
  const evs = events.map((e) => `<li class="event" data-kind="${escapeText(e.kind)}">${escapeText(e.text)}</li>`).join('');
  return `<li class="step">${line === null ? '' : `<span class="decision">${escapeText(line)}</span>`}${evs ? `<ul>${evs}</ul>` : ''}</li>`;
}

export function statusText(s: SeatState, seat: number): string {
  if (s.end !== null) return s.end;
  if (s.ask !== null) return `Your turn (you are seat ${seat}): ${s.ask.actions.length} choice${s.ask.actions.length > 1 ? 's' : ''} (keys 1-9 pick the first nine).`;
  return 'Waiting for the other players...';
}

/** What is pending, from the table's header in the game's words, addressed to the seat ("your turn · you to answer the 2+"). */
export function pendingText(s: SeatState, seat: number): string {
  if (s.end !== null || s.view === null) return '';
  return s.view.header.map((h) => addressed(h, seat)).join(' · ');
}

/** The legal actions as buttons, labelled with the decision's own words; the first nine with their key. */
export function actionButtons(ask: SeatAsk): string {
  return ask.actions
    .map((a, i) => `<button type="button" class="action" data-action="${a.action}" data-n="${ask.n}">${i < 9 ? `<kbd>${i + 1}</kbd> ` : ''}${escapeText(a.text)}</button>`)
    .join('');
}

/**
 * Takes a message into its seat's state; returns the log item it adds ('' for none). In hot seat, the
 * caller turns to the seat a question is for.
 */
export function applyMessage(s: SeatState, m: SeatMessage): string {
  if (m.type === 'start') {
    s.view = m.view;
    s.words = m.words;
    s.length = m.length;
    s.news = latestNews(m.events, null);
    return logItem('Set-up', m.events);
  }
  if (m.type === 'step') {
    if (m.view !== null) s.view = m.view;
    s.news = latestNews(m.events, s.news);
    if (s.ask !== null && s.ask.n <= m.n) s.ask = null;
    return logItem(m.line, m.events);
  }
  if (m.type === 'ask') {
    s.ask = m;
    s.view = m.view;
    return '';
  }
  s.end = `${m.outcome} ${seedText(m.seed, m.matchSeed)}`;
  return '';
}

/** The seeds, told once the match is over (before, they would give away every hidden card). */
export function seedText(seed: string, matchSeed: string): string {
  return `Master seed ${JSON.stringify(seed)} (match seed ${JSON.stringify(matchSeed)}): --seed ${seed} replays this match.`;
}

/** The tab's id: kept in sessionStorage, so a reload of the tab takes its seat back while another tab is refused. */
export function tabId(win: Window): string {
  const kept = win.sessionStorage.getItem('tavolo-tab');
  if (kept !== null) return kept;
  const bytes = new Uint8Array(12);
  win.crypto.getRandomValues(bytes);
  const id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  win.sessionStorage.setItem('tavolo-tab', id);
  return id;
}

/** Sends a chosen action; resolves with the server's refusal, or null when it was taken. */
export async function sendChoice(win: Window, body: Record<string, unknown>): Promise<string | null> {
  try {
    const res = await win.fetch('/act', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const answer = (await res.json()) as { error?: string };
    return res.ok ? null : (answer.error ?? `refused (${res.status})`);
  } catch {
    return 'The server did not answer: the choice was not taken. It is asked again when the server is back.';
  }
}

/** What the page's functions share: the config, the document, each seat's state and what is on screen. */
interface HumanPage {
  config: PageConfig;
  doc: Document;
  win: Window;
  draw: (v: TableView, opts: DrawOptions) => string;
  state: Map<number, SeatState>;
  /** `sending`: the question (its n) whose answer is on its way, -1 when none. */
  ui: { shown: number; curtain: boolean; sending: number; title: string };
  tab: string;
  source: EventSource | null;
}

function el(p: HumanPage, id: string): HTMLElement {
  return p.doc.getElementById(id) as HTMLElement;
}

function pageButtons(p: HumanPage): HTMLButtonElement[] {
  return Array.from(el(p, 'actions').querySelectorAll('button'));
}

function freshSeat(): SeatState {
  return { log: [], view: null, ask: null, end: null, news: null, words: null, length: null };
}

/** Draws the shown seat (the curtain instead in a hot seat between seats); `full` redraws the log too. */
function renderPage(p: HumanPage, full: boolean): void {
  const { ui, config, doc } = p;
  const s = p.state.get(ui.shown) as SeatState;
  el(p, 'curtain').hidden = !ui.curtain;
  el(p, 'play').hidden = ui.curtain;
  if (ui.curtain) el(p, 'curtain-text').textContent = `Seat ${ui.shown} to play. Pass the screen: only seat ${ui.shown} should look. Press Enter or the button to show the table.`;
  el(p, 'seat-name').textContent = `${ui.title} · you are seat ${ui.shown}${config.hotSeat ? ` (hot seat: seats ${config.seats.join(', ')} in turn)` : ''}`;
  el(p, 'status').textContent = ui.curtain ? `Seat ${ui.shown} is asked.` : statusText(s, ui.shown);
  el(p, 'pending').textContent = ui.curtain ? '' : pendingText(s, ui.shown);
  el(p, 'news').textContent = ui.curtain || s.news === null ? '' : s.news;
  el(p, 'length').textContent = s.length ?? '';
  el(p, 'banner').className = s.ask !== null && !ui.curtain ? 'yours' : s.end !== null ? 'over' : '';
  if (!ui.curtain) el(p, 'table').innerHTML = s.view ? p.draw(s.view, { words: s.words, you: [ui.shown] }) : '<p class="empty">The table appears with the first move.</p>';
  if (full) {
    el(p, 'log').innerHTML = s.log.join('');
    el(p, 'log').scrollTop = el(p, 'log').scrollHeight;
  }
  el(p, 'actions').innerHTML = s.ask !== null && !ui.curtain ? actionButtons(s.ask) : '';
  pageButtons(p)[0]?.focus();
  doc.body.dataset.seat = String(ui.shown);
  doc.body.dataset.asking = s.ask !== null && !ui.curtain ? String(s.ask.n) : '';
  doc.body.dataset.ended = s.end !== null ? 'yes' : '';
  doc.body.dataset.curtain = ui.curtain ? 'yes' : '';
}

/** One message of the stream: a reset, or news for one seat. */
function receiveMessage(p: HumanPage, m: Incoming): void {
  const { ui, config } = p;
  if (m.type === 'reset') {
    for (const seat of config.seats) p.state.set(seat, freshSeat());
    return renderPage(p, true);
  }
  const s = p.state.get(m.seat);
  if (s === undefined) return;
  if (m.type === 'start') ui.title = m.title;
  const item = applyMessage(s, m);
  if (item) s.log.push(item);
  // Hot seat: a question for another seat turns the tab to it, behind the curtain; the end lifts it.
  if (config.hotSeat && m.type === 'ask' && m.seat !== ui.shown) [ui.shown, ui.curtain] = [m.seat, true];
  if (config.hotSeat && m.type === 'end') ui.curtain = false;
  if (item && m.seat === ui.shown) {
    el(p, 'log').insertAdjacentHTML('beforeend', item);
    el(p, 'log').scrollTop = el(p, 'log').scrollHeight;
  }
  renderPage(p, !item);
}

/** Sends the chosen button's action; a refusal is shown and the buttons come back. */
async function chooseAction(p: HumanPage, button: HTMLButtonElement): Promise<void> {
  const { ui, config } = p;
  const n = Number(button.dataset.n);
  // One answer per question. The next question can arrive over the stream before this answer's reply
  // does: it is answerable at once (a press for it must not be dropped while the last reply is pending).
  if (ui.sending === n || p.state.get(ui.shown)?.ask == null) return;
  ui.sending = n;
  el(p, 'error').textContent = '';
  for (const b of pageButtons(p)) b.disabled = true;
  const refused = await sendChoice(p.win, { token: config.token, tab: p.tab, seat: ui.shown, n, action: Number(button.dataset.action) });
  if (ui.sending === n) ui.sending = -1;
  if (refused === null) return;
  // A refusal of a question the page has already moved past says nothing about the one on screen.
  if (p.state.get(ui.shown)?.ask?.n !== n) return;
  el(p, 'error').textContent = refused;
  // Not taken: the buttons come back, unless the connection is lost (they come back with the stream).
  if (el(p, 'connection').textContent === '') for (const b of pageButtons(p)) b.disabled = false;
}

/** Clicks on the buttons, Enter behind the curtain, keys 1 to 9 for the first nine actions. */
function wireInput(p: HumanPage): void {
  const reveal = () => {
    p.ui.curtain = false;
    renderPage(p, true);
  };
  el(p, 'actions').addEventListener('click', (ev) => {
    const b = (ev.target as HTMLElement).closest('button');
    if (b) void chooseAction(p, b);
  });
  el(p, 'reveal').addEventListener('click', reveal);
  p.doc.addEventListener('keydown', (ev) => {
    if (p.ui.curtain && ev.key === 'Enter') {
      ev.preventDefault();
      return reveal();
    }
    const k = Number(ev.key);
    if (p.ui.curtain || !Number.isInteger(k) || k < 1 || k > 9 || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const b = pageButtons(p)[k - 1];
    if (b && !b.disabled) {
      ev.preventDefault();
      void chooseAction(p, b);
    }
  });
}

/** The server's event stream; the browser reconnects by itself, and the stream then starts over. */
function openStream(p: HumanPage): void {
  const source = new EventSource(`/events?token=${encodeURIComponent(p.config.token)}&tab=${encodeURIComponent(p.tab)}`);
  p.source = source;
  source.onmessage = (ev: MessageEvent<string>) => {
    el(p, 'connection').textContent = '';
    receiveMessage(p, JSON.parse(ev.data) as Incoming);
  };
  source.onerror = () => {
    if (source.readyState === EventSource.CLOSED) return void showRefusal(p);
    // Until the stream is back (it starts over with the whole match), nothing can be answered.
    el(p, 'connection').textContent = 'Connection lost: reconnecting (the match is journaled; restart the server with the same command)...';
    for (const b of pageButtons(p)) b.disabled = true;
    p.doc.body.dataset.asking = '';
  };
}

/**
 * The server refused the stream (an EventSource cannot read why): the page asks /check and shows the
 * refusal; when the seat is free again by then, it opens the stream anew.
 */
async function showRefusal(p: HumanPage): Promise<void> {
  const query = `token=${encodeURIComponent(p.config.token)}&tab=${encodeURIComponent(p.tab)}`;
  let error: string | undefined = 'The server refused this page: reload it, or open the address tavolo play printed.';
  try {
    const res = await p.win.fetch(`/check?${query}`);
    error = res.ok ? undefined : ((await res.json()) as { error?: string }).error;
  } catch {
    // the server is gone: the first sentence stands
  }
  if (error === undefined) return openStream(p);
  el(p, 'error').textContent = error;
  p.doc.body.dataset.refused = 'yes';
}

/** The page: its state per seat, drawing, the stream, the buttons and keys. */
export function startHumanPage(config: PageConfig, doc: Document, win: Window, draw: (v: TableView, opts: DrawOptions) => string): void {
  const p: HumanPage = {
    config,
    doc,
    win,
    draw,
    state: new Map<number, SeatState>(config.seats.map((s) => [s, freshSeat()])),
    ui: { shown: config.seats[0], curtain: false, sending: -1, title: '' },
    tab: tabId(win),
    source: null,
  };
  wireInput(p);
  openStream(p);
  renderPage(p, true);
  doc.body.dataset.ready = 'human';
}

/** The page's script: every function above by its source, then the start. */
export const HUMAN_PAGE_CODE = [
  escapeText,
  logItem,
  latestNews,
  addressed,
  statusText,
  pendingText,
  actionButtons,
  applyMessage,
  seedText,
  tabId,
  sendChoice,
  el,
  pageButtons,
  freshSeat,
  renderPage,
  receiveMessage,
  chooseAction,
  wireInput,
  openStream,
  showRefusal,
  startHumanPage,
].map((f) => f.toString()).join('\n');
