// Command-line values checked before anything else runs: a bad option is refused with one
// BAD_OPTION line before a file is read or a request is sent.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { MonitorsError } from '../../errors.js';

const bad = (message: string, hint?: string) => new MonitorsError('BAD_OPTION', message, hint ? { hint } : {});

/** `--concurrency`: a whole number from 1 to 64 (the default when not given). */
export function parseConcurrency(raw: string | undefined, fallback = 8): number {
  if (raw === undefined) return fallback;
  const n = /^\s*[0-9]+\s*$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > 64)
    throw bad(`--concurrency must be a whole number from 1 to 64, not "${raw.slice(0, 40)}"`);
  return n;
}

/** A file option given explicitly must name a file: `--lock ""` is a slip, not "use the default". */
export function fileOption(flag: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === '') throw bad(`${flag} needs a file name`);
  if (isDirectory(value)) throw bad(`${flag} ${value} is a folder; give a file name`);
  return value;
}

/** A folder option (`export --out`): empty or an existing file is refused. */
export function folderOption(flag: string, value: string, cwd: string): string {
  if (value.trim() === '') throw bad(`${flag} needs a folder name`);
  try {
    if (!statSync(resolve(cwd, value)).isDirectory()) throw bad(`${flag} ${value} is a file, not a folder`);
  } catch (error) {
    if (error instanceof MonitorsError) throw error;
  }
  return value;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
