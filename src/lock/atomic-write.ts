import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { MonitorsError } from '../errors.js';
import { ensureDir } from './ensure-dir.js';

/**
 * Writes a file so that a reader (or a process killed at any instant) sees the old
 * content or the new, never half of either: a temp file in the same folder, fsync,
 * rename over the target. The text may come in pieces (a lock file of 100,000 monitors is
 * 100 MB): they are written a megabyte or so at a time, never joined whole.
 */
export async function writeFileAtomic(path: string, text: string | Iterable<string>): Promise<void> {
  const dir = dirname(path);
  const temp = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await ensureDir(dir);
    const handle = await open(temp, 'w', 0o644);
    try {
      if (typeof text === 'string') await handle.writeFile(text, 'utf8');
      else for (const batch of batches(text, 1 << 20)) await handle.write(batch, null, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (error) {
    // Clean-up must not mask the real error (rm throws ENOTDIR when a file sits where the folder should be).
    await rm(temp, { force: true }).catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new MonitorsError('FILE_WRITE_FAILED', `cannot write ${path} (${code})`, {
      hint: 'Check that the folder exists and is writable.',
      cause: error,
    });
  }
}

/** Pieces of text joined into batches of at least `size` characters (the last may be shorter). */
function* batches(pieces: Iterable<string>, size: number): Generator<string> {
  let batch: string[] = [];
  let length = 0;
  for (const piece of pieces) {
    batch.push(piece);
    length += piece.length;
    if (length >= size) {
      yield batch.join('');
      batch = [];
      length = 0;
    }
  }
  if (batch.length > 0) yield batch.join('');
}
