import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { MonitorsError } from '../errors.js';
import { ensureDir } from './ensure-dir.js';

/**
 * Writes a file so that a reader (or a process killed at any instant) sees the old
 * content or the new, never half of either: a temp file in the same folder, fsync,
 * rename over the target.
 */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  const dir = dirname(path);
  const temp = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await ensureDir(dir);
    const handle = await open(temp, 'w', 0o644);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (error) {
    // Clean-up must not mask the real error (rm throws ENOTDIR when a file sits where the folder should be).
    await rm(temp, { force: true }).catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new MonitorsError('FILE_WRITE_FAILED', `cannot write ${path} (${code})`, { hint: 'Check that the folder exists and is writable.', cause: error });
  }
}
