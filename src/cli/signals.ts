/**
 * How tavolo stops on a signal: the body of a long command runs with an AbortSignal that SIGINT and SIGTERM
 * abort (src/cli/main.ts and the study commands pass it to the runner).
 */
import { Interrupted } from '../errors.js';

/**
 * SIGINT and SIGTERM abort the controller (with an Interrupted naming the signal) while `body` runs.
 * A second SIGINT (Ctrl-C again) ends tavolo at once, as usual. A repeated SIGTERM is ignored until
 * tavolo has stopped cleanly: Slurm (scancel, scontrol requeue) signals every process of a job, so tavolo
 * receives SIGTERM both from Slurm and from deploy/run-shard.sh, which passes it on, often within the same
 * millisecond; the scheduler's SIGKILL after its grace period still ends a stop that hangs.
 *
 * Why the SIGTERM listener is never removed before its successor is added: when the last listener of a
 * signal goes, Node restores the default action (end the process). With `process.once`, the first SIGTERM
 * removed the listener before the handler ran, and a second SIGTERM landing in that instant killed tavolo
 * without its clean stop (journal lock left behind, no message): seen once under load on a Slurm requeue.
 * One window stays, outside tavolo's reach: once tavolo has stopped cleanly and returns, Node closes its
 * signal handles while it exits, and a SIGTERM landing then ends the process by the signal (143 to a shell,
 * as the clean stop's own exit code), after the message and with the lock already released.
 */
export async function withSignals<T>(body: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let terminated = false;
  const onInt = () => controller.abort(new Interrupted('SIGINT'));
  const onTerm = () => {
    if (terminated) return;
    terminated = true;
    controller.abort(new Interrupted('SIGTERM'));
  };
  process.once('SIGINT', onInt);
  process.on('SIGTERM', onTerm);
  try {
    return await body(controller.signal);
  } finally {
    process.off('SIGINT', onInt);
    // Added before onTerm goes, so that SIGTERM never falls back to its default action (see above).
    if (terminated) process.on('SIGTERM', ignoreRepeatedTerm);
    process.off('SIGTERM', onTerm);
  }
}

/** Installed once a SIGTERM has been received and kept until tavolo exits (see withSignals). */
function ignoreRepeatedTerm(): void {}
