/**
 * The browser code of the human seat's page (`tavolo play --human`). Like the viewer's (viewer-client.ts),
 * these are plain functions with no imports, put into the page as their source text (HUMAN_PAGE_CODE
 * lists them), and the table is drawn by the viewer's own renderer. The page listens to the server's event
 * stream (Server-Sent Events) for its seat(s) and sends a chosen action with fetch; the server decides
 * whether it is taken.
 */
import type { TableView } from '../engine/game.js';
import type { SeatMessage } from '../cli/human/seat-view.js';

/** What the server puts into the page: the seats its token plays, and whether they share the tab. */
export interface PageConfig {
  seats: number[];
  hotSeat: boolean;
  token: string;
}

type SeatAsk = Extract<SeatMessage, { type: 'ask' }>;
type Incoming = SeatMessage | { type: 'reset' } | { type: 'refused'; message: string };

/** What the page holds of one seat: its log (as HTML items), its table, the question it is asked, the end. */
export interface SeatState {
  log: string[];
  view: TableView | null;
  ask: SeatAsk | null;
  end: string | null;
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
  if (s.end !== null) return `Match over. ${s.end}`;
  if (s.ask !== null) return `Your decision, seat ${seat}: ${s.ask.actions.length} choice${s.ask.actions.length > 1 ? 's' : ''} (keys 1-9 pick the first nine).`;
  return 'Waiting for the other players...';
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
    return logItem('Set-up', m.events);
  }
  if (m.type === 'step') {
    if (m.view !== null) s.view = m.view;
    if (s.ask !== null && s.ask.n <= m.n) s.ask = null;
    return logItem(m.line, m.events);
  }
  if (m.type === 'ask') {
    s.ask = m;
    s.view = m.view;
    return '';
  }
  s.end = m.outcome;
  return '';
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

/** The page: its state per seat, drawing, the stream, the buttons and keys. */
export function startHumanPage(config: PageConfig, doc: Document, win: Window, draw: (v: TableView) => string): void {
  const $ = (id: string) => doc.getElementById(id) as HTMLElement;
  const fresh = (): SeatState => ({ log: [], view: null, ask: null, end: null });
  const state = new Map<number, SeatState>(config.seats.map((s) => [s, fresh()]));
  const ui = { shown: config.seats[0], curtain: false, sending: false, title: '' };
  const tab = tabId(win);
  const buttons = () => Array.from($('actions').querySelectorAll('button'));

  function render(full: boolean): void {
    const s = state.get(ui.shown) as SeatState;
    $('curtain').hidden = !ui.curtain;
    $('play').hidden = ui.curtain;
    if (ui.curtain) $('curtain-text').textContent = `Seat ${ui.shown} to play. Pass the screen: only seat ${ui.shown} should look. Press Enter or the button to show the table.`;
    $('seat-name').textContent = `${ui.title} · you are seat ${ui.shown}${config.hotSeat ? ` (hot seat: seats ${config.seats.join(', ')} in turn)` : ''}`;
    $('status').textContent = ui.curtain ? `Seat ${ui.shown} is asked.` : statusText(s, ui.shown);
    if (!ui.curtain) $('table').innerHTML = s.view ? draw(s.view) : '<p class="empty">The table appears with the first move.</p>';
    if (full) {
      $('log').innerHTML = s.log.join('');
      $('log').scrollTop = $('log').scrollHeight;
    }
    $('actions').innerHTML = s.ask !== null && !ui.curtain ? actionButtons(s.ask) : '';
    buttons()[0]?.focus();
    doc.body.dataset.seat = String(ui.shown);
    doc.body.dataset.asking = s.ask !== null && !ui.curtain ? String(s.ask.n) : '';
    doc.body.dataset.ended = s.end !== null ? 'yes' : '';
    doc.body.dataset.curtain = ui.curtain ? 'yes' : '';
  }

  function receive(m: Incoming): void {
    if (m.type === 'reset') {
      for (const s of config.seats) state.set(s, fresh());
      return render(true);
    }
    if (m.type === 'refused') {
      $('error').textContent = m.message;
      source.close();
      doc.body.dataset.refused = 'yes';
      return;
    }
    const s = state.get(m.seat);
    if (s === undefined) return;
    if (m.type === 'start') ui.title = m.title;
    const item = applyMessage(s, m);
    if (item) s.log.push(item);
    // Hot seat: a question for another seat turns the tab to it, behind the curtain; the end lifts it.
    if (config.hotSeat && m.type === 'ask' && m.seat !== ui.shown) [ui.shown, ui.curtain] = [m.seat, true];
    if (config.hotSeat && m.type === 'end') ui.curtain = false;
    if (item && m.seat === ui.shown) {
      $('log').insertAdjacentHTML('beforeend', item);
      $('log').scrollTop = $('log').scrollHeight;
    }
    render(!item);
  }

  async function choose(button: HTMLButtonElement): Promise<void> {
    if (ui.sending || state.get(ui.shown)?.ask == null) return;
    ui.sending = true;
    $('error').textContent = '';
    for (const b of buttons()) b.disabled = true;
    const refused = await sendChoice(win, { token: config.token, tab, seat: ui.shown, n: Number(button.dataset.n), action: Number(button.dataset.action) });
    ui.sending = false;
    if (refused === null) return;
    $('error').textContent = refused;
    // Not taken: the buttons come back, unless the connection is lost (they come back with the stream).
    if ($('connection').textContent === '') for (const b of buttons()) b.disabled = false;
  }

  const reveal = () => {
    ui.curtain = false;
    render(true);
  };
  $('actions').addEventListener('click', (ev) => {
    const b = (ev.target as HTMLElement).closest('button');
    if (b) void choose(b);
  });
  $('reveal').addEventListener('click', reveal);
  doc.addEventListener('keydown', (ev) => {
    if (ui.curtain && ev.key === 'Enter') {
      ev.preventDefault();
      return reveal();
    }
    const k = Number(ev.key);
    if (ui.curtain || !Number.isInteger(k) || k < 1 || k > 9 || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const b = buttons()[k - 1];
    if (b && !b.disabled) {
      ev.preventDefault();
      void choose(b);
    }
  });

  const source = new EventSource(`/events?token=${encodeURIComponent(config.token)}&tab=${encodeURIComponent(tab)}`);
  source.onmessage = (ev: MessageEvent<string>) => {
    $('connection').textContent = '';
    receive(JSON.parse(ev.data) as Incoming);
  };
  source.onerror = () => {
    if (source.readyState === EventSource.CLOSED) return;
    // Until the stream is back (it starts over with the whole match), nothing can be answered.
    $('connection').textContent = 'Connection lost: reconnecting (the match is journaled; restart the server with the same command)...';
    for (const b of buttons()) b.disabled = true;
    doc.body.dataset.asking = '';
  };
  render(true);
  doc.body.dataset.ready = 'human';
}

/** The page's script: every function above by its source, then the start. */
export const HUMAN_PAGE_CODE = [escapeText, logItem, statusText, actionButtons, applyMessage, tabId, sendChoice, startHumanPage].map((f) => f.toString()).join('\n');
