import { relative } from 'node:path';
import { InputError } from '../errors.js';
import { writeReport } from '../report/report.js';

/** Sizes as people read them: 527 kB. */
export function kilobytes(bytes: number): string {
  return `${Math.round(bytes / 1000)} kB`;
}

function shown(p: string): string {
  const rel = relative(process.cwd(), p);
  return rel.startsWith('..') ? p : rel;
}

/** `tavolo report <dir>`: (re)writes report.html of any finished result folder. */
export async function reportCommand(argv: Record<string, unknown>): Promise<void> {
  const dir = typeof argv.dir === 'string' && argv.dir !== '' ? argv.dir : undefined;
  if (dir === undefined) throw new InputError('give the folder of a finished run, such as results/stramat-dado', 'report');
  const r = await writeReport(dir);
  process.stdout.write(`Wrote ${shown(r.file)} (${kilobytes(r.bytes)}, self-contained: open it in any browser)\n`);
}

/**
 * After a run or a merge: the report, or a warning when it could not be written (the results are
 * complete whatever happens here, so the exit code does not change).
 */
export async function reportAfterRun(dir: string): Promise<void> {
  try {
    const r = await writeReport(dir);
    process.stdout.write(`Report: ${shown(r.file)} (${kilobytes(r.bytes)})\n`);
  } catch (err) {
    process.stderr.write(`warning: report.html was not written (${err instanceof Error ? err.message : String(err)}); try \`tavolo report ${shown(dir)}\`\n`);
  }
}
