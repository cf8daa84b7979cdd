// Ctrl-C (SIGINT) or a CI cancel (SIGTERM) during an apply: the first one stops starting
// new writes and lets those in flight finish and reach the lock file, so the run ends with
// a true lock and a summary; a second one ends the process at once (the lock on disk is
// still true, written atomically, only missing the writes then in flight).
// The handlers stay installed from the first write until the process exits: after the
// writes it still reports and writes the lock file, and a signal then must not end it
// half-way. Signals are process-wide, so the watch is too (one per process).

const EXIT_BY_SIGNAL: Record<'SIGINT' | 'SIGTERM', number> = { SIGINT: 130, SIGTERM: 143 };

export interface Interrupt {
  signal: AbortSignal;
  /** 130 after SIGINT, 143 after SIGTERM; undefined when none came. */
  exitCode(): number | undefined;
  /** Every write is done: a signal from now on only changes the exit code. */
  writesDone(): void;
  /** `apply --wait` follows the monitors now: a signal stops the wait, which reports what it saw. */
  waiting(): void;
}

interface Watch extends Interrupt {
  /** The command's result is final: a signal from now on sets process.exitCode itself. */
  finish(code: number): number;
}

let active: Watch | undefined;

export function watchInterrupts(
  stderr: NodeJS.WritableStream,
  exit: (code: number) => void = (code) => process.exit(code),
): Interrupt {
  if (active) return active;
  const controller = new AbortController();
  let received: 'SIGINT' | 'SIGTERM' | undefined;
  let stage: 'writing' | 'reporting' | 'waiting' | 'finished' = 'writing';
  const handler = (name: 'SIGINT' | 'SIGTERM') => () => {
    const again = name === 'SIGINT' ? 'Ctrl-C' : 'the signal';
    if (received) {
      const lost =
        stage === 'writing'
          ? ' Changes in flight may have been made without a lock record; the next plan replaces those once.'
          : '';
      stderr.write(`\n${name} again: stopping now.${lost}\n`);
      exit(EXIT_BY_SIGNAL[name]);
      return;
    }
    received = name;
    if (stage === 'writing') {
      stderr.write(
        `\n${name}: starting no more changes; waiting for those in flight to finish and be recorded (${again} again stops at once).\n`,
      );
    } else if (stage === 'waiting') {
      stderr.write(`\n${name}: the wait stops; reporting what is known (${again} again stops at once).\n`);
    } else {
      stderr.write(
        `\n${name}: every change was already sent; finishing the report and the lock record (then exit ${EXIT_BY_SIGNAL[name]}).\n`,
      );
    }
    if (stage === 'finished') process.exitCode = EXIT_BY_SIGNAL[name];
    controller.abort();
  };
  process.on('SIGINT', handler('SIGINT'));
  process.on('SIGTERM', handler('SIGTERM'));
  active = {
    signal: controller.signal,
    exitCode: () => (received ? EXIT_BY_SIGNAL[received] : undefined),
    writesDone() {
      if (stage === 'writing') stage = 'reporting';
    },
    waiting() {
      if (stage !== 'finished') stage = 'waiting';
    },
    finish(code) {
      stage = 'finished';
      return received ? EXIT_BY_SIGNAL[received] : code;
    },
  };
  return active;
}

/**
 * The exit code of a command that may have watched interrupts: 130 / 143 when a signal
 * came at any point since the writes began (also after the summary), else `code`.
 */
export function settleExitCode(code: number): number {
  return active ? active.finish(code) : code;
}

/**
 * Ends a process that watched interrupts as soon as its output is flushed. Left to end by
 * itself, Node first tears down the signal handlers, and a signal in that last moment
 * would kill the process with no exit code (seen in tests/chaos on a loaded machine).
 * `process.exit` ends it with the handlers still installed.
 */
export async function exitWhenWatched(): Promise<void> {
  if (!active) return;
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  process.exit(); // process.exitCode, which a signal after settleExitCode still sets
}

function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => stream.write('', () => resolve()));
}
