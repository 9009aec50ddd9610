import type { MemoryLimits, Recollection } from '../../engine/game.js';
import type { Rng } from '../../engine/rng.js';
import { type SymbotrioConfig, configOf } from './config.js';
import type { SymbotrioObservation } from './observation.js';

/**
 * A Symbotrio player's memory of the keypad (the `memory` bot's model; Game.recollection). The observation
 * holds everything the table ever saw; this keeps the player's own picture, built from the flips it sees,
 * and loses parts of it:
 * - `recall`: each remembered square survives each turn with this probability (a square seen k turns
 *   ago is still known with probability recall^k);
 * - `capacity`: at most this many squares are remembered; learning one more forgets the oldest;
 * - `confusion`: the probability that the player fails to turn its mental picture when a code card turns
 *   the board: what it remembered from before that rotation stays at the old positions, now wrong,
 *   until a flip shows it otherwise.
 * `recall` returns the observation with `known` replaced by that picture.
 */
export class SymbotrioRecollection implements Recollection<SymbotrioObservation> {
  /** The sticker the player believes at each position (-1: does not know), and the turn it learned it. */
  private readonly mem = new Int8Array(32).fill(-1);
  private readonly learned = new Int32Array(32);
  private readonly tmp = new Int8Array(32);
  private readonly tmpT = new Int32Array(32);
  /** Per rotation since the last look: whether the player turned its picture with the board. */
  private tracked: Uint8Array = new Uint8Array(16);
  private lastTurn = 0;
  private lastRot = 0;
  private lastFlips = 0;

  constructor(
    private readonly limits: MemoryLimits,
    private readonly rng: Rng,
  ) {}

  recall(obs: SymbotrioObservation): SymbotrioObservation {
    const cfg = configOf(obs.options);
    this.update(obs, cfg);
    const known: number[] = [];
    for (let i = 0; i < cfg.squares; i++) known.push(this.mem[i]);
    return { ...obs, known };
  }

  private update(obs: SymbotrioObservation, cfg: SymbotrioConfig): void {
    this.forget(obs.turns - this.lastTurn, cfg.squares);
    const first = this.lastRot;
    this.turnPicture(obs.rotations - first, first, cfg);
    this.takeInFlips(obs, cfg, first);
    this.lastTurn = obs.turns;
    this.lastRot = obs.rotations;
    this.lastFlips = obs.flips;
  }

  /** Forgetting since the last look. */
  private forget(elapsed: number, q: number): void {
    if (this.limits.recall >= 1 || elapsed <= 0) return;
    const keep = this.limits.recall ** elapsed;
    for (let i = 0; i < q; i++) if (this.mem[i] >= 0 && this.rng.float() >= keep) this.mem[i] = -1;
  }

  /** The rotations since the last look: each one the player follows, or (confusion) not. */
  private turnPicture(dr: number, first: number, cfg: SymbotrioConfig): void {
    const q = cfg.squares;
    const { mem, tmp, tmpT, rng } = this;
    const confusion = this.limits.confusion;
    if (this.tracked.length < dr) this.tracked = new Uint8Array(dr * 2);
    for (let k = 0; k < dr; k++) this.tracked[k] = confusion > 0 && rng.float() < confusion ? 0 : 1;
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
  }

  /** What was flipped since, oldest first, at the position the player believes it saw it at. */
  private takeInFlips(obs: SymbotrioObservation, cfg: SymbotrioConfig, first: number): void {
    const q = cfg.squares;
    const recall = this.limits.recall;
    const fresh: number[] = [];
    for (let pos = 0; pos < q; pos++) if (obs.seenFlip[pos] >= this.lastFlips) fresh.push(pos);
    fresh.sort((a, b) => obs.seenFlip[a] - obs.seenFlip[b]);
    for (const pos of fresh) {
      const age = obs.turns - obs.seenTurn[pos];
      if (recall < 1 && age > 0 && this.rng.float() >= recall ** age) continue;
      let at = pos;
      for (let j = obs.rotations; j > obs.seenRot[pos]; j--) at = cfg.unrotate[shapeBefore(cfg, j + 1) * q + at];
      for (let j = obs.seenRot[pos] + 1; j <= obs.rotations; j++) {
        if (this.tracked[j - first - 1]) at = cfg.rotate[shapeBefore(cfg, j) * q + at];
      }
      this.store(at, obs.known[pos], obs.seenTurn[pos], q);
    }
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
    while (count + 1 > this.limits.capacity) {
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
