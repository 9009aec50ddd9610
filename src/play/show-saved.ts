import { join, relative } from 'node:path';
import { writeViewer } from '../report/viewer.js';
import { refuseResultFile } from '../runner/result-guard.js';
import { kilobytes } from '../terminal/sizes.js';
import { readSaved, savedSpec } from './saved.js';

/**
 * `tavolo show <dir>` on the folder of a match played with human seats: the viewer page of that match,
 * replayed from its seed and the humans' recorded decisions, and checked against the saved result.
 */
export async function showSaved(dir: string, outFlag: string | undefined): Promise<void> {
  const saved = readSaved(dir);
  const { spec, variant, match } = await savedSpec(saved);
  const out = outFlag ?? join(dir, 'match.html');
  refuseResultFile(out, '--out');
  const r = writeViewer(spec, variant, match, out);
  const rel = relative(process.cwd(), r.file);
  process.stdout.write(`Wrote ${rel.startsWith('..') ? r.file : rel} (${kilobytes(r.bytes)}, ${r.steps - 1} decisions): the match played with human seat${saved.humans.length > 1 ? 's' : ''} ${saved.humans.join(', ')}\n`);
  const want = { winners: saved.result.winners.join(';'), turns: saved.result.turns, endReason: saved.result.endReason };
  if (JSON.stringify(want) !== JSON.stringify(r.result) || r.steps - 1 !== saved.totalDecisions) {
    process.stderr.write(
      `warning: this replay ended differently from the saved match (winners ${r.result.winners || 'none'}, ${r.result.turns} turns, ${r.result.endReason}, ${r.steps - 1} decisions ` +
        `against ${want.winners || 'none'}, ${want.turns} turns, ${want.endReason}, ${saved.totalDecisions} decisions): the game or a bot has changed since it was played\n`,
    );
  }
}
