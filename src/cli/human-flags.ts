import type { Options as YargsOptions } from 'yargs';

/** The flags of `tavolo play` that seat a person (docs/reference.md, "tavolo play --human"). */
export const HUMAN_OPTIONS: Record<string, YargsOptions> = {
  human: { type: 'string', requiresArg: true, describe: 'Play these seats yourself (comma-separated, e.g. 0 or 0,2) in the browser: starts a server on 127.0.0.1 and prints each seat\'s address' },
  port: { type: 'number', requiresArg: true, describe: 'With --human: the port to serve on (default: a free one; a resumed match reuses its port)' },
  'bot-delay': { type: 'number', requiresArg: true, describe: 'With --human: milliseconds a bot waits after each move a human can see (default 800)' },
  out: { type: 'string', requiresArg: true, describe: 'With --human: the folder of the journal and the saved match (default played/<game>-seed<seed>-match<i>)' },
  resume: { type: 'boolean', describe: 'With --human: go on with the match journaled in --out (the same command without it resumes too)' },
};

export const DEFAULT_BOT_DELAY_MS = 800;
