// Writes a file atomically (a temporary file beside it, then a rename), so that a killed run never
// leaves half a lock file or report.
import { randomBytes } from 'node:crypto';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { MonitorsError } from '../errors.js';
import { ensureDir } from './ensure-dir.js';

/**
 * Writes a file so that a reader (or a process killed at any instant) sees the old
 * content or the new, never half of either: a temp file in the same folder, fsync,
 * rename over the target. The text may come in pieces (a lock file of 100,000 monitors is
 * 100 MB): they are written a megabyte at a time, never joined whole (writePieces).
 */
export async function writeFileAtomic(path: string, text: string | Iterable<string>): Promise<void> {
  const dir = dirname(path);
  const temp = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await ensureDir(dir);
    const handle = await open(temp, 'w', 0o644);
    try {
      if (typeof text === 'string') await handle.writeFile(text, 'utf8');
      else await writePieces(handle, text);
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

/** Bytes written at a time: a buffer of this size is filled and written again and again. */
const BATCH_BYTES = 1 << 20;

/**
 * Pieces of text written through one reused buffer of a megabyte, never joined into
 * strings: a string of a megabyte is made in V8's old generation, where a lock file of
 * 100,000 monitors written a few times in an apply left hundreds of megabytes to collect.
 */
async function writePieces(handle: FileHandle, pieces: Iterable<string>): Promise<void> {
  const buffer = Buffer.allocUnsafeSlow(BATCH_BYTES);
  let used = 0;
  const flush = async () => {
    for (let done = 0; done < used;) done += (await handle.write(buffer, done, used - done)).bytesWritten;
    used = 0;
  };
  for (const piece of pieces) {
    // A UTF-16 code unit is at most 3 bytes of UTF-8: a piece that may not fit goes after a flush.
    if (piece.length * 3 > BATCH_BYTES - used) await flush();
    if (piece.length * 3 > BATCH_BYTES) await handle.writeFile(piece, 'utf8');
    else used += buffer.write(piece, used, 'utf8');
  }
  await flush();
}
