/**
 * The symlink and seat-server attacks at full size, against the real command: `npm run build && node
 * dist/bench/attack.js` (flags: --body-mb N, default 540; --half-sent N, default 1000). It starts
 * `tavolo play --human` in a temporary folder and tries a body of N MB (declared, then chunked), N
 * half-sent requests, a cross-site POST, malformed answers and a second stream for a held seat, watching
 * the server's resident memory (/proc, Linux); then `tavolo run --out <a link>` with and without --force.
 * It prints one line per attack and exits 1 when any did not hold.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MALFORMED_ACTS, answer, crossSitePost, floodBody, halfSentRequests } from './attacks.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BIN = join(ROOT, 'bin', 'tavolo.js');

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const results: Array<{ attack: string; held: boolean; seen: string }> = [];
const report = (attack: string, held: boolean, seen: string) => {
  results.push({ attack, held, seen });
  process.stdout.write(`${held ? 'held  ' : 'BROKE '} ${attack}: ${seen}\n`);
};

/** The server process's resident memory in MB (Linux), or NaN where /proc is not there. */
function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(existsSync(`/proc/${pid}/status`) ? readFileSync(`/proc/${pid}/status`, 'utf8') : '');
  return m ? Number(m[1]) / 1024 : NaN;
}

async function startServer(dir: string): Promise<{ page: URL; pid: number; stop(): void; alive(): boolean }> {
  const child = spawn(process.execPath, [BIN, 'play', '--game', 'stramat', '--bots', 'random,random,random', '--human', '0', '--bot-delay', '0', '--out', join(dir, 'm')], { cwd: dir });
  let out = '';
  let exited = false;
  child.on('exit', () => (exited = true));
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
  for (let t = 0; !/Stop with Ctrl-C/.test(out); t++) {
    if (t > 600 || exited) throw new Error(`tavolo play did not serve:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { page: new URL(/seat 0: (\S+)/.exec(out)?.[1] ?? ''), pid: child.pid ?? 0, stop: () => child.kill('SIGKILL'), alive: () => !exited };
}

async function serverAttacks(dir: string): Promise<void> {
  const server = await startServer(dir);
  const base = server.page.origin;
  const token = server.page.searchParams.get('token') ?? '';
  try {
    const bodyBytes = flag('body-mb', 540) * 1024 * 1024;
    for (const chunked of [false, true]) {
      const before = rssMb(server.pid);
      const flood = await floodBody(base, bodyBytes, chunked);
      const grew = rssMb(server.pid) - before;
      const held = flood.status === 413 && flood.closedEarly && server.alive() && !(grew > 50);
      report(`${bodyBytes / 1048576} MB body (${chunked ? 'chunked' : 'declared'})`, held, `status ${flood.status}, ${(flood.sentBytes / 1048576).toFixed(1)} MB sent before the close (most of it held in socket buffers, unread), RSS ${grew >= 0 ? '+' : ''}${grew.toFixed(0)} MB`);
    }
    const count = flag('half-sent', 1000);
    const slow = await halfSentRequests(base, count, 15_000);
    report(`${count} half-sent requests`, slow.closed === slow.opened, `${slow.closed} of ${slow.opened} closed by the server within 15 s`);
    const stream = new AbortController();
    const first = await fetch(`${base}/events?token=${token}&tab=A`, { signal: stream.signal });
    const second = await answer(`${base}/events?token=${token}&tab=B`);
    report('a second stream for a held seat', first.status === 200 && second.status === 409, `first ${first.status}, second ${second.status} (${second.error ?? ''})`);
    stream.abort();
    const cross = await crossSitePost(base, JSON.stringify({ token, tab: 'A', seat: 0, n: 0, action: 0 }));
    report('a cross-site POST with a valid token', cross.status === 403, `status ${cross.status}`);
    const bad = await Promise.all(MALFORMED_ACTS.map((body) => answer(`${base}/act`, { method: 'POST', body })));
    report('malformed answers (null, [], 1, ...)', bad.every((b) => b.status === 400), bad.map((b) => b.status).join(' '));
    const page = await fetch(server.page);
    report('the server after all that', page.status === 200 && server.alive(), `GET / answers ${page.status}`);
  } finally {
    server.stop();
  }
}

function symlinkAttacks(dir: string): void {
  const spec = join(ROOT, 'tests', 'fixtures', 'highcard-3p.json');
  const target = join(dir, 'system');
  mkdirSync(target);
  symlinkSync(target, join(dir, 'link-to-system'));
  const run = (extra: string[]) => spawnSync(process.execPath, [BIN, 'run', spec, '--matches', '20', '--out', join(dir, 'link-to-system'), ...extra], { encoding: 'utf8' });
  for (const extra of [[], ['--force']]) {
    const r = run(extra);
    report(`--out a link${extra.length ? ' with --force' : ''}`, r.status === 2 && readdirSync(target).length === 0, `exit ${r.status}, ${readdirSync(target).length} files where it points`);
  }
}

const dir = mkdtempSync(join(tmpdir(), 'tavolo-attack-'));
try {
  await serverAttacks(dir);
  symlinkAttacks(dir);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const broke = results.filter((r) => !r.held).length;
process.stdout.write(`${results.length - broke} of ${results.length} attacks held.\n`);
process.exitCode = broke > 0 ? 1 : 0;
