import { InputError } from '../errors.js';
import { intFlag, listFlag, textFlag } from '../terminal/args.js';
import type { PlayArgs } from '../play/narrate.js';
import { humanPlay } from '../play/human.js';
import { DEFAULT_BOT_DELAY_MS } from './human-flags.js';


/** `tavolo play --human`: the flags checked, then the match served until it is over and Ctrl-C is pressed. */
export async function humanPlayCommand(argv: Record<string, unknown>, play: PlayArgs, stop: AbortSignal): Promise<number> {
  for (const flag of ['as', 'html'] as const) {
    if (argv[flag] !== undefined) throw new InputError('cannot be combined with --human (the page shows the match as the human seat sees it)', `--${flag}`);
  }
  const humans = listFlag('--human', argv.human)?.map((s) => intFlag('--human', s, 0, 63) as number);
  const resume = argv.resume === true;
  if (resume) {
    const given = ['spec', 'variant', 'game', 'players', 'bots', 'seed', 'option', 'match', 'human'].filter((f) => argv[f] !== undefined);
    if (given.length > 0) throw new InputError('cannot be combined with --resume, which goes on with the match its journal names', `--${given[0]}`);
  }
  return humanPlay({
    play: resume ? undefined : play,
    humans,
    port: intFlag('--port', argv.port, 0, 65535),
    botDelay: intFlag('--bot-delay', argv['bot-delay'], 0, 600_000) ?? DEFAULT_BOT_DELAY_MS,
    out: textFlag('--out', argv.out),
    resume,
    cwd: process.cwd(),
    print: (line) => process.stdout.write(line + '\n'),
    stop,
  });
}
