import { COLOUR_NAME, COLOUR_OF, Card, KIND_OF, Kind, XPLUS_VALUE, cardCode, cardName } from './cards.js';
import { endWords } from '../../engine/words.js';
import { stopWords } from './words.js';
import {
  ATTACK_NAMES,
  Act,
  END_REASONS,
  EVENT_NAMES,
  Ev,
  PHASE_NAMES,
  Phase,
  type StopState,
  SwapMode,
  eventArg,
  eventKind,
  eventPlayer,
} from './state.js';

/** Context-free action code: a card code (`B4`, `R2+`, `J`), `D` draw, `-` pass, `WL`/`WR`/`W<seat>` swaps. */
export function actionCode(a: number): string {
  if (a >= 0 && a < Card.COUNT) return cardCode(a);
  if (a === Act.DRAW) return 'D';
  if (a === Act.PASS) return '-';
  if (a === Act.SWAP_LEFT) return 'WL';
  if (a === Act.SWAP_RIGHT) return 'WR';
  if (a >= Act.SWAP_SEAT && a < Act.COUNT) return `W${a - Act.SWAP_SEAT}`;
  return `?${a}`;
}

/** Parses an action code back to the action (inverse of actionCode). */
export function parseActionCode(code: string): number {
  const c = code.trim().toUpperCase();
  if (c === 'D') return Act.DRAW;
  if (c === '-') return Act.PASS;
  if (c === 'WL') return Act.SWAP_LEFT;
  if (c === 'WR') return Act.SWAP_RIGHT;
  const m = /^W(\d)$/.exec(c);
  if (m) return Act.SWAP_SEAT + Number(m[1]);
  for (let t = 0; t < Card.COUNT; t++) if (cardCode(t) === c) return t;
  throw new Error(`unknown Stop action code "${code}"`);
}

function swapModeText(mode: number): string {
  if (mode === SwapMode.LEFT) return 'every hand passes to the left';
  if (mode === SwapMode.RIGHT) return 'every hand passes to the right';
  return `swap hands with seat ${mode}`;
}

export function actionText(s: StopState, a: number): string {
  const p = s.cur;
  const who = `seat ${p}`;
  switch (s.phase) {
    case Phase.TURN:
      if (a === Act.DRAW) return `${who} has no valid card: draws one and loses the turn`;
      if (a === Card.JOLLY) return `${who} plays a jolly (and then a coloured card of their choice)`;
      return `${who} plays ${cardName(a)}`;
    case Phase.JOLLY:
      return `${who} plays ${cardName(a)} with the jolly`;
    case Phase.ATTACK_DRAW:
      if (a === Act.DRAW) return `${who} draws ${s.attackCount} cards and loses the turn`;
      if (a === Card.JOLLY) return `${who} plays a jolly with a defence`;
      if (KIND_OF[a] === Kind.ZERO) return `${who} stops the 2+ with ${cardName(a)}`;
      return `${who} passes the 2+ on with ${cardName(a)} (the next player faces ${s.attackCount + 2})`;
    case Phase.ATTACK_SKIP:
      if (a === Act.PASS) return s.attackCount === 1 ? `${who} is skipped` : `${who} and the next ${s.attackCount - 1} are skipped`;
      if (a === Card.JOLLY) return `${who} plays a jolly with a defence`;
      if (KIND_OF[a] === Kind.ZERO) return `${who} stops the skip with ${cardName(a)}`;
      return `${who} adds ${cardName(a)}: the next ${s.attackCount + 1} players are skipped`;
    case Phase.ATTACK_X:
      if (a === Act.DRAW) return `${who} shows the hand, has no number card and draws one`;
      if (KIND_OF[a] === Kind.ZERO && COLOUR_OF[a] === s.attackColour) return `${who} stops the X+ with ${cardName(a)}`;
      return `${who} shows the hand, plays ${cardName(a)} and draws ${XPLUS_VALUE[KIND_OF[a]]}`;
    case Phase.SWAP_CHOOSE:
      if (a === Act.SWAP_LEFT || a === Act.SWAP_RIGHT) return `${who}: ${swapModeText(a === Act.SWAP_LEFT ? SwapMode.LEFT : SwapMode.RIGHT)}`;
      return `${who} swaps hands with seat ${a - Act.SWAP_SEAT}`;
    case Phase.SWAP_CANCEL:
      if (a === Act.PASS) return `${who} lets the swap happen`;
      return `${who} cancels the swap with ${cardName(a)}`;
    case Phase.OUT_OF_TURN:
      if (a === Act.PASS) return `${who} keeps the identical card`;
      return `${who} plays the identical ${cardName(a)} out of turn`;
    default:
      return actionCode(a);
  }
}

/** A readable line for one history event. */
export function eventText(ev: number): string {
  const k = eventKind(ev);
  const p = eventPlayer(ev);
  const a = eventArg(ev);
  const who = `seat ${p}`;
  switch (k) {
    case Ev.FLIP:
      return `first card: ${cardName(a)}`;
    case Ev.PLAY:
      return `${who} plays ${cardName(a)}`;
    case Ev.OUT_OF_TURN:
      return `${who} plays ${cardName(a)} out of turn`;
    case Ev.DEFEND:
      return `${who} defends with ${cardName(a)}`;
    case Ev.STACK:
      return `${who} stacks ${cardName(a)}`;
    case Ev.DRAW:
      return `${who} draws ${a}`;
    case Ev.SKIPPED:
      return `${who} is skipped`;
    case Ev.SHOW:
      return `${who} shows the hand`;
    case Ev.SHOWN:
      return `${who} shows ${cardName(a)}`;
    case Ev.XPLAY:
      return `${who} plays ${cardName(a)} against the X+`;
    case Ev.SWAP:
      return `${who}: ${swapModeText(a)}`;
    case Ev.CANCEL:
      return `${who} cancels the swap with ${cardName(a)}`;
    case Ev.FORGOT:
      return `${who} forgot "Attenzione!" and draws ${a}`;
    case Ev.RESHUFFLE:
      return 'the discards are shuffled into a new deck';
    case Ev.JOLLY:
      return `${who} plays a jolly`;
    case Ev.XPASS:
      return `${who} drew a symbol: the X+ passes on`;
    default:
      return EVENT_NAMES[k] ?? `event ${ev}`;
  }
}

function handCodes(s: StopState, p: number): string {
  const parts: string[] = [];
  for (let t = 0; t < Card.COUNT; t++) for (let c = s.hands[p * Card.COUNT + t]; c > 0; c--) parts.push(cardCode(t));
  return parts.join(' ');
}

export function describe(s: StopState): string {
  const lines: string[] = [];
  const top = s.disc[s.discLen - 1];
  lines.push(
    `Stop · round ${s.round} · dealer seat ${s.dealer} · turn ${s.roundTurns} of the round` +
      (s.ending ? ' · ending (a hand is empty)' : ''),
  );
  lines.push(`Top card: ${cardName(top)} (${cardCode(top)}) · deck ${s.pileLen} · discards ${s.discLen}`);
  if (s.attack !== 0) {
    const what = ATTACK_NAMES[s.attack];
    const colour = COLOUR_NAME[s.attackColour];
    const detail = what === 'draw' ? `${s.attackCount} cards to draw` : what === 'skip' ? `${s.attackCount} skipped` : 'X+';
    lines.push(`Pending attack on seat ${s.turn}: ${detail} (${colour})`);
  }
  lines.push('seat | total | last round | cards | hand');
  for (let p = 0; p < s.n; p++) {
    const mark = p === s.cur ? '>' : ' ';
    lines.push(
      `${mark}${String(p).padStart(3)} | ${String(s.totals[p]).padStart(5)} | ${String(s.lastRound[p]).padStart(10)} | ${String(s.sizes[p]).padStart(5)} | ${handCodes(s, p)}`,
    );
  }
  switch (s.phase) {
    case Phase.OVER:
      lines.push(`Match over: ${endWords(stopWords, END_REASONS[s.endReason])}.`);
      break;
    case Phase.OUT_OF_TURN:
      lines.push(`Seat ${s.cur} may play the identical ${cardName(top)} out of turn (turn of seat ${s.turn}).`);
      break;
    case Phase.SWAP_CHOOSE:
      lines.push(`Seat ${s.cur} played a swap and chooses how hands move.`);
      break;
    case Phase.SWAP_CANCEL:
      lines.push(`Seat ${s.swapPlayer}: ${swapModeText(s.swapMode)}; seat ${s.cur} may cancel it with a ${COLOUR_NAME[s.swapColour]} 0.`);
      break;
    case Phase.JOLLY:
      lines.push(`Seat ${s.cur} plays a jolly and chooses the coloured card to go with it.`);
      break;
    case Phase.TURN:
    case Phase.ATTACK_DRAW:
    case Phase.ATTACK_SKIP:
    case Phase.ATTACK_X:
      lines.push(`Seat ${s.cur} to play (${PHASE_NAMES[s.phase]}).`);
      break;
  }
  return lines.join('\n');
}

/**
 * What `viewer` sees of action a of another seat's decision (the contract's actionSeen). An out-of-turn
 * window and a swap-cancel window are asked privately (see observation.ts): declining is invisible to
 * the others; playing the card is public. Every other Stop decision is public.
 */
export function actionSeen(s: StopState, a: number, viewer: number): string | null {
  if (viewer === s.cur) return actionText(s, a);
  if ((s.phase === Phase.OUT_OF_TURN || s.phase === Phase.SWAP_CANCEL) && a === Act.PASS) return null;
  return actionText(s, a);
}
