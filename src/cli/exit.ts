/**
 * Exit codes (README, "Exit codes"): 0 every match played normally; 1 the results are complete but some
 * matches ended because a bot faulted (bot_error, illegal_action, bot_timeout, bot_crash); 2 bad input,
 * nothing written; 3 some batches kept failing (their worker died again and again), everything else is
 * journaled; 4 an internal error or an I/O failure; 130 / 143 interrupted by SIGINT / SIGTERM, the
 * journal keeps what was done; 6 the results are written but a bot or the game is not deterministic (the
 * determinism self-check replayed a match and got another row: runner/self-check.ts). `tavolo compare`
 * gives 0 equivalent (or no gate), 1 changed, 5 inconclusive.
 */
export const EXIT = { ok: 0, faults: 1, input: 2, batchesFailed: 3, internal: 4, inconclusive: 5, notDeterministic: 6, sigint: 130, sigterm: 143 } as const;
