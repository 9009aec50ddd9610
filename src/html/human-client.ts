/**
 * The browser code of the human seat's page (`tavolo play --human`). Like the viewer's (viewer-client.ts),
 * it is a plain function with no imports, put into the page as its source text, and it draws the table
 * with the viewer's own renderer. It listens to the server's event stream (Server-Sent Events) for its
 * seat(s), and sends a chosen action with fetch; the server decides whether it is taken.
 */
import type { TableView } from '../engine/game.js';
import type { SeatMessage } from '../cli/human/seat-view.js';

/** What the server puts into the page: the seats its token plays, and whether they share the tab. */
export interface PageConfig {
  seats: number[];
  hotSeat: boolean;
  token: string;
}

type Incoming = SeatMessage | { type: 'reset' } | { type: 'refused'; message: string };

export function startHumanPage(config: PageConfig, doc: Document, win: Window, draw: (v: TableView) => string): void {
  const $ = (id: string) => doc.getElementById(id) as HTMLElement;
  const esc = (s: string) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  interface SeatState {
    log: string[];
    view: TableView | null;
    ask: Extract<SeatMessage, { type: 'ask' }> | null;
    end: string | null;
  }
  const fresh = (): SeatState => ({ log: [], view: null, ask: null, end: null });
  const state = new Map<number, SeatState>(config.seats.map((s) => [s, fresh()]));
  let shown = config.seats[0];
  let curtain = false;
  let sending = false;
  let title = '';
  // The tab's id survives a reload of the same tab (sessionStorage), so a reload takes its seat back
  // while a second tab is refused.
  let tab = win.sessionStorage.getItem('tavolo-tab');
  if (tab === null) {
    const bytes = new Uint8Array(12);
    win.crypto.getRandomValues(bytes);
    tab = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    win.sessionStorage.setItem('tavolo-tab', tab);
  }

  function logItem(line: string | null, events: { kind: string; text: string }[]): string {
    const evs = events.map((e) => `<li class="event" data-kind="${esc(e.kind)}">${esc(e.text)}</li>`).join('');
    return `<li class="step">${line === null ? '' : `<span class="decision">${esc(line)}</span>`}${evs ? `<ul>${evs}</ul>` : ''}</li>`;
  }

  function status(s: SeatState): string {
    if (s.end !== null) return `Match over. ${s.end}`;
    if (s.ask !== null) return `Your decision, seat ${shown}: ${s.ask.actions.length} choice${s.ask.actions.length > 1 ? 's' : ''} (keys 1-9 pick the first nine).`;
    return 'Waiting for the other players...';
  }

  function renderActions(s: SeatState): void {
    const box = $('actions');
    if (s.ask === null || curtain) {
      box.innerHTML = '';
      return;
    }
    const n = s.ask.n;
    box.innerHTML = s.ask.actions
      .map((a, i) => `<button type="button" class="action" data-action="${a.action}" data-n="${n}">${i < 9 ? `<kbd>${i + 1}</kbd> ` : ''}${esc(a.text)}</button>`)
      .join('');
    const first = box.querySelector('button');
    if (first) first.focus();
  }

  function render(full: boolean): void {
    const s = state.get(shown) as SeatState;
    $('curtain').hidden = !curtain;
    $('play').hidden = curtain;
    if (curtain) $('curtain-text').textContent = `Seat ${shown} to play. Pass the screen: only seat ${shown} should look. Press Enter or the button to show the table.`;
    $('seat-name').textContent = `${title} · you are seat ${shown}${config.hotSeat ? ` (hot seat: seats ${config.seats.join(', ')} in turn)` : ''}`;
    $('status').textContent = curtain ? `Seat ${shown} is asked.` : status(s);
    if (!curtain) $('table').innerHTML = s.view ? draw(s.view) : '<p class="empty">The table appears with the first move.</p>';
    if (full) {
      const log = $('log');
      log.innerHTML = s.log.join('');
      log.scrollTop = log.scrollHeight;
    }
    renderActions(s);
    doc.body.dataset.seat = String(shown);
    doc.body.dataset.asking = s.ask !== null && !curtain ? String(s.ask.n) : '';
    doc.body.dataset.ended = s.end !== null ? 'yes' : '';
    doc.body.dataset.curtain = curtain ? 'yes' : '';
  }

  /** Hot seat: when another seat is asked, the tab turns to it behind the curtain. */
  function turnTo(seat: number): void {
    if (seat === shown) return;
    shown = seat;
    curtain = true;
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
    let item = '';
    if (m.type === 'start') {
      title = m.title;
      item = logItem('Set-up', m.events);
      s.view = m.view;
    } else if (m.type === 'step') {
      item = logItem(m.line, m.events);
      if (m.view !== null) s.view = m.view;
      if (s.ask !== null && s.ask.n <= m.n) s.ask = null;
    } else if (m.type === 'ask') {
      s.ask = m;
      s.view = m.view;
      if (config.hotSeat) turnTo(m.seat);
    } else {
      s.end = m.outcome;
      if (config.hotSeat) curtain = false;
    }
    if (item) s.log.push(item);
    const full = m.seat !== shown || !item;
    if (!full) {
      const log = $('log');
      log.insertAdjacentHTML('beforeend', item);
      log.scrollTop = log.scrollHeight;
    }
    render(full && m.seat === shown);
  }

  async function choose(button: HTMLButtonElement): Promise<void> {
    const s = state.get(shown) as SeatState;
    if (sending || s.ask === null) return;
    sending = true;
    $('error').textContent = '';
    for (const b of Array.from($('actions').querySelectorAll('button'))) b.disabled = true;
    const body = { token: config.token, tab, seat: shown, n: Number(button.dataset.n), action: Number(button.dataset.action) };
    try {
      const res = await win.fetch('/act', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const answer = (await res.json()) as { ok?: boolean; error?: string };
      if (!res.ok) {
        $('error').textContent = answer.error ?? `refused (${res.status})`;
        for (const b of Array.from($('actions').querySelectorAll('button'))) b.disabled = false;
      }
    } catch {
      $('error').textContent = 'The server did not answer: the choice was not taken. It is asked again when the server is back.';
    } finally {
      sending = false;
    }
  }

  $('actions').addEventListener('click', (ev) => {
    const b = (ev.target as HTMLElement).closest('button');
    if (b) void choose(b);
  });
  $('reveal').addEventListener('click', () => {
    curtain = false;
    render(true);
  });
  doc.addEventListener('keydown', (ev) => {
    if (curtain && ev.key === 'Enter') {
      ev.preventDefault();
      curtain = false;
      return render(true);
    }
    const k = Number(ev.key);
    if (curtain || !Number.isInteger(k) || k < 1 || k > 9 || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const b = $('actions').querySelectorAll('button')[k - 1] as HTMLButtonElement | undefined;
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
    for (const b of Array.from($('actions').querySelectorAll('button'))) b.disabled = true;
    doc.body.dataset.asking = '';
  };
  render(true);
  doc.body.dataset.ready = 'human';
}
