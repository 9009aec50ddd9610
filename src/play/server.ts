import { STATUS_CODES, createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { humanPage, refusalPage } from './page.js';
import { Refusal, type MatchHost, type Subscriber } from './host.js';
import type { SeatMessage } from './seat-view.js';

/**
 * The human seats' web server: Node's own http module and Server-Sent Events (the browser's EventSource),
 * no dependency. Routes: the page (GET /?token=...), its event stream (GET /events), why a stream would be
 * refused (GET /check) and a chosen action (POST /act). It listens on 127.0.0.1 only and answers only
 * requests addressed to that host and sent from its own pages (Host and Origin), so neither another
 * machine nor a web page under another name (DNS rebinding, a cross-site form) can reach a seat; each
 * seat's token is a secret in its address. It stays up under abuse: a request body is capped and the
 * connection closed at the cap (nothing more is read), connections are bounded in number, and a request
 * whose headers or body do not arrive in time is dropped.
 */

export interface Tokens {
  /** Token -> the seats it plays (one seat, or every human seat for the hot-seat token). */
  seats: Map<string, number[]>;
  hotSeat: string;
}

/** What the server needs of the match: the streams' seats and the answers (MatchHost; a stub in tests). */
export type SeatHost = Pick<MatchHost, 'subscribe' | 'unsubscribe' | 'act' | 'refusal'>;

/** The server's bounds; tests lower them to try them with small requests. */
export interface ServerLimits {
  /** Bytes of a request body (an answer is under 200). */
  bodyBytes: number;
  /** Open connections at once (each page holds one stream, and one answer at a time). */
  connections: number;
  /** Milliseconds for a request's headers to arrive, and for the whole request. */
  headersMs: number;
  requestMs: number;
}

export const DEFAULT_LIMITS: ServerLimits = { bodyBytes: 4096, connections: 64, headersMs: 10_000, requestMs: 20_000 };

function json(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(value));
}

/** The refusal of a body over the cap: answered at once, then the connection is closed (the rest is never read). */
class TooLarge extends Refusal {
  constructor(limit: number) {
    super(413, `a request body of more than ${limit} bytes: an answer is a few dozen bytes`);
  }
}

function readBody(req: IncomingMessage, limit: number): Promise<string> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) return Promise.reject(new TooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    req.on('data', (d: Buffer) => {
      bytes += d.length;
      if (bytes > limit) {
        req.removeAllListeners('data');
        req.pause();
        reject(new TooLarge(limit));
      } else chunks.push(d);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
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

const ACT_SHAPE = 'expected a JSON object {token, tab, seat, n, action} with string token and tab and integer seat, n and action';

function parseAct(text: string): Act {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new Refusal(400, `the request is not JSON: ${ACT_SHAPE}`);
  }
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new Refusal(400, ACT_SHAPE);
  const a = v as Partial<Act>;
  const ints = [a.seat, a.n, a.action].every((x) => Number.isSafeInteger(x));
  if (typeof a.token !== 'string' || typeof a.tab !== 'string' || !ints) throw new Refusal(400, ACT_SHAPE);
  return { token: a.token, tab: a.tab, seat: a.seat as number, n: a.n as number, action: a.action as number };
}

/** A page's event stream; refused (409, before any byte of the stream) while another tab holds a seat. */
function stream(host: SeatHost, seats: number[], tab: string, req: IncomingMessage, res: ServerResponse): void {
  const refused = host.refusal(seats, tab);
  if (refused !== undefined) throw refused;
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive' });
  const write = (m: SeatMessage | { type: 'reset' }) => res.write(`data: ${JSON.stringify(m)}\n\n`);
  // Reconnect quickly after a restart of the server: the match is journaled and goes on.
  res.write('retry: 500\n\n');
  write({ type: 'reset' });
  const sub: Subscriber = { seats, tab, send: write, close: () => res.end() };
  host.subscribe(sub);
  req.on('close', () => host.unsubscribe(sub));
}

/** The request's address, or a 400 for one that is not a path. */
function pathOf(req: IncomingMessage): URL {
  try {
    return new URL(req.url ?? '/', 'http://127.0.0.1');
  } catch {
    throw new Refusal(400, 'the request names no valid path');
  }
}

/** Refuses a request addressed to another host name (DNS rebinding), or sent by a page of another site. */
function checkOrigin(req: IncomingMessage, allowedHosts: Set<string>): void {
  const hosts = [...allowedHosts].join(' or ');
  if (!allowedHosts.has(req.headers.host ?? '')) throw new Refusal(421, `this server answers only at ${hosts}`);
  const origin = req.headers.origin;
  if (origin === undefined) return;
  let host = '';
  try {
    const u = new URL(origin);
    host = u.protocol === 'http:' ? u.host : '';
  } catch {
    // an Origin that is not an address ("null" from a sandboxed page) is another site's
  }
  if (!allowedHosts.has(host)) throw new Refusal(403, `requests from a page of another site (${origin}) are refused: only the pages at ${hosts} may play`);
}

const ROUTES: Record<string, string> = { '/': 'GET', '/events': 'GET', '/check': 'GET', '/act': 'POST', '/favicon.ico': 'GET' };

async function route(host: SeatHost, tokens: Tokens, allowedHosts: Set<string>, limits: ServerLimits, req: IncomingMessage, res: ServerResponse): Promise<void> {
  checkOrigin(req, allowedHosts);
  const url = pathOf(req);
  const method = ROUTES[url.pathname];
  if (method === undefined) throw new Refusal(404, `nothing at ${url.pathname}`);
  if (req.method !== method) throw new Refusal(405, `${url.pathname} answers ${method} only, not ${req.method ?? 'this method'}`);
  if (url.pathname === '/') {
    const token = url.searchParams.get('token') ?? '';
    const seats = tokens.seats.get(token);
    res.writeHead(seats ? 200 : 403, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(seats ? humanPage({ seats, hotSeat: token === tokens.hotSeat, token }) : refusalPage('This address has no valid token: use one of the addresses tavolo play printed.'));
    return;
  }
  // The page has no icon; answering keeps the browser's request from being a failure.
  if (url.pathname === '/favicon.ico') return void res.writeHead(204).end();
  if (url.pathname === '/act') {
    const act = parseAct(await readBody(req, limits.bodyBytes));
    const seats = tokens.seats.get(act.token);
    if (seats === undefined) throw new Refusal(403, 'unknown token: this page does not play any seat of this match');
    host.act(seats, act.tab, act.seat, act.n, act.action);
    return json(res, 200, { ok: true });
  }
  const seats = tokens.seats.get(url.searchParams.get('token') ?? '');
  if (seats === undefined) throw new Refusal(403, 'unknown token');
  const tab = url.searchParams.get('tab') ?? '';
  if (url.pathname === '/events') return stream(host, seats, tab, req, res);
  // /check: what a page whose stream was refused shows (an EventSource cannot read a refusal's words).
  const refused = host.refusal(seats, tab);
  if (refused !== undefined) throw refused;
  json(res, 200, { ok: true });
}

/** Answers a failed request: a Refusal with its own words; anything else with the server's, the detail on stderr. */
function answerFailure(err: unknown, res: ServerResponse, log: (line: string) => void): void {
  const refusal = err instanceof Refusal ? err : undefined;
  if (refusal === undefined) log(`tavolo play: a request failed inside the server: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  if (res.headersSent) return void res.end();
  const status = refusal?.status ?? 500;
  const message = refusal?.message ?? 'the server failed on this request (the detail is in its terminal); nothing was changed';
  if (err instanceof TooLarge && res.socket !== null) return refuseBody(res.socket, status, message);
  json(res, status, { error: message });
}

/**
 * The answer to a body over the cap, written on the connection itself: Node's own response would, once
 * sent, read the rest of the body to keep the connection (hundreds of megabytes, if that is what comes).
 * Nothing more is read; the connection is half-closed at once and closed a second later (closed at once
 * with unread bytes, it is reset, and a reset can reach the client before it has read the 413).
 */
function refuseBody(socket: Socket, status: number, message: string): void {
  socket.pause();
  socket.removeAllListeners('data');
  const body = JSON.stringify({ error: message });
  const head = `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\ncache-control: no-store\r\n`;
  socket.end(`${head}content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
  setTimeout(() => socket.destroy(), 1000).unref();
}

/** Starts serving on 127.0.0.1:port (0: a free port); resolves with the port once listening. */
export function serve(
  host: SeatHost,
  tokens: Tokens,
  port: number,
  limits: ServerLimits = DEFAULT_LIMITS,
  log: (line: string) => void = (line) => process.stderr.write(line + '\n'),
): Promise<{ server: Server; port: number }> {
  const allowed = new Set<string>();
  const server = createServer(
    // Node checks the two timeouts every connectionsCheckingInterval: often enough to keep to them.
    { headersTimeout: limits.headersMs, requestTimeout: limits.requestMs, connectionsCheckingInterval: Math.max(100, Math.min(1000, limits.headersMs / 4)) },
    (req, res) => {
      route(host, tokens, allowed, limits, req, res).catch((err: unknown) => answerFailure(err, res, log));
    },
  );
  server.maxConnections = limits.connections;
  // A request that breaks HTTP or runs out of time (headers or body too slow): its connection is closed at once.
  server.on('clientError', (_err, socket) => socket.destroy());
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
