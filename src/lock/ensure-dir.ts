// Makes a folder and its parents, with a bound on the walk up (the lock file's folder may not
// exist yet).
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';

/** More folder levels than any real path has: the walk up always ends. */
const MAX_DEPTH = 256;

/**
 * `mkdir -p`, without Node's `mkdir(dir, { recursive: true })`: that spins forever where
 * mkdir answers ENOENT although the parent exists (under /proc, for one), so a path such as
 * `--out /proc/x/plan.json` hung the CLI at full CPU instead of failing. Errors are the OS
 * errors of the first level that cannot be made (ENOENT, EACCES, ENOTDIR, ...).
 */
export async function ensureDir(dir: string, depth = 0): Promise<void> {
  try {
    await mkdir(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return;
    const parent = dirname(dir);
    if (code !== 'ENOENT' || parent === dir || depth >= MAX_DEPTH) throw error;
    await ensureDir(parent, depth + 1);
    await mkdir(dir).catch((again: NodeJS.ErrnoException) => {
      if (again.code !== 'EEXIST') throw again;
    });
  }
}
