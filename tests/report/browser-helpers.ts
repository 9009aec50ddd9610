import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { ROOT } from '../fixtures/cli.js';

/**
 * Headless Chromium from Debian's package, driven by playwright-core (which never downloads a browser).
 * Without /usr/bin/chromium the browser tests are skipped on a developer's machine; under CI they fail,
 * since .ci/run installs it.
 */
export const CHROMIUM = process.env.TAVOLO_CHROMIUM ?? '/usr/bin/chromium';

export function browserAvailable(): boolean {
  if (existsSync(CHROMIUM)) return true;
  if (process.env.CI) throw new Error(`${CHROMIUM} is missing: .ci/run installs Debian's chromium, and under CI the browser tests must run`);
  return false;
}

const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** A browser with a fresh profile (a new user-data-dir, removed on close). */
export async function launch(): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'tavolo-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: { width: 1200, height: 900 },
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Opens a local page and records every problem: console errors and warnings, uncaught exceptions,
 * failed requests, and any request besides the page itself (a self-contained page fetches nothing).
 */
export async function openPage(browser: Browser, file: string): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.context.newPage();
  const problems: string[] = [];
  const url = pathToFileURL(file).href;
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
  page.on('request', (r) => {
    if (r.url() !== url && !r.url().startsWith('data:')) problems.push(`fetched: ${r.url()}`);
  });
  await page.goto(url);
  await page.waitForFunction(() => document.body.dataset.ready !== undefined, undefined, { timeout: 30_000 });
  return { page, problems };
}

/**
 * Where a test saves a screenshot: docs/images/<name> (the README's pictures) when TAVOLO_SCREENSHOTS=1,
 * otherwise a scratch folder, so that running the suite leaves the clone unchanged (the report's header
 * shows timings, which differ on every run).
 */
export function screenshotPath(name: string): string {
  if (process.env.TAVOLO_SCREENSHOTS === '1') return join(ROOT, 'docs', 'images', name);
  const dir = join(tmpdir(), 'tavolo-screenshots');
  mkdirSync(dir, { recursive: true });
  return join(dir, name);
}
