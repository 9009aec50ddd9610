import { Card, TYPE_NAMES } from './cards.js';
import { endWords, phaseWords } from '../../engine/words.js';
import { stramatWords } from './words.js';
import { Act, cardName } from './actions.js';
import { Phase, END_REASONS, PHASE_NAMES, StramatState } from './state.js';

/** A readable sentence for an action taken in state s (before it is applied). */
export function actionText(s: StramatState, a: number): string {
  if (a === Act.PASS) return 'passes ("passo")';
  if (a < Act.PAIR) return `discards a ${a - Act.SINGLE + 1}`;
  if (a < Act.POWER) {
    const k = a - Act.PAIR;
    return `discards ${((k / 3) | 0) + 1} then ${(k % 3) + 1}`;
  }
  if (a < Act.TARGET) return `plays ${cardName(a - Act.POWER + 3)}`;
  if (a < Act.CARD) return `chooses player ${a - Act.TARGET}`;
  if (a < Act.COUNTER) {
    const c = cardName(a - Act.CARD);
    if (s.phase === Phase.AGG_GIVE) return `puts ${c} face down to give away`;
    if (s.phase === Phase.AGG_TAKE) return `takes ${c} from player ${s.target}`;
    if (s.phase === Phase.GIRO_PICK) return `picks ${c} to swap`;
    return `chooses ${c}`;
  }
  if (a === Act.COUNTER) return 'answers with the counter-Alt!';
  if (a === Act.DONE) return s.phase === Phase.AGG_TAKE ? 'takes nothing (the only card is the Stramat card)' : 'is done choosing';
  if (a === Act.DECLINE) return 'lets it pass';
  return `?${a}`;
}

function handText(h: ArrayLike<number>, base: number): string {
  const parts: string[] = [];
  for (let c = 0; c < Card.COUNT; c++) for (let k = 0; k < h[base + c]; k++) parts.push(TYPE_NAMES[c]);
  return parts.length ? parts.join(' ') : '(empty)';
}

/** The whole table, hands included (for `tavolo play` and debugging: not an observation). */
export function describe(s: StramatState): string {
  const lines: string[] = [];
  lines.push(
    `game ${Math.min(s.gameIndex + 1, s.rules.evening)}/${s.rules.evening}, turn ${s.turns}, deck ${s.deckSize}, ` +
      `discard pile ${s.discardSize} (top: ${cardName(s.top)}), ` +
      (s.phase === Phase.OVER ? `, the match is over: ${endWords(stramatWords, END_REASONS[s.endReason])}` : `, player ${s.decider} to ${phaseWords(stramatWords, PHASE_NAMES[s.phase])}`),
  );
  for (let p = 0; p < s.n; p++) {
    const flags: string[] = [];
    if (!s.active[p]) flags.push('out');
    if (s.blockedTurns[p]) flags.push(`blocked ${s.blockedTurns[p]}`);
    if (s.stramatUsed[p]) flags.push('used Stramat');
    if (p === s.current && s.phase !== Phase.OVER) flags.push('to play');
    lines.push(
      `  player ${p}: ${handText(s.hands, p * Card.COUNT)} = ${s.handPoints(p)} pts` +
        (s.rules.evening > 1 ? `, evening ${s.eveningPoints[p]}` : '') +
        (flags.length ? ` [${flags.join(', ')}]` : ''),
    );
  }
  return lines.join('\n');
}

/**
 * What `viewer` sees of action a of another seat's decision (the contract's actionSeen): the card put
 * face down for Aggiungo and the cards picked for Giro are hidden; the card Aggiungo takes is seen by
 * its owner only. Every other Stramat decision is public.
 */
export function actionSeen(s: StramatState, a: number, viewer: number): string | null {
  if (viewer === s.decider) return actionText(s, a);
  if (s.phase === Phase.AGG_GIVE) return 'puts a card face down to give away';
  if (s.phase === Phase.AGG_TAKE && viewer !== s.target) return `takes a card from player ${s.target}`;
  if (s.phase === Phase.GIRO_PICK && a !== Act.DONE) return 'picks a card to swap';
  return actionText(s, a);
}
