import { didYouMean } from '../did-you-mean.js';

/*
 * The members of a game's `testing` (GameTesting in game.ts) that say what the golden playthroughs, the
 * metrics suite and the events suite play and count, checked when the game is loaded like the rest of `testing`
 * (game-check.ts): a misspelt option or a witness that is not a function is named at once instead of
 * quietly changing what the suites check.
 */

/** The playthrough and metrics settings of `testing`, as the generic suites read them. */
export const SUITE_SETTING_MEMBERS = ['goldenOptions', 'goldenVariants', 'metricWitnesses', 'rarelySeenMetrics', 'metricVariants', 'rareEventKinds'] as const;

/** What is wrong with those members of `testing` (`t`), each as `testing.<member> (...)`; empty when sound. */
export function suiteSettingProblems(t: Record<string, unknown>, optionNames: readonly string[], metricNames: readonly string[]): string[] {
  const out = optionSetProblems('testing.goldenOptions', t.goldenOptions, optionNames);
  out.push(...namedVariantsProblems('testing.goldenVariants', t.goldenVariants, optionNames));
  out.push(...namedVariantsProblems('testing.metricVariants', t.metricVariants, optionNames));
  const witnesses = t.metricWitnesses;
  if (witnesses !== undefined) {
    if (typeof witnesses !== 'object' || witnesses === null || Array.isArray(witnesses)) out.push('testing.metricWitnesses (present but not an object of counts by column)');
    else {
      for (const [name, f] of Object.entries(witnesses)) {
        if (!metricNames.includes(name)) out.push(`testing.metricWitnesses.${name} (not a metric column of the game${didYouMean(name, metricNames)})`);
        if (typeof f !== 'function') out.push(`testing.metricWitnesses.${name} (present but not a function)`);
      }
    }
  }
  const rare = t.rarelySeenMetrics;
  if (rare !== undefined) {
    const witnessed = typeof witnesses === 'object' && witnesses !== null ? Object.keys(witnesses) : [];
    if (!Array.isArray(rare)) out.push('testing.rarelySeenMetrics (present but not a list of column names)');
    else for (const name of rare) if (!witnessed.includes(String(name))) out.push(`testing.rarelySeenMetrics (${JSON.stringify(name)} is not a column of metricWitnesses)`);
  }
  const kinds = t.rareEventKinds;
  if (kinds !== undefined && !(Array.isArray(kinds) && kinds.every((k) => typeof k === 'string' && /^[a-z][a-z0-9_]*$/.test(k)))) {
    out.push('testing.rareEventKinds (expected a list of event kinds, snake_case words)');
  }
  return out;
}

/** An object of option values whose names the game declares. */
export function optionSetProblems(where: string, set: unknown, optionNames: readonly string[]): string[] {
  if (set === undefined) return [];
  if (typeof set !== 'object' || set === null || Array.isArray(set)) return [`${where} (present but not an object of option values)`];
  return Object.keys(set)
    .filter((k) => !optionNames.includes(k))
    .map((k) => `${where}.${k} (not an option of the game${didYouMean(k, optionNames)})`);
}

/** A list of `{ name, options }`, names unique and fit for a file name, options the game declares. */
function namedVariantsProblems(where: string, list: unknown, optionNames: readonly string[]): string[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) return [`${where} (present but not a list)`];
  const out: string[] = [];
  const seen = new Set<string>();
  list.forEach((raw: unknown, i) => {
    const at = `${where}[${i}]`;
    const v = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    if (typeof v.name !== 'string' || !/^[A-Za-z0-9-]+$/.test(v.name)) out.push(`${at}.name (expected letters, digits and dashes)`);
    else if (seen.has(v.name)) out.push(`${at}.name (${v.name} is named twice)`);
    else seen.add(v.name);
    if (v.options === undefined) out.push(`${at}.options (missing: the variant's option values)`);
    else out.push(...optionSetProblems(`${at}.options`, v.options, optionNames));
  });
  return out;
}
