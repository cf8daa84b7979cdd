// Reads one YAML file with a size limit (a monitors file is small; a huge one is a
// mistake or an attack on the parser). A leading byte-order mark is dropped.
import { readFile, stat } from 'node:fs/promises';

export const MAX_FILE_BYTES = 5 * 1024 * 1024;

export type ReadResult = { text: string } | { code: string; message: string };

export async function readMonitorsFile(abs: string): Promise<ReadResult> {
  try {
    const info = await stat(abs);
    if (info.size > MAX_FILE_BYTES) {
      return { code: 'file.too_large', message: `the file is ${(info.size / 1048576).toFixed(1)} MiB; the limit is ${MAX_FILE_BYTES / 1048576} MiB per file (split it into several files)` };
    }
    const text = await readFile(abs, 'utf8');
    return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? 'error';
    return { code: 'file.unreadable', message: `the file cannot be read (${code})` };
  }
}
