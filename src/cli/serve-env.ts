import { createInterface } from 'node:readline';
import { loadGame } from '../plugins/loader.js';
import { serveEnv } from '../protocol/env-server.js';
import { EXIT } from './exit.js';

/** `tavolo serve-env`: a match driven over stdin and stdout (src/protocol/env-server.ts), until stdin ends. */
export async function serveEnvCommand(): Promise<number> {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  await serveEnv(lines, (line) => process.stdout.write(`${line}\n`), async (ref) => (await loadGame(ref, process.cwd(), 'game')).game);
  return EXIT.ok;
}
