import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { workerData, type MessagePort } from 'node:worker_threads';
import type { FromRelay, ToRelay } from './relay.js';
import { pidChannel, type PidNote } from './reaper.js';

/**
 * The relay thread (relay.ts): owns the bot processes of one engine thread, writes the lines the engine
 * sends to a process's stdin and posts back each line of its stdout, its end and the tail of its stderr.
 * After every message it posts, it counts it in the shared cell and wakes the engine, which waits there.
 */
const { port, signal } = workerData as { port: MessagePort; signal: SharedArrayBuffer };
const cell = new Int32Array(signal);
const children = new Map<number, ChildProcess>();
const STDERR_KEPT = 2000;
const pids = pidChannel();
const announce = (note: PidNote) => pids.postMessage(note);

function post(message: FromRelay): void {
  port.postMessage(message);
  Atomics.add(cell, 0, 1);
  Atomics.notify(cell, 0);
}

function start(id: number, argv: string[], cwd: string): void {
  let stderr = '';
  const child = spawn(argv[0], argv.slice(1), { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
  children.set(id, child);
  const pid = child.pid;
  if (pid !== undefined) announce({ pid, alive: true });
  child.stdin.on('error', () => undefined); // a process that ended: its exit is reported below
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    stderr = (stderr + text).slice(-STDERR_KEPT);
  });
  createInterface({ input: child.stdout, crlfDelay: Infinity }).on('line', (line) => post({ k: 'line', id, line }));
  child.on('error', (err) => {
    children.delete(id);
    post({ k: 'exit', id, code: null, signal: null, stderr: err.message });
  });
  child.on('close', (code, sig) => {
    if (pid !== undefined) announce({ pid, alive: false });
    if (children.get(id) !== child) return;
    children.delete(id);
    post({ k: 'exit', id, code, signal: sig, stderr });
  });
}

port.on('message', (m: ToRelay) => {
  if (m.k === 'spawn') start(m.id, m.argv, m.cwd);
  else if (m.k === 'send') children.get(m.id)?.stdin?.write(`${m.line}\n`);
  else {
    const child = children.get(m.id);
    children.delete(m.id);
    child?.kill('SIGKILL');
  }
});

// The engine thread ending (its worker ended, tavolo stopped) closes the port: no process outlives it.
function killAll(): void {
  for (const child of children.values()) child.kill('SIGKILL');
  children.clear();
}
port.on('close', killAll);
process.on('exit', killAll);
