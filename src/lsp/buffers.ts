// Where the loader's bytes come from in the server: the editor's buffer for an open file
// (unsaved edits included), else the file on disk, read again only when its size or time
// changed, so that a keystroke does not read the whole set from disk again.
import { readMonitorsBytes, type ReadProblem } from '../load/files/read-file.js';
import { statSync } from 'node:fs';

type Read = { bytes: Buffer } | ReadProblem;

export class Buffers {
  private readonly open = new Map<string, { version: number; text: string; bytes: Buffer }>();
  private readonly disk = new Map<string, { size: number; mtimeMs: number; read: Read }>();

  setOpen(abs: string, version: number, text: string): void {
    this.open.set(abs, { version, text, bytes: Buffer.from(text, 'utf8') });
  }

  close(abs: string): void {
    this.open.delete(abs);
  }

  isOpen(abs: string): boolean {
    return this.open.has(abs);
  }

  openFiles(): string[] {
    return [...this.open.keys()];
  }

  /** The loader's source (memory-source.ts): an open buffer, else the disk with its last read kept. */
  readonly read = (abs: string): Read => {
    const buffer = this.open.get(abs);
    if (buffer) return { bytes: buffer.bytes };
    let info;
    try {
      info = statSync(abs);
    } catch {
      this.disk.delete(abs);
      return readMonitorsBytes(abs);
    }
    const kept = this.disk.get(abs);
    if (kept && kept.size === info.size && kept.mtimeMs === info.mtimeMs) return kept.read;
    const read = readMonitorsBytes(abs);
    this.disk.set(abs, { size: info.size, mtimeMs: info.mtimeMs, read });
    return read;
  };

  /** The text of a file as the loader sees it (open buffer or disk), for ranges and requests. */
  text(abs: string): string | undefined {
    const buffer = this.open.get(abs);
    if (buffer) return buffer.text;
    const read = this.read(abs);
    if (!('bytes' in read)) return undefined;
    const text = read.bytes.toString('utf8');
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  }
}
