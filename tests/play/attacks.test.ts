import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MALFORMED_ACTS, answer, crossSitePost, floodBody, halfSentRequests } from '../../bench/attacks.js';
import { serve, type SeatHost } from '../../src/play/server.js';
import { tempDir } from '../fixtures/cli.js';
import { listen, startServer, until, type Served } from './helpers.js';

/**
 * The seat server attacked as a page of another site, a careless or hostile client, or a flood would:
 * no seed reaches a page before the end, every malformed request gets a 4xx in the server's own words,
 * a body over the cap is refused and its connection closed without reading the rest, half-sent requests
 * are dropped, and a second stream for a held seat is a 409. Small sizes here; bench/attack.ts runs the
 * same attacks at full size.
 */

describe('tavolo play --human under attack', () => {
  let served: Served | undefined;
  afterAll(async () => void (await served?.stop('SIGKILL')));

  it('keeps the seed from the pages, refuses what it must with 4xx and its own words, and stays up', async () => {
    const dir = tempDir();
    const out = join(dir, 'm');
    served = await startServer(['--game', 'stramat', '--bots', 'random,random,random', '--human', '0', '--bot-delay', '0', '--out', out], dir);
    const page = new URL(served.urls.get(0) as string);
    const base = page.origin;
    const token = page.searchParams.get('token') as string;

    // No --seed: the seed is drawn at random (not the guessable "0"), journaled, and not in the printed folder.
    const header = JSON.parse(readFileSync(join(out, 'journal.jsonl'), 'utf8').split('\n')[0]) as { play: { seed: string } };
    expect(header.play.seed).toMatch(/^[0-9a-f]{16}$/);
    expect(served.output()).not.toContain(header.play.seed);

    // The stream up to the first question: nothing in it names a seed.
    const first = listen(`${base}/events?token=${token}&tab=A`);
    await until(() => first.messages.find((m) => m.type === 'ask'));
    expect(first.messages.some((m) => m.type === 'start')).toBe(true);
    const text = JSON.stringify(first.messages);
    for (const secret of ['"seed"', 'matchSeed', header.play.seed]) expect(text).not.toContain(secret);

    // A second stream for the held seat: 409 before any byte of a stream, and /check says why.
    const second = await answer(`${base}/events?token=${token}&tab=B`);
    expect(second).toMatchObject({ status: 409, error: expect.stringMatching(/seat 0 is already open in another tab/) as string });
    expect((await answer(`${base}/check?token=${token}&tab=B`)).status).toBe(409);
    expect((await answer(`${base}/check?token=${token}&tab=A`)).status).toBe(200);

    // Bodies that are JSON but not an answer: 400 with the server's words, never a 500 or an internal error's text.
    for (const body of MALFORMED_ACTS) {
      const got = await answer(`${base}/act`, { method: 'POST', body });
      expect(got.status, body).toBe(400);
      expect(got.error, body).toMatch(/^expected a JSON object \{token, tab, seat, n, action\}/);
    }
    expect(await answer(`${base}/act`)).toMatchObject({ status: 405 });

    // A page of another site: refused even with a valid token; the server's own page (same Origin) is not.
    const act = JSON.stringify({ token, tab: 'A', seat: 0, n: 100_000, action: 0 });
    expect(await crossSitePost(base, act)).toMatchObject({ status: 403, error: expect.stringMatching(/another site/) as string });
    expect((await answer(`${base}/act`, { method: 'POST', headers: { origin: base }, body: act })).status).toBe(409);

    // A body over the cap (4096 bytes), declared or chunked: 413, and the connection closed long before the end.
    for (const chunked of [false, true]) {
      const flood = await floodBody(base, 8 << 20, chunked);
      expect(flood, `chunked: ${chunked}`).toMatchObject({ status: 413 });
      expect(flood.closedEarly).toBe(true);
      expect(flood.sentBytes).toBeLessThan(8 << 20);
    }
    expect((await fetch(page)).status).toBe(200);
    first.close();
  });

  it('drops half-sent requests after its header timeout and bounds its connections', async () => {
    const host: SeatHost = { subscribe: () => undefined, unsubscribe: () => undefined, act: () => undefined, refusal: () => undefined };
    const tokens = { seats: new Map([['t', [0]]]), hotSeat: 'h' };
    const limits = { bodyBytes: 256, connections: 20, headersMs: 300, requestMs: 600 };
    const lines: string[] = [];
    const { server, port } = await serve(host, tokens, 0, limits, (l) => lines.push(l));
    try {
      const base = `http://127.0.0.1:${port}`;
      const slow = await halfSentRequests(base, 60, 2500);
      expect(slow.closed).toBe(slow.opened);
      // A body over the lowered cap.
      const flood = await floodBody(base, 8 << 20);
      expect(flood).toMatchObject({ status: 413, closedEarly: true });
      expect((await fetch(`${base}/?token=t`)).status).toBe(200);
      expect(lines).toEqual([]);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
