import { COLOUR_NAME, COLOUR_OF, JOLLY, KIND_OF, K_ZERO, NT, XPLUS_VALUE, cardCode, cardName } from './cards.js';
import {
  A_DRAW,
  A_PASS,
  A_SWAP_LEFT,
  A_SWAP_RIGHT,
  A_SWAP_SEAT,
  ATTACK_NAMES,
  END_REASONS,
  EVENT_NAMES,
  EV_CANCEL,
  EV_DEFEND,
  EV_DRAW,
  EV_FLIP,
  EV_FORGOT,
  EV_JOLLY,
  EV_OUT_OF_TURN,
  EV_PLAY,
  EV_RESHUFFLE,
  EV_SHOW,
  EV_SHOWN,
  EV_SKIPPED,
  EV_STACK,
  EV_SWAP,
  EV_XPASS,
  EV_XPLAY,
  PHASE_NAMES,
  PH_ATTACK_DRAW,
  PH_ATTACK_SKIP,
  PH_ATTACK_X,
  PH_JOLLY,
  PH_OUT_OF_TURN,
  PH_OVER,
  PH_SWAP_CANCEL,
  PH_SWAP_CHOOSE,
  PH_TURN,
  SWAP_MODE_LEFT,
  SWAP_MODE_RIGHT,
  type StopState,
  eventArg,
  eventKind,
  eventPlayer,
} from './state.js';

/** Context-free action code: a card code (`B4`, `R2+`, `J`), `D` draw, `-` pass, `WL`/`WR`/`W<seat>` swaps. */
export function actionCode(a: number): string {
  if (a >= 0 && a < NT) return cardCode(a);
  if (a === A_DRAW) return 'D';
  if (a === A_PASS) return '-';
  if (a === A_SWAP_LEFT) return 'WL';
  if (a === A_SWAP_RIGHT) return 'WR';
  if (a >= A_SWAP_SEAT && a < A_SWAP_SEAT + 10) return `W${a - A_SWAP_SEAT}`;
  return `?${a}`;
}

/** Parses an action code back to the action (inverse of actionCode). */
export function parseActionCode(code: string): number {
  const c = code.trim().toUpperCase();
  if (c === 'D') return A_DRAW;
  if (c === '-') return A_PASS;
  if (c === 'WL') return A_SWAP_LEFT;
  if (c === 'WR') return A_SWAP_RIGHT;
  const m = /^W(\d)$/.exec(c);
  if (m) return A_SWAP_SEAT + Number(m[1]);
  for (let t = 0; t < NT; t++) if (cardCode(t) === c) return t;
  throw new Error(`unknown Stop action code "${code}"`);
}

function swapModeText(mode: number): string {
  if (mode === SWAP_MODE_LEFT) return 'every hand passes to the left';
  if (mode === SWAP_MODE_RIGHT) return 'every hand passes to the right';
  return `swap hands with seat ${mode}`;
}

export function actionText(s: StopState, a: number): string {
  const p = s.cur;
  const who = `seat ${p}`;
  switch (s.phase) {
    case PH_TURN:
      if (a === A_DRAW) return `${who} has no valid card: draws one and loses the turn`;
      if (a === JOLLY) return `${who} plays a jolly (and then a coloured card of their choice)`;
      return `${who} plays ${cardName(a)}`;
    case PH_JOLLY:
      return `${who} plays ${cardName(a)} with the jolly`;
    case PH_ATTACK_DRAW:
      if (a === A_DRAW) return `${who} draws ${s.attackCount} cards and loses the turn`;
      if (a === JOLLY) return `${who} plays a jolly with a defence`;
      if (KIND_OF[a] === K_ZERO) return `${who} stops the 2+ with ${cardName(a)}`;
      return `${who} passes the 2+ on with ${cardName(a)} (the next player faces ${s.attackCount + 2})`;
    case PH_ATTACK_SKIP:
      if (a === A_PASS) return s.attackCount === 1 ? `${who} is skipped` : `${who} and the next ${s.attackCount - 1} are skipped`;
      if (a === JOLLY) return `${who} plays a jolly with a defence`;
      if (KIND_OF[a] === K_ZERO) return `${who} stops the skip with ${cardName(a)}`;
      return `${who} adds ${cardName(a)}: the next ${s.attackCount + 1} players are skipped`;
    case PH_ATTACK_X:
      if (a === A_DRAW) return `${who} shows the hand, has no number card and draws one`;
      if (KIND_OF[a] === K_ZERO && COLOUR_OF[a] === s.attackColour) return `${who} stops the X+ with ${cardName(a)}`;
      return `${who} shows the hand, plays ${cardName(a)} and draws ${XPLUS_VALUE[KIND_OF[a]]}`;
    case PH_SWAP_CHOOSE:
      if (a === A_SWAP_LEFT || a === A_SWAP_RIGHT) return `${who}: ${swapModeText(a === A_SWAP_LEFT ? SWAP_MODE_LEFT : SWAP_MODE_RIGHT)}`;
      return `${who} swaps hands with seat ${a - A_SWAP_SEAT}`;
    case PH_SWAP_CANCEL:
      if (a === A_PASS) return `${who} lets the swap happen`;
      return `${who} cancels the swap with ${cardName(a)}`;
    case PH_OUT_OF_TURN:
      if (a === A_PASS) return `${who} keeps the identical card`;
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
    case EV_FLIP:
      return `first card: ${cardName(a)}`;
    case EV_PLAY:
      return `${who} plays ${cardName(a)}`;
    case EV_OUT_OF_TURN:
      return `${who} plays ${cardName(a)} out of turn`;
    case EV_DEFEND:
      return `${who} defends with ${cardName(a)}`;
    case EV_STACK:
      return `${who} stacks ${cardName(a)}`;
    case EV_DRAW:
      return `${who} draws ${a}`;
    case EV_SKIPPED:
      return `${who} is skipped`;
    case EV_SHOW:
      return `${who} shows the hand`;
    case EV_SHOWN:
      return `${who} shows ${cardName(a)}`;
    case EV_XPLAY:
      return `${who} plays ${cardName(a)} against the X+`;
    case EV_SWAP:
      return `${who}: ${swapModeText(a)}`;
    case EV_CANCEL:
      return `${who} cancels the swap with ${cardName(a)}`;
    case EV_FORGOT:
      return `${who} forgot "Attenzione!" and draws ${a}`;
    case EV_RESHUFFLE:
      return 'the discards are shuffled into a new deck';
    case EV_JOLLY:
      return `${who} plays a jolly`;
    case EV_XPASS:
      return `${who} drew a symbol: the X+ passes on`;
    default:
      return EVENT_NAMES[k] ?? `event ${ev}`;
  }
}

function handCodes(s: StopState, p: number): string {
  const parts: string[] = [];
  for (let t = 0; t < NT; t++) for (let c = s.hands[p * NT + t]; c > 0; c--) parts.push(cardCode(t));
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
    case PH_OVER:
      lines.push(`Match over (${END_REASONS[s.endReason]}).`);
      break;
    case PH_OUT_OF_TURN:
      lines.push(`Seat ${s.cur} may play the identical ${cardName(top)} out of turn (turn of seat ${s.turn}).`);
      break;
    case PH_SWAP_CHOOSE:
      lines.push(`Seat ${s.cur} played a swap and chooses how hands move.`);
      break;
    case PH_SWAP_CANCEL:
      lines.push(`Seat ${s.swapPlayer}: ${swapModeText(s.swapMode)}; seat ${s.cur} may cancel it with a ${COLOUR_NAME[s.swapColour]} 0.`);
      break;
    case PH_JOLLY:
      lines.push(`Seat ${s.cur} plays a jolly and chooses the coloured card to go with it.`);
      break;
    case PH_TURN:
    case PH_ATTACK_DRAW:
    case PH_ATTACK_SKIP:
    case PH_ATTACK_X:
      lines.push(`Seat ${s.cur} to play (${PHASE_NAMES[s.phase]}).`);
      break;
  }
  return lines.join('\n');
}
