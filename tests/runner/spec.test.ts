import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { MEASURE_NAMES, MEASURE_TABLE } from '../../src/engine/measures.js';
import { InputError } from '../../src/errors.js';
import { parseSpec, resolveSpec } from '../../src/runner/spec.js';
import { FIXTURES, tavoloAsync, tempDir } from '../fixtures/cli.js';

// These tests start processes and load modules; on a busy machine they need more than the default 5 s.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const GAME = join(FIXTURES, 'highcard.mjs');
const HIGHCARD_SPEC = join(FIXTURES, 'highcard-3p.json');

function baseSpec(): Record<string, unknown> {
  return {
    name: 'bad-input',
    game: GAME,
    players: 3,
    matches: 6,
    seed: 's',
    variants: [{ name: 'base', options: {} }],
    bots: [{ bot: 'greedy' }, { bot: 'random' }, { bot: 'random' }],
  };
}

type Mutate = (s: Record<string, unknown>) => void;
const bots = (s: Record<string, unknown>) => s.bots as Array<Record<string, unknown>>;
const variants = (s: Record<string, unknown>) => s.variants as Array<Record<string, unknown>>;

/** [case, mutation, field named in the message, fragments the message must contain] */
const CASES: Array<[string, Mutate, string, string[]]> = [
  ['missing name', (s) => delete s.name, 'name', ['expected a string', 'missing']],
  ['name with a space', (s) => (s.name = 'my run'), 'name', ['letters, digits', '"my run"']],
  ['players as text', (s) => (s.players = 'four'), 'players', ['expected an integer', '"four"']],
  ['players zero', (s) => (s.players = 0), 'players', ['expected an integer from 1 to 64, found the integer 0']],
  ['fractional matches', (s) => (s.matches = 2.5), 'matches', ['expected an integer', '2.5']],
  ['seed true', (s) => (s.seed = true), 'seed', ['string or an integer', 'true']],
  ['misspelt top-level field', (s) => (s.mtches = 5), 'mtches', ['unknown field "mtches"', 'valid fields are: name', 'matches']],
  ['variants not a list', (s) => (s.variants = {}), 'variants', ['expected an array', 'an object']],
  ['unknown field in a bot', (s) => (bots(s)[1].parms = {}), 'bots[1].parms', ['unknown field "parms"', 'valid fields are: name, bot, params']],
  ['unknown game', (s) => (s.game = 'chess'), 'game', ['unknown game "chess"', 'valid games are: stramat']],
  ['too many players for the game', (s) => {
    s.players = 7;
    s.bots = Array.from({ length: 7 }, () => ({ bot: 'random' }));
  }, 'players', ['2 to 6 players', 'found 7']],
  ['lineup shorter than players', (s) => bots(s).pop(), 'bots', ['exactly 3 entries', 'found 2']],
  ['unknown bot', (s) => (bots(s)[1].bot = 'randum'), 'bots[1].bot', ['unknown bot "randum"', 'valid bots are: random, greedy']],
  ['missing bot file', (s) => (bots(s)[0].bot = './no-such-bot.mjs'), 'bots[0].bot', ['no-such-bot.mjs', 'does not exist']],
  ['bot file without a factory', (s) => (bots(s)[2].bot = join(FIXTURES, 'not-a-bot.mjs')), 'bots[2].bot', ['not-a-bot.mjs', 'does not export a BotFactory']],
  ['unknown bot parameter', (s) => (bots(s)[0].params = { eps: 0.1 }), 'bots[0].params.eps', ['unknown bot parameter', 'epsilon']],
  ['bot parameter out of range', (s) => (bots(s)[0].params = { epsilon: 2 }), 'bots[0].params.epsilon', ['from 0 to 1', 'found 2']],
  ['same name, different bots', (s) => (bots(s)[1].name = 'greedy'), 'bots[1].name', ['"greedy" is already the name of bots[0]']],
  ['unknown option', (s) => (variants(s)[0].options = { hnad: 4 }), 'variants[0].options.hnad', ['unknown option', 'valid options are: deck, hand, annulOnTie']],
  ['option out of range', (s) => s.variants = [{ name: 'a' }, { name: 'b', options: { hand: 50 } }], 'variants[1].options.hand', ['from 1 to 10', 'found 50']],
  ['option of the wrong type', (s) => (variants(s)[0].options = { annulOnTie: 'yes' }), 'variants[0].options.annulOnTie', ['true or false', '"yes"']],
  ['options the game rejects together', (s) => (variants(s)[0].options = { deck: 8, hand: 3 }), 'variants[0].options.deck', ['at least hand × players = 9', 'found 8']],
  ['duplicate variant names', (s) => (s.variants = [{ name: 'x' }, { name: 'x' }]), 'variants[1].name', ['already the name of variants[0]']],
  ['measures as a word', (s) => (s.measures = 'all'), 'measures', ['expected true, false or a non-empty list of measure names', 'leader_changes', '"all"']],
  ['alphabeta depth 0', (s) => (bots(s)[0] = { bot: 'alphabeta', params: { depth: 0 } }), 'bots[0].params.depth', ['expected an integer from 1 to 64, found 0']],
  ['alphabeta with fewer nodes than determinizations', (s) => (bots(s)[0] = { bot: 'alphabeta', params: { nodes: 4, determinizations: 8 } }), 'bots[0].params.nodes', ['at least one node per determinization', 'found 4']],
  ['alphabeta aggregate misspelt', (s) => (bots(s)[0] = { bot: 'alphabeta', params: { aggregate: 'mean' } }), 'bots[0].params.aggregate', ['"vote", "average"', '"mean"']],
  ['measures an empty list', (s) => (s.measures = []), 'measures', ['non-empty list']],
  ['misspelt measure', (s) => (s.measures = ['branching_mean', 'leader_change']), 'measures[1]', ['unknown measure "leader_change"', 'leader_changes', 'the measures are: leader_changes']],
  ['measure listed twice', (s) => (s.measures = ['choice_share', 'choice_share']), 'measures[1]', ['"choice_share" is listed twice', 'measures[0]']],
  ['standing measure for a game without standings', (s) => {
    s.game = join(FIXTURES, 'peek.mjs');
    s.variants = [{ name: 'base' }];
    s.measures = ['choice_share', 'decided_at'];
  }, 'measures[1]', ['"decided_at" needs the seats\' standings', 'neither standings nor evaluate']],
  ['forced-turn measure for a game that says nothing of forced turns', (s) => (s.measures = ['forced_turn_share']), 'measures[0]', ['"forced_turn_share" needs the game to say which turns a player could not act in', 'neither measures.forcedPass nor measures.lostTurns']],
];

describe('spec validation (in-process)', () => {
  it.each(CASES)('%s -> %s', async (_case, mutate, field, fragments) => {
    const spec = baseSpec();
    mutate(spec);
    let error: unknown;
    try {
      await resolveSpec(parseSpec(spec), FIXTURES);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(InputError);
    const e = error as InputError;
    expect(e.field).toBe(field);
    expect(e.message.startsWith(`${field}: `)).toBe(true);
    for (const f of fragments) expect(e.message).toContain(f);
  });

  it('measures: none by default, every one the game can give with true, a list in the columns\' order', async () => {
    const resolve = (m: Record<string, unknown>) => resolveSpec(parseSpec({ ...baseSpec(), ...m }), FIXTURES);
    expect((await resolve({})).measures).toEqual([]);
    expect((await resolve({ measures: false })).measures).toEqual([]);
    // highcard has standings but no word on forced turns (no forcedPass, no lostTurns).
    expect((await resolve({ measures: true })).measures).toEqual(MEASURE_TABLE.filter((m) => m.needs !== 'forced-turns').map((m) => m.name));
    expect((await resolve({ measures: true, game: 'scala', variants: [{ name: 'base' }] })).measures).toEqual([...MEASURE_NAMES]);
    expect((await resolve({ measures: ['branching_max', 'leader_changes'] })).measures).toEqual(['leader_changes', 'branching_max']);
    const peek = await resolve({ game: join(FIXTURES, 'peek.mjs'), variants: [{ name: 'base' }], measures: true });
    expect(peek.measures).toEqual(MEASURE_TABLE.filter((m) => m.needs === 'nothing').map((m) => m.name));
    expect(peek.measures.length).toBeGreaterThan(0);
  });

  it('accepts the base spec and fills in defaults', async () => {
    const spec = await resolveSpec(parseSpec(baseSpec()), FIXTURES);
    expect(spec.variants[0].options).toEqual({ deck: 30, hand: 3, annulOnTie: false });
    expect(spec.lineup.map((e) => e.name)).toEqual(['greedy', 'random', 'random']);
    expect(spec.lineup[0].params).toEqual({ epsilon: 0, temperature: 0 });
  });
});

/** Some of the cases above also run through the real CLI (each costs a process start, so not all of them). */
const CLI_CASES = CASES.filter(([name]) =>
  [
    'players as text',
    'misspelt top-level field',
    'unknown game',
    'unknown bot',
    'missing bot file',
    'bot file without a factory',
    'unknown option',
    'options the game rejects together',
  ].includes(name),
);

const STRAMAT_6 = {
  name: 'stramat-six',
  game: 'stramat',
  players: 6,
  matches: 6,
  seed: 1,
  bots: Array.from({ length: 6 }, () => ({ bot: 'random' })),
};

/**
 * Bad input that only the command line sees: files, flags, Stramat's own checks, the output directory.
 * [case, files to write into the case's directory (name -> content), arguments (DIR is that directory),
 *  text the message must name, fragments the message must contain]
 */
const CLI_ONLY: Array<[string, Record<string, string>, string[], string, string[]]> = [
  ['missing spec file', {}, ['run', 'DIR/no-such-spec.json'], 'spec: ', ['no-such-spec.json', 'does not exist']],
  ['spec path is a directory', {}, ['run', 'DIR'], 'spec: ', ['cannot be read']],
  ['malformed JSON: a missing colon', { 's.json': '{\n  "name": "x",\n  "game" "stramat"\n}\n' }, ['run', 'DIR/s.json'], 'spec: ', ['not valid JSON', 'line 3, column 10', '"game" "stramat"']],
  ['malformed JSON: cut short', { 's.json': '{\n  "name": "x",\n  "players": [4,\n' }, ['run', 'DIR/s.json'], 'spec: ', ['not valid JSON', 'line 4, column 1']],
  ['malformed JSON: a trailing comma', { 's.json': '{"name": "x", "players": 4,}' }, ['run', 'DIR/s.json'], 'spec: ', ['not valid JSON: a trailing comma at line 1, column 27', 'before the closing }']],
  ['malformed JSON: a trailing comma on its own line', { 's.json': '{\n  "name": "x",\n  "bots": [\n    { "bot": "random" },\n  ]\n}\n' }, ['run', 'DIR/s.json'], 'spec: ', ['a trailing comma at line 4, column 24: { "bot": "random" },', 'before the closing ]']],
  ['zero matches in the spec', { 's.json': JSON.stringify({ ...STRAMAT_6, matches: 0 }) }, ['run', 'DIR/s.json'], 'matches: ', ['at least 1', 'found the integer 0']],
  ['negative matches in the spec', { 's.json': JSON.stringify({ ...STRAMAT_6, matches: -5 }) }, ['run', 'DIR/s.json'], 'matches: ', ['at least 1', '-5']],
  ['--matches 0', {}, ['run', HIGHCARD_SPEC, '--matches', '0'], '--matches: ', ['expected an integer of at least 1, found the integer 0']],
  ['--matches abc', {}, ['run', HIGHCARD_SPEC, '--matches', 'abc'], '--matches: ', ['expected an integer of at least 1, found the string "abc"']],
  ['--matches=1e3', {}, ['run', HIGHCARD_SPEC, '--matches=1e3'], '--matches: ', ['found the string "1e3"']],
  ['--matches 2.5', {}, ['run', HIGHCARD_SPEC, '--matches', '2.5'], '--matches: ', ['found the number 2.5']],
  ['--matches without a value', {}, ['run', HIGHCARD_SPEC, '--matches'], 'matches', ['Not enough arguments']],
  ['a YAML spec', { 's.yaml': 'name: x\ngame: stramat\nplayers: 4\n' }, ['run', 'DIR/s.yaml'], 'spec: ', ['not valid JSON', 'line 1, column 1', 'name: x', 'a spec is a JSON object']],
  ['a value JSON does not know, on line 3', { 's.json': '{\n  "name": "x",\n  "players": four\n}\n' }, ['run', 'DIR/s.json'], 'spec: ', ['not valid JSON', 'line 3, column 14', '"players": four']],
  ['run without a spec', {}, ['run'], 'spec: ', ['give the path of a tournament spec', 'tavolo run tournaments/stramat-demo.json']],
  ['merge without directories', {}, ['merge'], 'merge: ', ['give the output directories of the shards']],
  ['a player count Stramat does not allow', { 's.json': JSON.stringify({ ...STRAMAT_6, players: 7, bots: Array.from({ length: 7 }, () => ({ bot: 'random' })) }) }, ['run', 'DIR/s.json'], 'players: ', ['2 to 6 players', 'found 7']],
  ['--threads 0', {}, ['run', HIGHCARD_SPEC, '--threads', '0'], '--threads: ', ['expected an integer from 1 to 256, found the integer 0']],
  ['--batch -5', {}, ['run', HIGHCARD_SPEC, '--batch', '-5'], '--batch: ', ['found the integer -5']],
  ['--decision-timeout-ms 0', {}, ['run', HIGHCARD_SPEC, '--decision-timeout-ms', '0'], '--decision-timeout-ms: ', ['from 1 to', 'found the integer 0']],
  ['decisionTimeoutMs of the wrong type', { 's.json': JSON.stringify({ ...STRAMAT_6, decisionTimeoutMs: 'fast' }) }, ['run', 'DIR/s.json'], 'decisionTimeoutMs: ', ['expected an integer', '"fast"']],
  ['a negative opening', { 's.json': JSON.stringify({ ...STRAMAT_6, opening: -2 }) }, ['run', 'DIR/s.json'], 'opening: ', ['expected an integer', '-2']],
  ['--shard past the last shard', {}, ['run', HIGHCARD_SPEC, '--shard', '3/3'], '--shard: ', ['0 <= i < n', '"3/3"']],
  ['--shard that is not i/n', {}, ['run', HIGHCARD_SPEC, '--shard', 'two'], '--shard: ', ['expected i/n', '"two"']],
  ['an unknown flag', {}, ['run', HIGHCARD_SPEC, '--thread', '2'], 'unknown option --thread', ['did you mean "--threads"?']],
  ['a deck too small to deal (Stramat, 6 players, no number or action cards)', { 's.json': JSON.stringify({ ...STRAMAT_6, variants: [{ name: 'thin', options: { oneCount: 0, twoCount: 0, threeCount: 0, altCount: 0, giroCount: 0 } }] }) }, ['run', 'DIR/s.json'], 'variants[0].options.oneCount: ', ['6 players with handSize 3 need at least 20']],
  ['--out under a regular file', { 'a-file': 'x' }, ['run', HIGHCARD_SPEC, '--out', 'DIR/a-file/results'], '--out: ', ['a-file is a file, not a directory']],
  ['--out is a regular file', { 'a-file': 'x' }, ['run', HIGHCARD_SPEC, '--out', 'DIR/a-file'], '--out: ', ['exists and is not a directory']],
  ['play: an unknown bot', {}, ['play', '--game', GAME, '--bots', 'greedy,randum'], '--bots', ['unknown bot "randum"', 'valid bots are: random, greedy']],
  ['play: an unknown game', {}, ['play', '--game', 'chess', '--bots', 'greedy,random'], '--game', ['valid games are: stramat']],
];

describe('bad input through the CLI: exit code 2, a message naming the problem, nothing written', () => {
  const dir = tempDir();

  it.concurrent.each(CLI_CASES)('%s', async (name, mutate, field, fragments) => {
    const spec = baseSpec();
    mutate(spec);
    const slug = name.replace(/\W+/g, '-');
    const file = join(dir, `${slug}.json`);
    writeFileSync(file, JSON.stringify(spec));
    const out = join(dir, `out-${slug}`);
    const r = await tavoloAsync(['run', file, '--out', out, '--threads', '1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${field}: `);
    for (const f of fragments) expect(r.stderr).toContain(f);
    expect(r.stderr).not.toContain('    at '); // a message, not a stack trace
    expect(existsSync(out)).toBe(false);
  });

  it.concurrent.each(CLI_ONLY)('%s', async (name, files, args, named, fragments) => {
    const slug = name.replace(/\W+/g, '-');
    const caseDir = join(dir, `cli-${slug}`);
    mkdirSync(caseDir);
    for (const [f, content] of Object.entries(files)) writeFileSync(join(caseDir, f), content);
    const out = join(caseDir, 'out');
    const argv = args.map((a) => a.replace(/^DIR/, caseDir));
    const r = await tavoloAsync(argv[0] === 'run' && !argv.includes('--out') ? [...argv, '--out', out] : argv);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(named);
    for (const f of fragments) expect(r.stderr).toContain(f);
    expect(r.stderr).not.toContain('    at ');
    expect(r.stdout).toBe('');
    // Nothing written: the case's directory holds exactly the files it started with.
    expect(readdirSync(caseDir).sort()).toEqual(Object.keys(files).sort());
  });

  it('has at least 20 cases through the real CLI', () => {
    expect(CLI_CASES.length + CLI_ONLY.length).toBeGreaterThanOrEqual(20);
  });
});
