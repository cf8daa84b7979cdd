// The I/O edge of export: write every file or none of them. Each text goes to a temp file
// in its target folder first; only when all are written are they renamed into place.
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import { MonitorsError } from '../errors.js';
import { ensureDir } from '../lock/ensure-dir.js';

export interface FileWrite {
  path: string;
  text: string;
  /** The path as shown to the user, when it differs from `path`. */
  display?: string;
}

/** Refuses (one clear error) when any target exists and overwriting was not asked for. */
export function refuseExisting(writes: readonly FileWrite[], force: boolean): void {
  if (force) return;
  const existing = writes.filter((w) => existsSync(w.path)).map((w) => w.display ?? w.path);
  if (existing.length === 0) return;
  const more = existing.length > 1 ? ` (and ${existing.length - 1} more)` : '';
  throw new MonitorsError(
    'EXPORT_FILE_EXISTS',
    `${existing[0]} already exists${more}; export does not overwrite files`,
    {
      hint: 'Pass --force to overwrite them, or export into an empty folder with --out DIR.',
    },
  );
}

export async function writeAllAtomic(writes: readonly FileWrite[]): Promise<void> {
  const suffix = `.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  const staged: { temp: string; path: string }[] = [];
  try {
    for (const w of writes) {
      await ensureDir(dirname(w.path)); // not mkdirSync({ recursive }): it spins forever under /proc
      const temp = `${w.path}${suffix}`;
      writeFileSync(temp, w.text, { encoding: 'utf8', mode: 0o644 });
      staged.push({ temp, path: w.path });
    }
  } catch (error) {
    for (const s of staged) rmSync(s.temp, { force: true });
    const failed = writes[staged.length];
    throw new MonitorsError(
      'EXPORT_WRITE_FAILED',
      `could not write ${failed?.display ?? failed?.path ?? 'the export'}: ${(error as Error).message}`,
      { cause: error },
    );
  }
  for (const s of staged) renameSync(s.temp, s.path);
}

/** YAML files already in the folder that export did not write: `plan DIR` would load them too. */
export function otherYamlFiles(dir: string, writes: readonly FileWrite[]): string[] {
  if (!existsSync(dir)) return [];
  const ours = new Set(writes.map((w) => resolve(w.path)));
  return readdirSync(dir)
    .filter((name) => ['.yaml', '.yml'].includes(extname(name)) && !ours.has(resolve(dir, name)))
    .sort()
    .map((name) => join(dir, name));
}
