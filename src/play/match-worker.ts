import { parentPort, workerData } from 'node:worker_threads';
import type { Bot, BotFactory, Decision } from '../engine/bot.js';
import type { AnyGame, GameEvent } from '../engine/game.js';
import { matchRngs, playMatch } from '../engine/match.js';
import { matchSeed } from '../engine/plan.js';
import { seatView } from '../report/replay.js';
import { playSpec } from './narrate.js';
import type { FromWorker, WorkerInput } from './protocol.js';
import { changedOptions, outcomeText } from './words.js';
import { seatsWithHumans } from './seats.js';

/**
 * The thread that plays a match with human seats. The match is played by playMatch, exactly as a
 * tournament plays it; a human seat is a bot (`human` below) whose `choose` sends the decision to the
 * server and waits (Atomics.wait) until the server writes the action a page chose. Its answer goes through
 * the engine's own check of legality like any bot's. Decisions journaled before a restart are answered
 * from the journal without waiting, so a resumed match replays to where it stopped: bots draw from their
 * own seeded generators, so they decide again exactly as before.
 *
 * Beside the engine's state the thread keeps a second copy of the match (the same set-up and actions from
 * a generator of the same seed, as the viewer's replay does) that collects the events and the seats' views
 * to send; the engine's state is never handed out.
 */

const input = workerData as WorkerInput;
const signal = new Int32Array(input.signal);
const send = (m: FromWorker) => parentPort?.postMessage(m);

function viewsOf(game: AnyGame, state: unknown, players: number): (ReturnType<typeof seatView> | null)[] {
  return Array.from({ length: players }, (_, p) => (input.humans.includes(p) ? seatView(game, state, p) : null));
}

/** The human seat: journaled answers first, then the page's, through the server. */
/** Set when the replay of the journal left the journaled match: then the match is not played on. */
let diverged: string | undefined;

function humanFactory(counter: { n: number }): BotFactory {
  const recorded = [...input.recorded];
  return {
    name: 'human',
    description: 'a person at the page',
    params: [],
    create: (): Bot => ({
      choose(d: Decision): number {
        const n = counter.n;
        if (recorded.length > 0) {
          const r = recorded[0];
          if (r.n !== n || r.seat !== d.player) {
            diverged = `the journal's next decision is #${r.n} by seat ${r.seat}, but the replay asks seat ${d.player} at decision #${n}: the game, a bot or the options changed since it was written`;
            throw new Error(diverged);
          }
          recorded.shift();
          return r.action;
        }
        const actions = Array.from(d.legal.subarray(0, d.count), (a) => ({ action: a, text: d.describe(a), code: d.game.actionCode(a) }));
        send({ type: 'ask', n, seat: d.player, actions, view: d.game.view.observedView(d.observation, d.player) });
        Atomics.wait(signal, 0, 0);
        Atomics.store(signal, 0, 0);
        return Atomics.load(signal, 1);
      },
    }),
  };
}

async function run(): Promise<void> {
  const { spec, variant: vi } = await playSpec(input.play, input.cwd);
  const { game, players } = spec;
  const variant = spec.variants[vi];
  const match = input.play.match;
  const counter = { n: 0 };
  const seats = seatsWithHumans(spec, match, input.humans, humanFactory(counter));
  const seed = matchSeed(spec.seed, match);
  const rng = matchRngs(seed, players).game;
  let events: GameEvent[] = [];
  const shadow = game.setup(variant.options, players, rng, undefined, events);
  send({
    type: 'start',
    title: game.title,
    variant: variant.name,
    seats: seats.map((s) => s.name),
    seed: spec.seed,
    matchSeed: seed,
    match,
    changedOptions: changedOptions(game, variant.options),
    words: game.view.words ?? null,
    length: null,
    events,
    views: viewsOf(game, shadow, players),
  });
  const outcome = playMatch(game, variant.options, seats, seed, {
    onAction(_state, seat, action) {
      const text = game.view.actionText(shadow, action);
      const seen = seats.map((_, p) => (p === seat || !game.view.actionSeen ? text : game.view.actionSeen(shadow, action, p)));
      events = [];
      game.apply(shadow, action, rng, events);
      send({ type: 'step', n: counter.n, seat, bot: seats[seat].name, code: game.actionCode(action), seen, events, views: viewsOf(game, shadow, players) });
      counter.n++;
    },
  });
  const f = outcome.fault;
  const names = seats.map((s) => s.name);
  if (diverged === undefined && f !== undefined && input.humans.includes(f.seat) && f.reason === 'illegal_action') {
    diverged = `the journaled decision of seat ${f.seat} is not legal in the replayed match (${f.message}): the game, a bot or the options changed since it was written`;
  }
  if (diverged !== undefined) return send({ type: 'fail', message: diverged });
  send({ type: 'end', result: outcome.result, decisions: outcome.decisions, fault: outcome.fault, outcome: outcomeText(game, outcome, names), outcomes: names.map((_, p) => outcomeText(game, outcome, names, [p])), seed: spec.seed, matchSeed: seed });
}

run().catch((err: unknown) => send({ type: 'fail', message: err instanceof Error ? err.message : String(err) }));
