/**
 * tavolo's public API: what `import ... from 'tavolo'` gives, with its type declarations. Everything
 * exported here is public and kept stable within a major version (README, "tavolo as a library");
 * everything else under src/ is internal and may change in any release.
 */

// The game contract.
export type {
  ActionKind,
  AnyGame,
  CardCount,
  Game,
  GameEvent,
  GameImportance,
  GameMeasures,
  GameSearch,
  GameTesting,
  GameView,
  MatchResult,
  MemoryLimits,
  MetricInfo,
  MetricName,
  OptionSpec,
  OptionValue,
  Options,
  Recollection,
  TableView,
  TableZone,
  TestVariant,
} from './engine/game.js';
export { OptionError } from './engine/game.js';
// Writing a game (docs/adding-a-game.md): the core and facets checked and completed, named metric
// layouts, ranks and results from scores, a per-options config cache, typed option reads.
export { defineGame, type GameDefinition, type GameMeasuresDefinition } from './engine/game-check.js';
export { metricNamesOf, metricSlots } from './engine/metrics.js';
export { ranksByScore, resultFromRanks, resultFromScores, seatsRankedFirst } from './engine/ranking.js';
export { cachedPerOptions } from './engine/config-cache.js';
export { OptionValues } from './engine/option-values.js';

// Bots.
export type { Bot, BotContext, BotFactory, Decision } from './engine/bot.js';

// The seeded generator every game and bot draws from.
export { Rng, deriveSeed } from './engine/rng.js';

// One match, outside any tournament.
export { playMatch } from './engine/match.js';
export type { FaultReason, MatchOutcome, SeatBot } from './engine/match.js';
export { resolveOptions } from './engine/options.js';

// Tournaments from a script: load a spec, run it (or a shard of it), merge shards.
export { loadSpec, parseSpec, resolveSpec } from './runner/spec.js';
export type { LineupEntry, Overrides, RawSpec, ResolvedSpec, Variant } from './runner/spec.js';
export { runTournament } from './runner/run.js';
export type { RunOptions, RunOutcome } from './runner/run.js';
export type { BotRow, PositionRow, VariantStats } from './runner/aggregate.js';
export { mergeShards } from './runner/merge.js';
export type { MergeOutcome } from './runner/merge.js';
export { BatchesFailed, InputError, Interrupted } from './errors.js';

// The games and bots that come with tavolo.
export { games } from './games/index.js';
export { builtInBots as bots, restricted } from './plugins/builtins.js';
export { loadBot, loadGame } from './plugins/loader.js';
