import type { Rng } from './rng.js';

/**
 * The game contract. Every game implements it; the runner and every bot use only it, never a game's
 * internals. Games keep mutable state and are driven in a hot loop, so the contract is shaped for speed:
 * actions are small non-negative integers written into a reused buffer, `clone` is explicit and cheap,
 * and chance is drawn from the generator the caller passes to `setup`/`apply`.
 *
 * Determinism: given the same options, player count and generator seed, `setup` and a sequence of
 * `apply` calls must produce the same states. A game must never read the clock or Math.random.
 *
 * Hidden information: `observe(state, p)` returns everything player p can know and nothing more.
 * Bots receive observations only. `search.determinize(obs, p, rng)` (optional) samples a complete state
 * that is consistent with an observation; it takes the observation, not the state, so it cannot leak.
 */

/** Value of one game option. */
export type OptionValue = number | boolean | string | number[] | RuleList;

/**
 * A list of rules, the value of a bot parameter of type 'rules' (the persona bot, docs/personas.md): each
 * "when <feature> <op> <number>" (or a list of such conditions, all of which must hold), "prefer <action kind>".
 */
export type RuleList = readonly PreferRule[];
export interface PreferRule {
  readonly when: string | readonly string[];
  readonly prefer: string;
}
export type Options = Record<string, OptionValue>;

/** A declared game (or bot) option: every variant is data checked against these. */
export interface OptionSpec {
  name: string;
  /** 'rules' (a RuleList) is for bot parameters: the bot checks the rules against the game (checkParams). */
  type: 'int' | 'number' | 'boolean' | 'enum' | 'intList' | 'string' | 'rules';
  default: OptionValue;
  /** Bounds for int/number and for each element of an intList. */
  min?: number;
  max?: number;
  /** Allowed values for an enum. */
  values?: readonly string[];
  /** Length of an intList, when fixed. */
  length?: number;
  description: string;
  /**
   * Optional: this option is a card count of the deck (copies of a card), for `tavolo importance`'s
   * sensitivity view, which plays it one up and one down. `cards` names the card it counts (an int
   * option: one name) or the card of each element (an intList: one name per element).
   */
  count?: CardCount;
}

/** What a count option counts (OptionSpec.count). */
export interface CardCount {
  /** The card of an int option, or of each element of an intList, in the game's words ("Dado", "skip"). */
  readonly cards: readonly string[];
  /** Optional: what one unit is, when not a copy of the whole deck ("per colour"). */
  readonly per?: string;
}

/**
 * A kind of action a player may be restricted from (a card type, a power), for `tavolo importance`'s
 * restricted play: the `restricted-<bot>` bots never take an action of the kind when another is legal.
 */
export interface ActionKind {
  /** A short name, as `actionKind` returns it and as written in `without`: letters, digits, '_' and '-'. */
  readonly name: string;
  /** How it reads in a sentence ("the Colpo card", "X+ cards"). */
  readonly label: string;
}

/** How a finished match came out. Seats are 0..players-1 in turn order (seat s+1 plays after s). */
export interface MatchResult {
  /** Per seat, the game's score (for Stramat: points in hand, lower is better). */
  scores: number[];
  /** Per seat, 1 = best; tied seats share the best rank of their group. All 1 if annulled. */
  ranks: number[];
  /** Winning seats (ties share the win); empty when the match was annulled. */
  winners: number[];
  annulled: boolean;
  /** Why it ended, a short snake_case word such as `deck_empty` or `empty_hand`. */
  endReason: string;
  /** Seat that took the first turn: the reference for seat-position statistics. */
  firstPlayer: number;
  /** Turns played (by the game's own definition of a turn). */
  turns: number;
}

/**
 * What an action (or the set-up) caused, for `tavolo play`, golden playthroughs and the match viewer:
 * cards drawn, die rolls, blocks, exchanges, eliminations, a reshuffle, a round's end and its scores, a
 * new deal, the end of the match. Games write them only when the caller passes an array (see `apply`),
 * so a tournament, which never does, pays one `undefined` check per place an event could be written.
 *
 * Visibility: `text` and `data` are what every seat may see. An event that shows something hidden to some
 * seats only (the cards a player drew, the card two players exchanged) carries the full version in
 * `secret`, with the seats allowed to read it: the viewer shows `secret` to those seats and to the full
 * table view, and `text` to everyone else ("seat 2 draws 2 cards" against "seat 2 draws 1, Dado").
 *
 * Every game gives them (tests/contract/events.test.ts plays every registered game): the set-up reports
 * the deal, every automatic effect of an action is reported, a secret never repeats in `text`, and the
 * last event of a finished match is one `match_end` saying why it ended. docs/events.md lists each game's.
 */
export interface GameEvent {
  /** A short snake_case word: draw, roll, block, take, exchange, eliminate, reshuffle, turn, round_end, deal, match_end, ... */
  kind: string;
  /** The seat the event is about, or -1 when it concerns no seat (a reshuffle, the end of a round). */
  seat: number;
  /** One readable sentence that every seat may read. */
  text: string;
  /** Public details as plain data (numbers, strings, arrays), for the viewer and tests. */
  data?: Record<string, unknown>;
  /** The version that reveals hidden information, and the seats that may see it. */
  secret?: { seats: number[]; text: string; data?: Record<string, unknown> };
}

/**
 * A picture of the table as plain data, drawn by one renderer for every game (the match viewer), so a new
 * game gets a viewer by describing its table. A seat's view is built from that seat's observation only.
 */
export interface TableView {
  /** Short lines shown above the table: round, phase, whose turn, direction, the die, scores so far. */
  header: string[];
  zones: TableZone[];
}

/** One area of the table. `owner` is the seat it belongs to, or -1 for shared areas (deck, piles, board). */
export type TableZone =
  /** Cards or tiles as short labels; `hidden` more lie face down (a hand seen from another seat, a deck). */
  | { kind: 'cards'; id: string; label: string; owner: number; cards: string[]; hidden?: number }
  /** A number worth showing on its own (cards in the deck, points, pieces left). */
  | { kind: 'count'; id: string; label: string; owner: number; value: number }
  /**
   * A board: `cells` row by row (rows x cols), each a short label, '' for an empty cell, '?' for a cell
   * whose content this view may not see, null for no cell (holes in an irregular board); `marks` (same shape, optional) names a cell's kind for shading, such as
   * 'double' or 'start'.
   */
  | { kind: 'grid'; id: string; label: string; owner: number; rows: number; cols: number; cells: (string | null)[]; marks?: (string | null)[] };

/** Raised for a bad option or option combination; `field` names the option. */
export class OptionError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
    this.name = 'OptionError';
  }
}

/** A metric in the game's own words: what the verdict and the report print instead of the column name. */
export interface MetricInfo {
  /** The column's name in matches.csv. */
  readonly name: string;
  /** A noun phrase that fits "… rose by 1.4": "Dado cards played", "turns per round", "tiles placed". */
  readonly label: string;
  /** The unit of one value, singular ("card", "turn", "point"), or '' for a pure count or a share. */
  readonly unit: string;
  /** What one value is counted over: 'match' for a whole match, or the game's own unit ("round", "hand"). */
  readonly per: string;
  /** 'rate' for a 0/1 flag per match (printed as a percentage); 'count' or 'mean' otherwise. */
  readonly kind: 'count' | 'mean' | 'rate';
}

/**
 * The rules of a game: the core every game gives, and the facets (each an optional object of related
 * members) that views, bots, measures and tests read. This is the complete object the runner and the bots
 * hold: loading a game (`defineGame`, the registry, a game file) checks what it gives and fills the
 * defaults (engine/game-check.ts), so `view`, `search` and `measures` are always there. A game is written
 * as a GameDefinition (game-check.ts), where every member with a default may be left out.
 *
 * Facet functions are called as plain functions (`const h = game.search.heuristic; h(obs, a)`): they must
 * not rely on `this`.
 */
export interface Game<S = unknown, O = unknown> {
  readonly name: string;
  /** Default: the name. */
  readonly title: string;
  /**
   * Which scores are better, for the reports (the terminal table says it): 'lower' when a score counts
   * against its player, as points left in hand or penalty points do. Default 'higher'.
   */
  readonly betterScore?: 'lower' | 'higher';
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly options: readonly OptionSpec[];
  /** Upper bound on the number of legal actions at any decision: the size of the action buffer. */
  readonly maxActions: number;

  /**
   * Checks that go beyond one option's type and bounds (for example a deck too small to deal).
   * `opts` is complete (defaults filled in). Throws OptionError naming the field. Default: no check
   * beyond each option's own.
   */
  checkOptions(opts: Options, players: number): void;

  /**
   * A new match, with the deal and any other set-up chance drawn from rng.
   *
   * `reuse`, when given, is the state of an earlier match of this game that nobody holds any more (the
   * runner hands back the last match's state): the game may build the new match in its memory instead
   * of allocating a new state, which is most of what a fast match allocates. The match must be exactly
   * what a fresh state would give. A game is free to ignore it.
   */
  setup(opts: Options, players: number, rng: Rng, reuse?: S, events?: GameEvent[]): S;

  /**
   * The seat whose decision it is now, or -1 when the match is over. This may be a player acting out
   * of turn (for example an opponent who may answer an Alt card at once): games ask specific players.
   */
  currentPlayer(state: S): number;

  /** Writes the legal actions of the current decision into `out`, returns how many. Never 0 unless over. */
  legalActions(state: S, out: Int32Array): number;

  /**
   * Applies a legal action of the current player; chance is drawn from rng. Mutates state. When `events`
   * is given, appends what the action caused (GameEvent); tournaments never pass it, so writing events
   * must cost nothing else when it is absent. Events never change what the match does.
   */
  apply(state: S, action: number, rng: Rng, events?: GameEvent[]): void;

  /** A complete, independent copy (no JSON, no structuredClone: typed-array copies). */
  clone(state: S): S;

  /** Everything `player` can know, and nothing more. Plain data (serialisable). */
  observe(state: S, player: number): O;

  /**
   * The outcome. Also called on an unfinished state when a faulty bot stopped the match: then it
   * reports the scores as they stand (the runner overrides winners and ranks).
   */
  result(state: S): MatchResult;

  /**
   * A compact, context-free code of an action, for logs and replays (for example `P12` or `T3`).
   * Default: the action's number.
   */
  actionCode(action: number): string;

  /** How the game is shown to people (`tavolo play`, the match viewer, logs). */
  readonly view: GameView<S, O>;
  /** The aids the bots use beyond the rules; each optional (docs/adding-a-game.md says which bot needs which). */
  readonly search: GameSearch<S, O>;
  /** What a match is measured by: the metric columns, standings, forced turns. */
  readonly measures: GameMeasures<S>;
  /** Optional: the kinds of action `tavolo importance` can keep a player from. */
  readonly importance?: GameImportance<O>;
  /**
   * Optional: named numbers a player can read off its own observation (hand size, cards in the deck, the
   * leader's margin), for the persona bot's rules (docs/personas.md) and `tavolo list`. Each reads the
   * observation only, never the state, so a rule cannot see what its player may not.
   */
  readonly features?: readonly GameFeature<O>[];

  /**
   * Optional: how the generic test suites play this game (tests/contract/honesty.test.ts): short match
   * options, the variants worth checking, whether anything is hidden, and a perturbation of what is. The
   * game is the one place that knows these, so a new game (from a file too) declares them here and the
   * suites, which know games only through this contract, need no edit. The runner and the bots never
   * read it. docs/adding-a-game.md says what each member is for.
   */
  readonly testing?: GameTesting<S>;

  /**
   * Optional: named bot presets (docs/bots.md, "Presets"): a built-in bot with the parameters tavolo's
   * own tournaments found best for this game. A spec or `--bots` names one where it names a bot
   * (`"bot": "strongest"`), and may override any of its parameters. `strongest` is the game's strongest
   * bot: `tavolo skill` plays it against greedy and traces its budget (its bot's `budget` parameter). Checked when the game is loaded
   * (game-check.ts); a preset's bot and parameters are checked when a spec uses it.
   */
  readonly presets?: Readonly<Record<string, BotPreset>>;
}

/** The `view` facet: how states, observations and actions read for people. Every member has a default. */
export interface GameView<S = unknown, O = unknown> {
  /** A readable multi-line view of the whole state (for `tavolo play`, which shows the table). Default: the table view as text. */
  describe(this: void, state: S): string;

  /** The whole table, every hidden card shown (the viewer's full view). Default: the description as header lines. */
  tableView(this: void, state: S): TableView;

  /**
   * The table as `player` sees it, built from that player's observation only (the viewer's seat view).
   * Same zones (ids) as tableView, so a viewer can switch between them; a card the observation does not
   * show is counted in the zone's `hidden`. Default: the observation as data, which shows nothing the
   * seat may not see.
   */
  observedView(this: void, obs: O, player: number): TableView;

  /** A readable sentence for an action of the current decision. Default: the action's code. */
  actionText(this: void, state: S, action: number): string;

  /**
   * Optional: what seat `viewer` sees of `action`, the current decision of another seat (for `tavolo play
   * --as` and the viewer's seat view): the text to show, or null when the viewer cannot even tell that
   * this decision was taken (a private question such as "play out of turn?" declined). Absent: every
   * decision is public and actionText is what everyone sees. A game whose actions can hide a card (a card
   * put face down, cards picked from one's own hand) must implement it.
   */
  actionSeen?(this: void, state: S, action: number, viewer: number): string | null;

  /** Optional: the game's own words for its code names (phases, end reasons, cards), for people's pages. */
  words?: GameWords;
}

/**
 * What a person reads instead of a code name: phases, end reasons and events in the rulebook's terms,
 * how the result is decided, and the cards' faces. Every member is optional; a code name without its
 * words reads humanised ("score_limit" as "score limit").
 */
export interface GameWords {
  /** Phase code name (as observations and views name it) to words: "attack_draw" to "must draw or answer a 2+". */
  phases?: Readonly<Record<string, string>>;
  /** End reason (matches.csv's end_reason) to words: "score_limit" to "a player's total passed the target". */
  endReasons?: Readonly<Record<string, string>>;
  /** Event kind to words, where the log names a kind: "round_end" to "end of the round". */
  events?: Readonly<Record<string, string>>;
  /** How the result is decided, said to a person: "lowest score wins", "most points win". */
  winsBy?: string;
  /** What a score counts: "penalty points", "points", "pieces placed". */
  score?: string;
  /**
   * Card faces: a card's label as a table view shows it ("Y69") to its face: the short text printed on
   * it ("6/9"), its full name ("yellow 6/9") and its colour (a CSS colour), for drawing it as a card.
   */
  cards?: Readonly<Record<string, CardFace>>;
  /** The legend under the table: a few lines that say what the drawing shows. */
  legend?: readonly string[];
}

/** How one card is drawn: its short face, its name (what a screen reader says) and its colour. */
export interface CardFace {
  face: string;
  name: string;
  colour?: string;
}

/**
 * The `search` facet: what bots use beyond the rules, every member optional. A bot that needs a member the
 * game lacks is refused when a spec names it, with the member named (docs/adding-a-game.md).
 */
export interface GameSearch<S = unknown, O = unknown> {
  /**
   * The greedy bot's heuristic: the value of taking `action`, judged from the observation only.
   * Higher is better for the observing player. Needed by greedy, memory and greedy playouts.
   */
  heuristic?(this: void, obs: O, action: number): number;

  /**
   * Optional: `heuristic(observe(state, player), actions[i])` into out[i] for each i < count, the same
   * numbers without building the observation. For a search bot rating the actions at each node of a state
   * it built itself from its observation (determinize, then apply), as it may call `evaluate` there; the
   * engine never hands a bot a state. `player` is the seat to act. It reads only what `player` can see,
   * and leaves `state` as it found it. Tests hold it to `heuristic` (tests/contract/rate-actions.test.ts).
   */
  rateActions?(this: void, state: S, player: number, actions: Int32Array, count: number, out: Float64Array): void;

  /**
   * A complete state sampled from what `player` knows. observe(result, player) must equal `obs`; hidden
   * cards are drawn from rng. Needed by the search bots (pimc, ismcts, alphabeta).
   */
  determinize?(this: void, obs: O, player: number, rng: Rng): S;

  /**
   * `clone(state)` written into `into` instead of a new state, and returned: `into` is a state of the same
   * match (from `clone`) that nobody else holds. A search that keeps one spare state per ply copies into
   * it at each node instead of allocating a state. May return a new clone instead.
   */
  cloneInto?(this: void, state: S, into: S): S;

  /**
   * With `evaluate`: a count that steps up at the game's natural resting points (Stop: rounds scored).
   * The search bots' playouts with `horizon: 'round'` stop when it changes (docs/bots-search.md).
   */
  stage?(this: void, state: S): number;

  /**
   * Each seat's expected reward (its chance of winning, in [0, 1], at most 1 in all) if the match were
   * played on from this unfinished state. Scores the search bots' cut playouts (at a `stage` change or at
   * maxDepth) instead of `result`. Must depend on the state alone (no rng, no clock).
   */
  evaluate?(this: void, state: S, out: Float64Array): void;

  /**
   * A player's imperfect memory of what the table showed, for the `memory` bot (bots/memory.ts), which
   * judges its moves on the observation this returns instead of the full one. A fresh recollection per
   * match; it draws its forgetting from the bot's generator. Absent: the bot remembers everything.
   */
  recollection?(this: void, limits: MemoryLimits, rng: Rng): Recollection<O>;
}

/** A metric column named only, without its words: the verdict and the report print its name. */
export interface MetricName {
  readonly name: string;
}

/**
 * The `measures` facet of a loaded game: the columns and their writer always there (a game gives them as a
 * GameMeasuresDefinition, game-check.ts, where they may be left out), with the lists derived from them.
 */
export interface GameMeasures<S = unknown> {
  /** The metric columns of matches.csv, in the order `write` writes them, each in the game's words where given. */
  readonly columns: readonly (MetricInfo | MetricName)[];
  /** The columns' names (filled when the game is loaded). */
  readonly names: readonly string[];
  /** The columns that have their words (filled when the game is loaded), for the verdict and the report. */
  readonly info: readonly MetricInfo[];
  /** Writes the metric values (in the order of `columns`) into out. Default: nothing, for a game without columns. */
  write(this: void, state: S, out: number[]): void;

  /**
   * Optional: each seat's standing now, in the game's own terms and in the direction of `betterScore`
   * (Stramat: points in hand, lower is better; Scala: pieces held, higher is better), one number per seat
   * written into `out`. Read by the engine from the full state for the match measures (lead changes,
   * drama, decisiveness: docs/measures.md); the engine never hands a bot the standings of the match
   * (a search bot may call it on a state it sampled itself, as it may `evaluate`). Must depend on the state alone (no
   * rng, no clock) and must not change it. A game without it is measured on `search.evaluate` (win chances)
   * when it has that, else it has no standing-based measures.
   */
  standings?(this: void, state: S, out: Float64Array): void;

  /**
   * Optional, for the match measures `forced_turns` and `forced_turn_share` (docs/measures.md): whether a
   * decision whose only legal action is `only` is a turn the player could not act in, a pass (or a draw
   * that ends the turn) with no alternative. The engine asks only at decisions with a single legal action,
   * and only in a tournament that asked for the measures. Answer true only for a decision that is the
   * seat's turn in the game's own count (`turns`), not for a question asked out of turn.
   */
  forcedPass?(this: void, state: S, only: number): boolean;

  /**
   * Optional, with or without `forcedPass`: how many turns the rules took from a seat without asking it
   * anything (an Alt block, a turn in prison, a turn in which nothing could be placed), read from the
   * finished state. Count only turns that `turns` counts too, so that the share stays a share.
   */
  lostTurns?(this: void, state: S): number;
}

/** One named number of a seat's observation (Game.features). */
export interface GameFeature<O = unknown> {
  /** As written in a rule's `when`: lower-case letters, digits and '_' ("hand_size"). */
  readonly name: string;
  /** How it reads for people ("cards in my hand"). */
  readonly label: string;
  /** Its value for the observing player. */
  value(this: void, obs: O): number;
}

/** The `importance` facet: both members together. docs/adding-a-game.md says how to choose the kinds. */
export interface GameImportance<O = unknown> {
  /** The kinds of action a player can be kept from (each card type or power whose worth `tavolo importance` measures). */
  readonly actionKinds: readonly ActionKind[];

  /**
   * The name of the kind `action` belongs to, or null when it belongs to none (a pass, a target chosen
   * after a power). Judged from the acting player's observation only, as the bot that asks sees it; most
   * games need the action alone (its code names the card).
   */
  actionKind(this: void, action: number, obs: O): string | null;
}

/** One named bot preset of a game (Game.presets). */
export interface BotPreset {
  /** A built-in bot's registered name (bots/index.ts). */
  readonly bot: string;
  /** Its parameters for this game; the bot's defaults fill in the rest. */
  readonly params: Readonly<Record<string, OptionValue>>;
  /** What it is and where its settings come from, in a sentence or two. */
  readonly description: string;
}

/** How the generic suites play a game (Game.testing); every member optional. */
export interface GameTesting<S = unknown> {
  /**
   * Options every test configuration starts from (a partial set, checked like a variant's): short matches
   * so that the suites stay fast, or longer ones so that a very short game gives enough decisions.
   */
  readonly quickOptions?: Readonly<Record<string, OptionValue>>;
  /** Option sets worth checking beyond the defaults, each over quickOptions, with the player counts to play. */
  readonly variants?: readonly TestVariant[];
  /**
   * Nothing is hidden from any seat: there is nothing to perturb, and determinize must rebuild the real
   * state exactly (instead of sampling states that vary).
   */
  readonly perfectInformation?: boolean;
  /** Random matches per configuration in the observe/determinize round trip (default 100; fewer for long matches). */
  readonly roundTripMatches?: number;
  /** Matches each adversarial bot plays (default 4; fewer for long matches). */
  readonly attackMatches?: number;
  /**
   * A copy of `state` that differs from it only in what `observer` cannot see (hidden cards swapped, what
   * the others privately know scrambled), drawn from `rng`; `state` itself is left unchanged. The honesty
   * suite checks that the observer's observation does not move. Required in practice for a game with
   * hidden information: without it that check is skipped with a warning.
   */
  perturbHidden?(state: S, observer: number, rng: Rng): S;
  /**
   * Options under every golden playthrough's own (tests/golden/<game>/): what keeps a whole match short
   * enough to review (a variant that sets the option keeps its value). Default: none.
   */
  readonly goldenOptions?: Readonly<Record<string, OptionValue>>;
  /** Playthroughs beyond the shipped variants (tournaments/*.json), for rules no shipped variant reaches. */
  readonly goldenVariants?: readonly NamedVariant[];
  /**
   * Independent counts of metric columns from what a match's events (and its result) tell, by column
   * name: the metrics suite checks each column named here against its count, so a value written under
   * another column's name, or a counter that counts the wrong thing, shows up by name.
   */
  readonly metricWitnesses?: Readonly<Record<string, (events: readonly GameEvent[], result: MatchResult) => number>>;
  /**
   * Witnessed columns that random play may never move (a rule a random player seldom meets): the metrics
   * suite does not ask them to be seen non-zero, as it asks of every other witnessed column.
   */
  readonly rarelySeenMetrics?: readonly string[];
  /** Variants the metrics suite plays besides the shipped ones, so that rare columns move. */
  readonly metricVariants?: readonly NamedVariant[];
  /**
   * Kinds of event the game's docs/events.md names that the events suite's random matches may never
   * meet (a rule a random player seldom reaches): every other kind named there must be written.
   */
  readonly rareEventKinds?: readonly string[];
}

/** An option set named as a file or a test names it (GameTesting.goldenVariants, metricVariants). */
export interface NamedVariant {
  /** Letters, digits and dashes: `evening-2`. */
  readonly name: string;
  /** Options over the defaults (and, for a playthrough, over goldenOptions). */
  readonly options: Readonly<Record<string, OptionValue>>;
}

/** One option set the suites play (GameTesting.variants). */
export interface TestVariant {
  /** How the configuration is named in test messages ("birichino"); the player count is appended. */
  readonly label: string;
  /** Options over quickOptions and the defaults. */
  readonly options: Readonly<Record<string, OptionValue>>;
  /** The player counts to play it at. */
  readonly players: readonly number[];
}

/** How a player's memory fails (the `memory` bot's parameters), in the game's own terms. */
export interface MemoryLimits {
  /** Probability that something remembered is kept through each turn. */
  recall: number;
  /** The most things remembered at once (the oldest are forgotten first). */
  capacity: number;
  /** Probability of failing to follow a change of the table that moves what is remembered. */
  confusion: number;
}

/** One player's memory through one match: each observation as this player remembers it. */
export interface Recollection<O> {
  /** The observation with what the player has forgotten (or misplaced) taken out, after taking in `obs`. */
  recall(obs: O): O;
}

/** A game with its types erased, as the runner and the bots hold it. */
export type AnyGame = Game<unknown, unknown>;
