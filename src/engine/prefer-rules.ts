import { didYouMean } from '../did-you-mean.js';
import { OptionError, type AnyGame, type GameFeature, type OptionValue, type PreferRule, type RuleList } from './game.js';

/**
 * The persona bot's rules (bots/persona.ts, docs/personas.md): "when <feature> <op> <number>, prefer <action
 * kind>". Checked in two steps, each error naming its field (`rules[1].when`), what was found and what was
 * expected: the shape when the parameter is read (checkRuleList, from resolveOptions), the names against
 * the game when the spec names the bot (compileRules): a feature the game does not declare (Game.features)
 * or a kind it does not (importance.actionKinds) is answered with the nearest name.
 */

/** The comparisons a condition may use. */
export const RULE_OPERATORS = ['<', '<=', '>', '>=', '==', '!='] as const;
export type RuleOperator = (typeof RULE_OPERATORS)[number];

/** One condition, its feature found in the game's list. */
export interface CompiledCondition {
  readonly feature: number;
  readonly op: RuleOperator;
  readonly value: number;
}

/** One rule ready to play: every condition must hold, then actions of `kind` are preferred. */
export interface CompiledRule {
  readonly conditions: readonly CompiledCondition[];
  readonly kind: string;
}

const RULE_KEYS = ['when', 'prefer'];

/** The rules' shape: a list of { when: text or list of texts, prefer: text }. Returns them as given. */
export function checkRuleList(field: string, v: unknown): RuleList {
  if (!Array.isArray(v)) throw new OptionError(field, `expected a list of rules { "when": ..., "prefer": ... }, found ${JSON.stringify(v)}`);
  v.forEach((rule: unknown, i) => {
    const where = `${field}[${i}]`;
    if (typeof rule !== 'object' || rule === null || Array.isArray(rule)) {
      throw new OptionError(where, `expected a rule { "when": "<feature> <op> <number>", "prefer": "<action kind>" }, found ${JSON.stringify(rule)}`);
    }
    const r = rule as Record<string, unknown>;
    for (const k of Object.keys(r)) {
      if (!RULE_KEYS.includes(k)) throw new OptionError(`${where}.${k}`, `not a member of a rule${didYouMean(k, RULE_KEYS)}; a rule has: when, prefer`);
    }
    const when = r.when;
    const whenOk = typeof when === 'string' || (Array.isArray(when) && when.length > 0 && when.every((c) => typeof c === 'string'));
    if (!whenOk) throw new OptionError(`${where}.when`, `expected "<feature> <op> <number>" or a non-empty list of them, found ${JSON.stringify(when)}`);
    if (typeof r.prefer !== 'string' || r.prefer === '') throw new OptionError(`${where}.prefer`, `expected an action kind's name, found ${JSON.stringify(r.prefer)}`);
  });
  return v as RuleList;
}

/** "<feature> <op> <number>": the name, the operator's characters, the number's text. */
const CONDITION = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*([<>=!]+)\s*(\S+)\s*$/;

function compileCondition(text: string, field: string, features: readonly GameFeature[], game: AnyGame): CompiledCondition {
  const m = CONDITION.exec(text);
  if (!m) throw new OptionError(field, `expected "<feature> <op> <number>" (for example "hand_size <= 2"), found ${JSON.stringify(text)}`);
  const [, name, op, number] = m;
  const names = features.map((f) => f.name);
  const feature = names.indexOf(name);
  if (feature < 0) {
    const known = names.length > 0 ? `; its features are: ${names.join(', ')}` : ' (it declares none)';
    throw new OptionError(field, `"${name}" is not a feature of ${game.name}${didYouMean(name, names)}${known}`);
  }
  if (!(RULE_OPERATORS as readonly string[]).includes(op)) {
    throw new OptionError(field, `operator "${op}" in ${JSON.stringify(text)}: expected one of ${RULE_OPERATORS.join(' ')}`);
  }
  const value = Number(number);
  if (!Number.isFinite(value)) throw new OptionError(field, `"${number}" in ${JSON.stringify(text)} is not a number`);
  return { feature, op: op as RuleOperator, value };
}

function compileRule(rule: PreferRule, where: string, game: AnyGame): CompiledRule {
  const features = game.features ?? [];
  const texts = typeof rule.when === 'string' ? [rule.when] : rule.when;
  const conditions = texts.map((t, j) => compileCondition(t, typeof rule.when === 'string' ? `${where}.when` : `${where}.when[${j}]`, features, game));
  const kinds = (game.importance?.actionKinds ?? []).map((k) => k.name);
  if (!kinds.includes(rule.prefer)) {
    const known = kinds.length > 0 ? `; its kinds are: ${kinds.join(', ')}` : ' (it declares none: the importance facet)';
    throw new OptionError(`${where}.prefer`, `"${rule.prefer}" is not an action kind of ${game.name}${didYouMean(rule.prefer, kinds)}${known}`);
  }
  return { conditions, kind: rule.prefer };
}

/** The rules checked against the game's features and action kinds, in the order given. */
export function compileRules(rules: RuleList, game: AnyGame, field = 'rules'): CompiledRule[] {
  return checkRuleList(field, rules).map((r, i) => compileRule(r, `${field}[${i}]`, game));
}

/** Whether `x op value` holds. */
export function holds(x: number, op: RuleOperator, value: number): boolean {
  switch (op) {
    case '<':
      return x < value;
    case '<=':
      return x <= value;
    case '>':
      return x > value;
    case '>=':
      return x >= value;
    case '==':
      return x === value;
    case '!=':
      return x !== value;
  }
}

/** Whether a parameter's value is a rule list (a list of objects) rather than a list of numbers. */
export function isRuleList(v: OptionValue): v is RuleList {
  return Array.isArray(v) && v.some((x) => typeof x === 'object');
}

/** A rule as one line of text ("hand_size <= 2 and deck_size > 0: prefer alt"), for `tavolo list`. */
export function ruleText(rule: PreferRule): string {
  const when = typeof rule.when === 'string' ? rule.when : rule.when.join(' and ');
  return `when ${when} prefer ${rule.prefer}`;
}
