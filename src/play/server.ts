import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { humanPage, refusalPage } from './page.js';
import { Refusal, type MatchHost, type Subscriber } from './host.js';
import type { SeatMessage } from './seat-view.js';

/**
 * The human seats' web server: Node's own http module and Server-Sent Events (the browser's EventSource),
 * no dependency. Three routes: the page (GET /?token=...), its event stream (GET /events) and a chosen
 * action (POST /act). It listens on 127.0.0.1 only and answers only requests addressed to that host, so
 * neither another machine nor a web page under another name (DNS rebinding) can reach a seat; each seat's
 * token is a secret in its address.
 */

export interface Tokens {
  /** Token -> the seats it plays (one seat, or every human seat for the hot-seat token). */
  seats: Map<string, number[]>;
  hotSeat: string;
}

const BODY_LIMIT = 4096;

function json(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(value));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => {
      text += d;
      if (text.length > BODY_LIMIT) reject(new Refusal(413, `a request body of more than ${BODY_LIMIT} characters`));
    });
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}

interface Act {
  token: string;
  tab: string;
  seat: number;
  n: number;
  action: number;
}

function parseAct(text: string): Act {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new Refusal(400, 'the request is not JSON');
  }
  const a = v as Partial<Act>;
  const ints = [a.seat, a.n, a.action].every((x) => Number.isSafeInteger(x));
  if (a === null || typeof a !== 'object' || typeof a.token !== 'string' || typeof a.tab !== 'string' || !ints) {
    throw new Refusal(400, 'expected {token, tab, seat, n, action} with integer seat, n and action');
  }
  return a as Act;
}

function stream(host: MatchHost, seats: number[], tab: string, req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive' });
  const write = (m: SeatMessage | { type: 'reset' } | { type: 'refused'; message: string }) => res.write(`data: ${JSON.stringify(m)}\n\n`);
  // Reconnect quickly after a restart of the server: the match is journaled and goes on.
  res.write('retry: 500\n\n');
  write({ type: 'reset' });
  const sub: Subscriber = { seats, tab, send: write, close: () => res.end() };
  try {
    host.subscribe(sub);
  } catch (err) {
    if (!(err instanceof Refusal)) throw err;
    write({ type: 'refused', message: err.message });
    res.end();
    return;
  }
  req.on('close', () => host.unsubscribe(sub));
}

async function route(host: MatchHost, tokens: Tokens, allowedHosts: Set<string>, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (!allowedHosts.has(req.headers.host ?? '')) throw new Refusal(421, `this server answers only at ${[...allowedHosts].join(' or ')}`);
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (req.method === 'GET' && url.pathname === '/') {
    const token = url.searchParams.get('token') ?? '';
    const seats = tokens.seats.get(token);
    res.writeHead(seats ? 200 : 403, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(seats ? humanPage({ seats, hotSeat: token === tokens.hotSeat, token }) : refusalPage('This address has no valid token: use one of the addresses tavolo play printed.'));
    return;
  }
  if (url.pathname === '/favicon.ico') {
    // The page has no icon; answering keeps the browser's request from being a failure.
    res.writeHead(204).end();
    return;
  }
  if (req.method === 'GET' && url.pathname === '/events') {
    const seats = tokens.seats.get(url.searchParams.get('token') ?? '');
    if (seats === undefined) throw new Refusal(403, 'unknown token');
    stream(host, seats, url.searchParams.get('tab') ?? '', req, res);
    return;
  }
  if (req.method === 'POST' && url.pathname === '/act') {
    const act = parseAct(await readBody(req));
    const seats = tokens.seats.get(act.token);
    if (seats === undefined) throw new Refusal(403, 'unknown token: this page does not play any seat of this match');
    host.act(seats, act.tab, act.seat, act.n, act.action);
    json(res, 200, { ok: true });
    return;
  }
  throw new Refusal(404, `nothing at ${req.method ?? ''} ${url.pathname}`);
}

/** Starts serving on 127.0.0.1:port (0: a free port); resolves with the port once listening. */
export function serve(host: MatchHost, tokens: Tokens, port: number): Promise<{ server: Server; port: number }> {
  const allowed = new Set<string>();
  const server = createServer((req, res) => {
    route(host, tokens, allowed, req, res).catch((err: unknown) => {
      const status = err instanceof Refusal ? err.status : 500;
      const message = err instanceof Error ? err.message : String(err);
      if (!res.headersSent) json(res, status, { error: message });
      else res.end();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const bound = (server.address() as AddressInfo).port;
      for (const h of ['127.0.0.1', 'localhost']) allowed.add(`${h}:${bound}`);
      server.off('error', reject);
      resolve({ server, port: bound });
    });
  });
}
