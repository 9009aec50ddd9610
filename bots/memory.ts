import type { Bot, BotContext, BotFactory, Decision } from '../src/engine/bot.js';
import type { AnyGame } from '../src/engine/game.js';
import type { Rng } from '../src/engine/rng.js';
import { greedyChoice } from './greedy.js';
import { type SymbotrioConfig, configOf } from '../src/games/symbotrio/config.js';
import type { SymbotrioObservation } from '../src/games/symbotrio/observation.js';

/**
 * A Symbotrio player with a human memory. The observation holds everything the table ever saw; this bot
 * keeps its own picture of the keypad, built from the flips it sees, and loses parts of it:
 * - `recall`: each remembered square survives each turn with this probability (a square seen k turns
 *   ago is still known with probability recall^k);
 * - `capacity`: at most this many squares are remembered; learning one more forgets the oldest;
 * - `confusion`: the probability that the bot fails to turn its mental picture when a code card turns
 *   the board: what it remembered from before that rotation stays at the old positions, now wrong,
 *   until a flip shows it otherwise.
 * It then plays as the greedy bot does (game.heuristic), judged on its own picture. Its forgetting
 * draws on its own generator; the memory lives in the bot (a fresh one per match).
 *
 * On any other game it has no memory model and plays the game's heuristic, as `greedy` does.
 */
class MemoryBot implements Bot {
  /** The sticker the bot believes at each position (-1: does not know), and the turn it learned it. */
  private readonly mem = new Int8Array(32).fill(-1);
  private readonly learned = new Int32Array(32);
  private readonly tmp = new Int8Array(32);
  private readonly tmpT = new Int32Array(32);
  /** Per rotation since the last look: whether the bot turned its picture with the board. */
  private tracked: Uint8Array = new Uint8Array(16);
  private lastTurn = 0;
  private lastRot = 0;
  private lastFlips = 0;

  constructor(
    private readonly game: AnyGame,
    private readonly rng: Rng,
    private readonly recall: number,
    private readonly capacity: number,
    private readonly confusion: number,
  ) {}

  choose(d: Decision): number {
    const { legal, count } = d;
    if (count === 1) return legal[0];
    const game = this.game;
    let obs = d.observation;
    if (game.name === 'symbotrio') obs = this.withMemory(obs as SymbotrioObservation);
    return greedyChoice(game, obs, legal, count, this.rng);
  }

  /** The observation with `known` replaced by what this bot remembers, after taking in what it saw since. */
  private withMemory(obs: SymbotrioObservation): SymbotrioObservation {
    const cfg = configOf(obs.options);
    this.update(obs, cfg);
    const known: number[] = [];
    for (let i = 0; i < cfg.squares; i++) known.push(this.mem[i]);
    return { ...obs, known };
  }

  private update(obs: SymbotrioObservation, cfg: SymbotrioConfig): void {
    const q = cfg.squares;
    const mem = this.mem;
    const rng = this.rng;
    // Forgetting since the last look.
    const elapsed = obs.turns - this.lastTurn;
    if (this.recall < 1 && elapsed > 0) {
      const keep = this.recall ** elapsed;
      for (let i = 0; i < q; i++) if (mem[i] >= 0 && rng.float() >= keep) mem[i] = -1;
    }
    // The rotations since: each one the bot follows, or (confusion) not.
    const first = this.lastRot;
    const dr = obs.rotations - first;
    if (this.tracked.length < dr) this.tracked = new Uint8Array(dr * 2);
    for (let k = 0; k < dr; k++) this.tracked[k] = this.confusion > 0 && rng.float() < this.confusion ? 0 : 1;
    const tmp = this.tmp;
    const tmpT = this.tmpT;
    for (let k = 0; k < dr; k++) {
      if (!this.tracked[k]) continue;
      const base = shapeBefore(cfg, first + k + 1) * q;
      for (let i = 0; i < q; i++) {
        tmp[cfg.rotate[base + i]] = mem[i];
        tmpT[cfg.rotate[base + i]] = this.learned[i];
      }
      mem.set(tmp.subarray(0, q));
      this.learned.set(tmpT.subarray(0, q));
    }
    // What was flipped since, oldest first, at the position the bot believes it saw it at.
    const fresh: number[] = [];
    for (let pos = 0; pos < q; pos++) if (obs.seenFlip[pos] >= this.lastFlips) fresh.push(pos);
    fresh.sort((a, b) => obs.seenFlip[a] - obs.seenFlip[b]);
    for (const pos of fresh) {
      const age = obs.turns - obs.seenTurn[pos];
      if (this.recall < 1 && age > 0 && rng.float() >= this.recall ** age) continue;
      let at = pos;
      for (let j = obs.rotations; j > obs.seenRot[pos]; j--) at = cfg.unrotate[shapeBefore(cfg, j + 1) * q + at];
      for (let j = obs.seenRot[pos] + 1; j <= obs.rotations; j++) {
        if (this.tracked[j - first - 1]) at = cfg.rotate[shapeBefore(cfg, j) * q + at];
      }
      this.store(at, obs.known[pos], obs.seenTurn[pos], q);
    }
    this.lastTurn = obs.turns;
    this.lastRot = obs.rotations;
    this.lastFlips = obs.flips;
  }

  private store(pos: number, sticker: number, turn: number, q: number): void {
    const mem = this.mem;
    let count = 0;
    for (let i = 0; i < q; i++) {
      if (mem[i] === sticker && i !== pos) mem[i] = -1;
      if (mem[i] >= 0 && i !== pos) count++;
    }
    mem[pos] = sticker;
    this.learned[pos] = turn;
    // Over capacity: forget the squares learned longest ago.
    while (count + 1 > this.capacity) {
      let oldest = -1;
      for (let i = 0; i < q; i++) if (i !== pos && mem[i] >= 0 && (oldest < 0 || this.learned[i] < this.learned[oldest])) oldest = i;
      if (oldest < 0) {
        mem[pos] = -1;
        break;
      }
      mem[oldest] = -1;
      count--;
    }
  }
}

/**
 * The keypad's shape just before the board's rotation number j (1 = the first): a grid alternates
 * between rows x cols (0) and cols x rows (1); the ring keeps its shape.
 */
function shapeBefore(cfg: SymbotrioConfig, j: number): number {
  return cfg.ring ? 0 : (j - 1) & 1;
}

export const memory: BotFactory = {
  name: 'memory',
  description:
    'Symbotrio: plays like greedy on its own memory of the keypad, which forgets (recall per turn, capacity) and may ' +
    'fail to follow a code card\'s rotation (confusion). On other games: the game heuristic, as greedy.',
  params: [
    { name: 'recall', type: 'number', default: 1, min: 0, max: 1, description: 'Probability that a remembered square is kept through each turn.' },
    { name: 'capacity', type: 'int', default: 24, min: 0, max: 24, description: 'Most squares remembered at once (the oldest are forgotten first).' },
    {
      name: 'confusion',
      type: 'number',
      default: 0,
      min: 0,
      max: 1,
      description: "Probability of not turning the remembered picture when the board is turned (memories stay at the old positions).",
    },
  ],
  create(ctx: BotContext): Bot {
    return new MemoryBot(ctx.game, ctx.rng, ctx.params.recall as number, ctx.params.capacity as number, ctx.params.confusion as number);
  },
};

export default memory;
