import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, delimiter, extname, isAbsolute, join, resolve } from 'node:path';
import { InputError } from '../errors.js';
import { configOfRef, processRef, type ProcessConfig } from './process-bot.js';
import { endBotProcessesAtExit } from './reaper.js';

/**
 * A spec's process bot entry (`{ "bot": "process", "command": ["python3", "mybot.py"] }`) made ready to
 * run anywhere: the arguments that name a file of the spec's folder become absolute paths, and the program
 * (the first word) must be a file or a program on PATH. Errors name the field, exit 2.
 */
export interface ProcessEntry {
  ref: string;
  /** The name used when the entry has none: the script's name without its extension, else the program's. */
  defaultName: string;
}

const isFile = (p: string) => existsSync(p) && statSync(p).isFile();

function onPath(program: string): boolean {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && isFile(join(dir, program)));
}

export function resolveProcessEntry(command: readonly string[], baseDir: string, waitMs: number, field: string): ProcessEntry {
  endBotProcessesAtExit();
  const [program, ...args] = command;
  const pathLike = program.includes('/') || program.includes('\\');
  const resolvedProgram = pathLike ? resolve(baseDir, program) : program;
  if (pathLike ? !isFile(resolvedProgram) : !onPath(program)) {
    throw new InputError(`expected a program on PATH or a file (relative to ${baseDir}), found "${program}"`, `${field}[0]`);
  }
  const files: number[] = pathLike ? [0] : [];
  const resolvedArgs = args.map((a, i) => {
    if (a.startsWith('-') || !isFile(resolve(baseDir, a))) return a;
    files.push(i + 1);
    return resolve(baseDir, a);
  });
  const config: ProcessConfig = { command: [resolvedProgram, ...resolvedArgs], cwd: baseDir, waitMs, files };
  const script = files.length > 0 ? config.command[files[files.length - 1]] : program;
  return { ref: processRef(config), defaultName: basename(script, extname(script)) };
}

/**
 * How a process bot enters the tournament's identity: the SHA-256 of its command, each file of the spec's
 * folder it names replaced by the SHA-256 of its bytes (so shards that mount the files elsewhere agree, and a
 * script edited between a run and its resume is caught), other words as written. What the script itself
 * loads (its imports, the interpreter's version) is not followed.
 */
export function processIdentity(ref: string): { sha256: string } {
  const config = configOfRef(ref);
  const words = config.command.map((word, i) => (config.files.includes(i) && isAbsolute(word) ? `sha256:${sha256(readFileSync(word))}` : word));
  return { sha256: sha256(JSON.stringify(['process', ...words])) };
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
