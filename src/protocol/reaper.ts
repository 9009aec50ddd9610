import { BroadcastChannel } from 'node:worker_threads';

/**
 * Bot processes are started by relay threads inside worker threads, which tavolo ends as it stops (Ctrl-C,
 * an error) without their code getting to run. So every relay announces the processes it starts and
 * reaps on a channel every thread of tavolo shares, and the main thread ends those still running when
 * tavolo exits. A process that ignores the end of its input is then ended too.
 */
const CHANNEL = 'tavolo:process-bots';

export interface PidNote {
  pid: number;
  alive: boolean;
}

/** The channel a relay announces its processes on. */
export function pidChannel(): BroadcastChannel {
  const channel = new BroadcastChannel(CHANNEL);
  channel.unref();
  return channel;
}

let watching = false;

/** In the main thread: ends, when tavolo exits, every bot process still running. Idempotent. */
export function endBotProcessesAtExit(): void {
  if (watching) return;
  watching = true;
  const pids = new Set<number>();
  const channel = pidChannel();
  channel.onmessage = (event: unknown) => {
    const note = (event as { data: PidNote }).data;
    if (note.alive) pids.add(note.pid);
    else pids.delete(note.pid);
  };
  process.on('exit', () => {
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  });
}
