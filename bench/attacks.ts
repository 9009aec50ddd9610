import { connect, type Socket } from 'node:net';

/**
 * The attacks on a `tavolo play --human` server, as functions of its address (http://127.0.0.1:P): each
 * returns what it observed, and the caller says what should have been observed. tests/play/attacks.test.ts
 * runs them with small sizes against a server with lowered limits; bench/attack.ts runs them at full size
 * against the real command (a 540 MB body, 1,000 half-sent requests).
 */

/** What a raw request saw: the status line's code (0: none came), bytes of body sent, whether the server closed first. */
export interface FloodResult {
  status: number;
  sentBytes: number;
  closedEarly: boolean;
}

function statusOf(text: string): number {
  const m = /^HTTP\/1\.1 (\d{3})/.exec(text);
  return m ? Number(m[1]) : 0;
}

/**
 * POSTs a body of `bodyBytes` to /act in 64 KiB pieces, as fast as the server takes them, and stops at
 * the end or when the server closes the connection. A server that caps bodies answers 413 and closes long
 * before the end; one that reads everything takes it all (and, large enough, runs out of memory).
 */
export function floodBody(base: string, bodyBytes: number, chunked = false): Promise<FloodResult> {
  const url = new URL(base);
  const piece = Buffer.alloc(64 * 1024, 'a');
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    let sent = 0;
    let reply = '';
    let done = false;
    const finish = (closedEarly: boolean) => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve({ status: statusOf(reply), sentBytes: sent, closedEarly });
    };
    const length = chunked ? 'transfer-encoding: chunked' : `content-length: ${bodyBytes}`;
    socket.on('connect', () => {
      socket.write(`POST /act HTTP/1.1\r\nhost: ${url.host}\r\ncontent-type: application/json\r\n${length}\r\n\r\n`);
      const pump = (): void => {
        while (sent < bodyBytes && !done) {
          const n = Math.min(piece.length, bodyBytes - sent);
          const data = chunked ? Buffer.concat([Buffer.from(`${n.toString(16)}\r\n`), piece.subarray(0, n), Buffer.from('\r\n')]) : piece.subarray(0, n);
          sent += n;
          if (!socket.write(data)) return void socket.once('drain', pump);
        }
        if (!done && chunked) socket.write('0\r\n\r\n');
      };
      pump();
    });
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => {
      reply += d;
      if (sent >= bodyBytes) finish(false);
    });
    socket.on('error', () => finish(sent < bodyBytes));
    socket.on('close', () => finish(sent < bodyBytes));
  });
}

/**
 * Opens `count` connections that each send half a request's headers and then nothing; resolves with how
 * many the server has closed after `waitMs` (a server with a headers timeout closes them all).
 */
export async function halfSentRequests(base: string, count: number, waitMs: number): Promise<{ closed: number; opened: number }> {
  const url = new URL(base);
  const sockets: Socket[] = [];
  let closed = 0;
  for (let i = 0; i < count; i++) {
    const s = connect(Number(url.port), url.hostname);
    s.on('error', () => undefined);
    s.on('close', () => closed++);
    s.on('connect', () => s.write(`GET / HTTP/1.1\r\nhost: ${url.host}\r\nx-slow: `));
    sockets.push(s);
  }
  await new Promise((r) => setTimeout(r, waitMs));
  const seen = closed;
  for (const s of sockets) s.destroy();
  return { closed: seen, opened: count };
}

/** A request's status and its JSON error text (when the answer is JSON). */
export async function answer(url: string, init: RequestInit = {}): Promise<{ status: number; error?: string }> {
  const res = await fetch(url, init);
  const text = await res.text();
  try {
    return { status: res.status, ...(JSON.parse(text) as { error?: string }) };
  } catch {
    return { status: res.status };
  }
}

/** A simple POST as a page of another site sends it (a form: text/plain, its own Origin). */
export function crossSitePost(base: string, body: string): Promise<{ status: number; error?: string }> {
  return answer(`${base}/act`, { method: 'POST', headers: { origin: 'http://evil.example', 'content-type': 'text/plain' }, body });
}

/** Bodies that are JSON but not an answer: each must be refused with the server's own words (400), never a 500. */
export const MALFORMED_ACTS = ['null', '[]', '1', '"x"', 'true', '{}', '{"token":1}', '{"token":"t","tab":"a","seat":"0","n":0,"action":0}', '{"token":"t","tab":"a","seat":0.5,"n":0,"action":0}'];
