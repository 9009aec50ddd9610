import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from '../fixtures/cli.js';

/** A `tavolo play --human` server started as a child process, with the addresses it printed. */
export interface Served {
  child: ChildProcess;
  /** seat -> its page's address; -1 -> the hot-seat address (printed when there are several human seats). */
  urls: Map<number, string>;
  output(): string;
  /** Sends the signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  exited: Promise<number | null>;
}

export function startServer(args: string[], cwd: string): Promise<Served> {
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'tavolo.js'), 'play', ...args], { cwd, env: { ...process.env, CI: '1' } });
  let out = '';
  const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no addresses printed within 60 s:\n${out}`)), 60_000);
    const scan = () => {
      if (!/Stop with Ctrl-C/.test(out)) return;
      clearTimeout(timer);
      const urls = new Map<number, string>();
      for (const m of out.matchAll(/seat (\d+): (http:\S+)/g)) urls.set(Number(m[1]), m[2]);
      const hot = /\(hot seat\): (http:\S+)/.exec(out);
      if (hot) urls.set(-1, hot[1]);
      resolve({
        child,
        urls,
        output: () => out,
        exited,
        stop: (signal = 'SIGTERM') => {
          child.kill(signal);
          return exited;
        },
      });
    };
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      scan();
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`tavolo play exited (${code}) before serving:\n${out}`));
    });
  });
}

/** Waits until the page asks for a decision or shows the end; returns which. */
export async function nextTurn(page: Page, timeout = 60_000): Promise<'ask' | 'end'> {
  await page.waitForFunction(() => document.body.dataset.asking || document.body.dataset.ended === 'yes' || document.body.dataset.curtain === 'yes', undefined, { timeout });
  return page.evaluate(() => (document.body.dataset.ended === 'yes' ? 'end' : 'ask'));
}

/**
 * Plays the page's seat to the end of the match by clicking buttons: the `pick`-th button of each decision
 * (modulo how many there are). Returns how many decisions were clicked.
 */
export async function playToEnd(page: Page, pick = (k: number) => k, onAsk?: (clicks: number) => Promise<void>, limit = 5000): Promise<number> {
  let clicks = 0;
  for (;;) {
    if ((await nextTurn(page)) === 'end') return clicks;
    if (clicks >= limit) throw new Error(`more than ${limit} decisions`);
    await onAsk?.(clicks);
    const n = await page.evaluate(() => document.body.dataset.asking);
    const buttons = page.locator('#actions button');
    const count = await buttons.count();
    if (await click(page, buttons.nth(pick(clicks) % count), n as string)) clicks++;
  }
}

/**
 * Clicks an action of decision n; true when the server took it (the page moved past n), false when it
 * was refused or not sent (the page says why: a server that was just killed or restarted).
 */
export async function click(page: Page, button: ReturnType<Page['locator']>, n: string): Promise<boolean> {
  await page.evaluate(() => (document.getElementById('error') as HTMLElement).replaceChildren());
  await button.click({ timeout: 10_000 }).catch(() => undefined);
  await page.waitForFunction((k) => document.body.dataset.asking !== k || document.getElementById('error')?.textContent !== '', n, { timeout: 60_000 });
  return (await page.locator('#error').textContent()) === '';
}

/** A page's event stream, read as a list of messages that grows. */
export function listen(url: string): { messages: Array<Record<string, unknown>>; times: number[]; close(): void } {
  const messages: Array<Record<string, unknown>> = [];
  const times: number[] = [];
  const abort = new AbortController();
  void (async () => {
    const res = await fetch(url, { signal: abort.signal });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      for (let i = buffer.indexOf('\n\n'); i >= 0; i = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (block.startsWith('data: ')) {
          messages.push(JSON.parse(block.slice(6)) as Record<string, unknown>);
          times.push(performance.now());
        }
      }
    }
  })().catch(() => undefined);
  return { messages, times, close: () => abort.abort() };
}

/** Polls `get` until it gives a value (or `ms` pass). */
export async function until<T>(get: () => T | undefined, ms = 30_000): Promise<T> {
  const end = performance.now() + ms;
  for (;;) {
    const v = get();
    if (v !== undefined) return v;
    if (performance.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
