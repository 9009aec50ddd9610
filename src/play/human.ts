import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Server } from 'node:http';
import { InputError } from '../errors.js';
import { refuseLinkedFolder } from '../io/safe-path.js';
import { playSpec, type PlayArgs } from './narrate.js';
import { MatchHost, Refusal } from './host.js';
import { JournalWriter, SAVED, checkSameMatch, readJournal, rewriteJournal, type JournalHeader, type MatchIdentity } from './journal.js';
import type { EndMessage, RecordedDecision, StartMessage } from './protocol.js';
import { writeSaved } from './saved.js';
import { checkHumans } from './seats.js';
import { serve, type Tokens } from './server.js';

/**
 * `tavolo play ... --human <seats>`: the match served to a browser, the human seats played from the page.
 * The match is journaled in --out as it is played; running the same command again (or --resume --out dir)
 * goes on where it stopped, at the same addresses; the finished match is saved as <out>/match.json.
 */

export interface HumanArgs {
  /** Undefined with --resume: the journal names the match. */
  play?: PlayArgs;
  humans?: number[];
  port?: number;
  botDelay: number;
  out?: string;
  resume: boolean;
  cwd: string;
  print: (line: string) => void;
  /** Aborted (with an Interrupted naming SIGINT or SIGTERM) when the server is asked to stop. */
  stop: AbortSignal;
}

/** A fresh secret for an address (not a match decision: the operating system's randomness is right here). */
const secret = () => randomBytes(16).toString('hex'); // clock-ok: a token, never part of a match

/**
 * The seed of a human match given no --seed: drawn from the operating system, because a seed a seat could
 * guess (the default "0", a spec's own) would let it deal the match itself and read every hidden card. It
 * is journaled (a restart replays the same match) and told at the end, so the match replays exactly.
 */
const randomSeed = () => randomBytes(8).toString('hex'); // clock-ok: chosen once, then recorded like a given seed

function defaultOut(play: PlayArgs, game: string, variant: string): string {
  const base = play.spec !== undefined ? `${play.spec.replace(/^.*[\\/]/, '').replace(/\.json$/, '')}-${variant}` : game.replace(/^.*[\\/]/, '').replace(/\.m?js$/, '');
  const seed = play.seed === undefined ? '' : `-seed${play.seed}`;
  const slug = `${base}${seed}-match${play.match}`.replace(/[^A-Za-z0-9._-]+/g, '_');
  return join('played', slug);
}

/** The match to play and its folder: from the flags, or from the journal with --resume. */
async function identify(a: HumanArgs): Promise<{ identity: MatchIdentity; out: string }> {
  if (a.resume) {
    if (a.out === undefined) throw new InputError('--resume needs --out, the folder of the journaled match', '--resume');
    const found = readJournal(a.out);
    if (found === undefined) throw new InputError(`${join(a.out, 'journal.jsonl')} does not exist: nothing to resume`, '--resume');
    return { identity: { play: found.header.play, cwd: found.header.cwd, humans: found.header.humans }, out: a.out };
  }
  if (a.play === undefined || a.humans === undefined) throw new InputError('give the seats the humans play, such as 0 or 0,2', '--human');
  const { spec, variant } = await playSpec(a.play, a.cwd);
  checkHumans(a.humans, spec.players);
  if (typeof spec.game.view.observedView !== 'function') {
    throw new InputError(`the game ${spec.game.name} does not describe a seat's view of the table (observedView), so a person cannot be shown their seat`, '--human');
  }
  const out = a.out ?? defaultOut(a.play, spec.game.name, spec.variants[variant].name);
  const play = a.play.seed === undefined ? { ...a.play, seed: journaledSeed(out, a.play) ?? randomSeed() } : a.play;
  return { identity: { play, cwd: resolve(a.cwd), humans: a.humans }, out };
}

/** The seed drawn for the match journaled in `out` when the same command (no --seed) is run again. */
function journaledSeed(out: string, play: PlayArgs): string | undefined {
  const found = readJournal(out)?.header.play;
  return found !== undefined && JSON.stringify({ ...found, seed: undefined }) === JSON.stringify({ ...play, seed: undefined }) ? found.seed : undefined;
}

function addresses(tokens: Tokens, port: number, print: (line: string) => void): void {
  const url = (t: string) => `http://127.0.0.1:${port}/?token=${t}`;
  for (const [token, seats] of tokens.seats) if (token !== tokens.hotSeat) print(`  seat ${seats[0]}: ${url(token)}`);
  if (tokens.seats.get(tokens.hotSeat)?.length !== 1) print(`  all human seats in one tab, in turn (hot seat): ${url(tokens.hotSeat)}`);
}

export async function humanPlay(a: HumanArgs): Promise<number> {
  const { identity, out } = await identify(a);
  refuseLinkedFolder(out, '--out');
  const shown = relative(a.cwd, out) || '.';
  if (existsSync(join(out, SAVED))) {
    a.print(`This match is finished and saved in ${join(shown, SAVED)}: \`tavolo show ${shown}\` replays it; give another --out (or --match, --seed) to play another.`);
    return 0;
  }
  const opened = readJournal(out);
  if (opened !== undefined) checkSameMatch(out, { play: opened.header.play, cwd: opened.header.cwd, humans: opened.header.humans }, identity);
  if (opened?.dropped !== undefined) {
    a.print(`warning: the last line of ${join(shown, 'journal.jsonl')} was cut off by a crash and is dropped (that decision was never confirmed to a page): ${opened.dropped.slice(0, 80)}`);
    rewriteJournal(out, opened);
  }
  const tokens = opened ? tokensOf(opened.header) : newTokens(identity.humans);
  const recorded: RecordedDecision[] = opened?.decisions ?? [];
  let writer: JournalWriter | undefined = opened ? new JournalWriter(out) : undefined;
  let ended: EndMessage | undefined;
  let failed: string | undefined;
  let finish: () => void = () => undefined;
  const done = new Promise<void>((r) => (finish = r));
  const host = new MatchHost({
    input: { ...identity, recorded },
    botDelay: a.botDelay,
    record: (d) => {
      if (writer === undefined) throw new Refusal(503, 'the journal is not open yet: try again');
      writer.add(d);
      recorded.push(d);
    },
    onEnd: (end, start) => {
      ended = end;
      saveFinished(out, shown, identity, recorded, end, start, a.print);
    },
    onFail: (message) => {
      failed = message;
      finish();
    },
  });
  let served: { server: Server; port: number };
  try {
    served = await listen(host, tokens, a.port, opened?.header.port, a.print);
  } catch (err) {
    await host.stop();
    throw err;
  }
  if (writer === undefined) writer = JournalWriter.create(out, { format: 'tavolo-human-journal', version: 1, ...identity, tokens: tokenRecord(tokens), hotSeat: tokens.hotSeat, port: served.port });
  a.print(`${opened ? `Resuming the match journaled in ${shown} (${recorded.length} human decisions so far)` : `Journaling the match in ${shown}`}; open in a browser on this machine:`);
  addresses(tokens, served.port, a.print);
  a.print(`Bots wait ${a.botDelay} ms after each move you can see. Stop with Ctrl-C at any time: the same command resumes the match.`);
  const stopped = new Promise<string>((r) => a.stop.addEventListener('abort', () => r((a.stop.reason as { signal?: string } | undefined)?.signal ?? 'SIGINT')));
  const signal = await Promise.race([stopped, done.then(() => undefined)]);
  served.server.closeAllConnections();
  served.server.close();
  await host.stop();
  writer.close();
  if (failed !== undefined) throw new InputError(`the match could not go on: ${failed}`, '--human');
  if (ended !== undefined) return 0;
  a.print(`Stopped (${signal ?? 'stopped'}) with the match unfinished: ${recorded.length} human decisions are journaled in ${shown}; the same command resumes it.`);
  return signal === 'SIGTERM' ? 143 : 130;
}

async function listen(host: MatchHost, tokens: Tokens, port: number | undefined, journaled: number | undefined, print: (l: string) => void) {
  if (port !== undefined || journaled === undefined) return serve(host, tokens, port ?? 0);
  try {
    return await serve(host, tokens, journaled);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    print(`Port ${journaled}, where this match was served, is taken: serving on a free port instead (open pages must be opened again at the new address).`);
    return serve(host, tokens, 0);
  }
}

function newTokens(humans: readonly number[]): Tokens {
  const seats = new Map<string, number[]>();
  for (const s of humans) seats.set(secret(), [s]);
  const hotSeat = secret();
  seats.set(hotSeat, [...humans]);
  return { seats, hotSeat };
}

function tokenRecord(t: Tokens): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [token, seats] of t.seats) if (token !== t.hotSeat) out[String(seats[0])] = token;
  return out;
}

function tokensOf(h: JournalHeader): Tokens {
  const seats = new Map<string, number[]>();
  for (const s of h.humans) seats.set(h.tokens[String(s)], [s]);
  seats.set(h.hotSeat, [...h.humans]);
  return { seats, hotSeat: h.hotSeat };
}

function saveFinished(out: string, shown: string, identity: MatchIdentity, decisions: RecordedDecision[], end: EndMessage, start: StartMessage, print: (l: string) => void): void {
  writeSaved(out, { ...identity, decisions: [...decisions], result: end.result, totalDecisions: end.decisions, outcome: end.outcome });
  print(end.outcome);
  print(`Saved as ${join(shown, SAVED)} (${start.title}, master seed ${JSON.stringify(start.seed)}, match seed ${JSON.stringify(start.matchSeed)}, ${decisions.length} human decisions): \`tavolo show ${shown}\` replays it. The page stays open until Ctrl-C.`);
}
