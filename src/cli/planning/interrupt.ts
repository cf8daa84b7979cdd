// Ctrl-C (SIGINT) or a CI cancel (SIGTERM) during an apply: the first one stops starting
// new writes and lets those in flight finish and reach the lock file, so the run ends with
// a true lock and a summary; a second one ends the process at once (the lock on disk is
// still true, written atomically, only missing the writes then in flight).

const EXIT_BY_SIGNAL: Record<'SIGINT' | 'SIGTERM', number> = { SIGINT: 130, SIGTERM: 143 };

export interface Interrupt {
  signal: AbortSignal;
  /** 130 after SIGINT, 143 after SIGTERM; undefined when none came. */
  exitCode(): number | undefined;
  /** Removes the handlers (the default behaviour of both signals comes back). */
  dispose(): void;
}

const APPLY_MESSAGE = (name: 'SIGINT' | 'SIGTERM') =>
  `${name}: starting no more changes; waiting for those in flight to finish and be recorded (${name === 'SIGINT' ? 'Ctrl-C' : 'the signal'} again stops at once).`;

export function watchInterrupts(
  stderr: NodeJS.WritableStream,
  exit: (code: number) => void = (code) => process.exit(code),
  /** What the first signal does, for the message (default: an apply's). */
  firstMessage: (name: 'SIGINT' | 'SIGTERM') => string = APPLY_MESSAGE,
): Interrupt {
  const controller = new AbortController();
  let received: 'SIGINT' | 'SIGTERM' | undefined;
  const handler = (name: 'SIGINT' | 'SIGTERM') => () => {
    if (received) {
      stderr.write(`\n${name} again: stopping now. Changes in flight may have been made without a lock record; the next plan replaces those once.\n`);
      exit(EXIT_BY_SIGNAL[name]);
      return;
    }
    received = name;
    stderr.write(`\n${firstMessage(name)}\n`);
    controller.abort();
  };
  const onInt = handler('SIGINT');
  const onTerm = handler('SIGTERM');
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onTerm);
  return {
    signal: controller.signal,
    exitCode: () => (received ? EXIT_BY_SIGNAL[received] : undefined),
    dispose() {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
    },
  };
}
