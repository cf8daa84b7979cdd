// Reads one YAML file with a size limit (a monitors file is small; a huge one is a
// mistake or an attack on the parser). The text must be UTF-8: bytes that are not are
// refused with their place, never silently replaced (a name read as "caf\uFFFD" would
// create a monitor nobody meant). A leading byte-order mark is dropped, and a lone CR is
// made a line feed: YAML 1.2 reads a lone CR as a line break (so do js-yaml and editors),
// the `yaml` package does not, and both parsers must see the same lines.
// Synchronous: a monitors file is small and local, and one call each for its size and its
// bytes costs less than the round trips of asynchronous reads through the thread pool.
import { isUtf8 } from 'node:buffer';
import { readFileSync, statSync } from 'node:fs';

export const MAX_FILE_BYTES = 5 * 1024 * 1024;

export type ReadProblem = { code: string; message: string; line?: number; col?: number };
export type ReadResult = { text: string } | ReadProblem;

export function readMonitorsFile(abs: string): ReadResult {
  const read = readMonitorsBytes(abs);
  return 'bytes' in read ? decodeMonitorsText(read.bytes) : read;
}

/** The file's bytes, or why they cannot be read (too large, unreadable). */
export function readMonitorsBytes(abs: string): { bytes: Buffer } | ReadProblem {
  try {
    const info = statSync(abs);
    if (info.size > MAX_FILE_BYTES) {
      return {
        code: 'file.too_large',
        message: `the file is ${(info.size / 1048576).toFixed(1)} MiB; the limit is ${MAX_FILE_BYTES / 1048576} MiB per file (split it into several files)`,
      };
    }
    return { bytes: readFileSync(abs) };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? 'error';
    return { code: 'file.unreadable', message: `the file cannot be read (${code})` };
  }
}

/** The text of a file's bytes (the same text each time), or where they are not UTF-8. */
export function decodeMonitorsText(bytes: Buffer): ReadResult {
  if (!isUtf8(bytes)) return notUtf8(bytes);
  let text = bytes.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return { text: text.includes('\r') ? text.replace(/\r(?!\n)/g, '\n') : text };
}

/** The text of the longest start of `bytes` that decodes as UTF-8 (a cut-off last character is left out). */
function validPrefix(bytes: Uint8Array): string {
  const decode = (n: number): string | undefined => {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, n), { stream: true });
    } catch {
      return undefined;
    }
  };
  // Decoding a start fails from the first bad byte on, and never before: search for it.
  let lo = 0;
  let hi = bytes.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (decode(mid) === undefined) hi = mid - 1;
    else lo = mid;
  }
  return decode(lo) ?? '';
}

/** Where the first byte that is not UTF-8 is (its line, and its column in the decodable text before it). */
function notUtf8(bytes: Buffer): ReadResult {
  const fix = 'save the file as UTF-8';
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return { code: 'file.not_utf8', message: `the file is UTF-16 text; ${fix}`, line: 1, col: 1 };
  }
  // A line feed byte never occurs inside a multi-byte UTF-8 sequence, so lines can be checked one by one.
  let line = 1;
  let start = 0;
  for (;;) {
    const end = bytes.indexOf(0x0a, start);
    const lineBytes = bytes.subarray(start, end === -1 ? bytes.length : end);
    if (!isUtf8(lineBytes)) {
      return {
        code: 'file.not_utf8',
        message: `this is not UTF-8 text (an encoding such as Latin-1 or Windows-1252?); ${fix}`,
        line,
        col: validPrefix(lineBytes).length + 1,
      };
    }
    if (end === -1) return { code: 'file.not_utf8', message: `the file is not UTF-8 text; ${fix}`, line: 1, col: 1 };
    start = end + 1;
    line += 1;
  }
}
