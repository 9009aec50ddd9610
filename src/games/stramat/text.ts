import { NUM_TYPES, TYPE_NAMES } from './cards.js';
import { A_CARD, A_COUNTER, A_DECLINE, A_DONE, A_PAIR, A_PASS, A_POWER, A_SINGLE, A_TARGET, cardName } from './actions.js';
import { END_REASONS, PHASE_NAMES, PH_AGG_GIVE, PH_AGG_TAKE, PH_GIRO_PICK, PH_OVER, StramatState } from './state.js';

/** A readable sentence for an action taken in state s (before it is applied). */
export function actionText(s: StramatState, a: number): string {
  if (a === A_PASS) return 'passes ("passo")';
  if (a < A_PAIR) return `discards a ${a - A_SINGLE + 1}`;
  if (a < A_POWER) {
    const k = a - A_PAIR;
    return `discards ${((k / 3) | 0) + 1} then ${(k % 3) + 1}`;
  }
  if (a < A_TARGET) return `plays ${cardName(a - A_POWER + 3)}`;
  if (a < A_CARD) return `chooses player ${a - A_TARGET}`;
  if (a < A_COUNTER) {
    const c = cardName(a - A_CARD);
    if (s.phase === PH_AGG_GIVE) return `puts ${c} face down to give away`;
    if (s.phase === PH_AGG_TAKE) return `takes ${c} from player ${s.target}`;
    if (s.phase === PH_GIRO_PICK) return `picks ${c} to swap`;
    return `chooses ${c}`;
  }
  if (a === A_COUNTER) return 'answers with the counter-Alt!';
  if (a === A_DONE) return 'is done choosing';
  if (a === A_DECLINE) return 'lets it pass';
  return `?${a}`;
}

function handText(h: ArrayLike<number>, base: number): string {
  const parts: string[] = [];
  for (let c = 0; c < NUM_TYPES; c++) for (let k = 0; k < h[base + c]; k++) parts.push(TYPE_NAMES[c]);
  return parts.length ? parts.join(' ') : '(empty)';
}

/** The whole table, hands included (for `tavolo play` and debugging: not an observation). */
export function describe(s: StramatState): string {
  const lines: string[] = [];
  lines.push(
    `game ${Math.min(s.gameIndex + 1, s.rules.evening)}/${s.rules.evening}, turn ${s.turns}, deck ${s.deckSize}, ` +
      `discard pile ${s.discardSize} (top: ${cardName(s.top)}), phase ${PHASE_NAMES[s.phase]}` +
      (s.phase === PH_OVER ? ` (${END_REASONS[s.endReason]})` : `, player ${s.decider} to decide`),
  );
  for (let p = 0; p < s.n; p++) {
    const flags: string[] = [];
    if (!s.active[p]) flags.push('out');
    if (s.blockedTurns[p]) flags.push(`blocked ${s.blockedTurns[p]}`);
    if (s.stramatUsed[p]) flags.push('used Stramat');
    if (p === s.current && s.phase !== PH_OVER) flags.push('to play');
    lines.push(
      `  player ${p}: ${handText(s.hands, p * NUM_TYPES)} = ${s.handPoints(p)} pts` +
        (s.rules.evening > 1 ? `, evening ${s.eveningPoints[p]}` : '') +
        (flags.length ? ` [${flags.join(', ')}]` : ''),
    );
  }
  return lines.join('\n');
}
