// process.stdout and process.stderr are made by Node on first use, and on a pipe or a terminal
// that loads its streams and net module: about 5 ms of a small `monitors validate`, a tenth
// of its start (`npm run bench -- startup`). Once the CLI watches them (watchStandardStreams,
// from runMain), writeStandard writes a command's output straight to the file descriptor for
// as long as nobody has asked for the stream, and through the stream from then on. Each
// direct write is whole before it returns, so the order of the output is kept either way.
// Without the watch (a test calling a command's work in-process), every write goes through
// the stream, as before.
import { writeSync } from 'node:fs';

type Fd = 1 | 2;
const NAMES = { 1: 'stdout', 2: 'stderr' } as const;
let watching = false;
const made: Record<Fd, boolean> = { 1: false, 2: false };

/** What a direct write does with a failure other than a full pipe: the stream's 'error' handler's part. */
export type WriteFailure = (fd: Fd, error: NodeJS.ErrnoException) => void;
let failed: WriteFailure = () => undefined;

/**
 * From now on, `prepare` runs on each of the two streams when it is first asked for (or now,
 * when Node's getter cannot be watched), and `onFailure` on a direct write's failure.
 */
export function watchStandardStreams(
  prepare: (stream: NodeJS.WriteStream, fd: Fd) => void,
  onFailure: WriteFailure,
): void {
  if (watching) return;
  watching = true;
  failed = onFailure;
  for (const fd of [1, 2] as const) {
    const name = NAMES[fd];
    const own = Object.getOwnPropertyDescriptor(process, name);
    if (own?.get === undefined || own.configurable !== true) {
      made[fd] = true;
      prepare(process[name], fd);
      continue;
    }
    Object.defineProperty(process, name, {
      configurable: true,
      enumerable: own.enumerable ?? true,
      get() {
        const stream = own.get!.call(process) as NodeJS.WriteStream;
        Object.defineProperty(process, name, own); // Node's getter again: it keeps the stream
        made[fd] = true;
        prepare(stream, fd);
        return stream;
      },
    });
  }
}

/** Writes `text` to standard output (1) or error (2): straight to the descriptor while no stream is made. */
export function writeStandard(fd: Fd, text: string): void {
  if (!watching || made[fd]) {
    process[NAMES[fd]].write(text);
    return;
  }
  let rest = Buffer.from(text, 'utf8');
  while (rest.length > 0) {
    try {
      rest = rest.subarray(writeSync(fd, rest));
    } catch (error) {
      const failure = error as NodeJS.ErrnoException;
      // A non-blocking pipe that is full: the stream waits for the reader, and the process for the stream.
      if (failure.code === 'EAGAIN') process[NAMES[fd]].write(rest);
      else failed(fd, failure);
      return;
    }
  }
}
