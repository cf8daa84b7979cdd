// Ctrl-C (SIGINT) or a CI cancel (SIGTERM).
// While planning (loading the YAML, listing, the worker thread, waiting for confirmation,
// running checks) nothing has been written: a signal ends the process at once, saying what
// it interrupted and that nothing was written (130 / 143).
// During an apply's writes, the first one stops starting new writes and lets those in
// flight finish and reach the lock file, so the run ends with a true lock and a summary; a
// second one ends the process at once (the lock on disk is still true, written atomically,
// only missing the writes then in flight).
// The handlers stay installed from the first write until the process exits: after the
// writes it still reports and writes the lock file, and a signal then must not end it
// half-way. Signals are process-wide, so the watch is too (one per process).

import { signalNoticeText } from '../../render/interrupt-report.js';

const EXIT_BY_SIGNAL: Record<'SIGINT' | 'SIGTERM', number> = { SIGINT: 130, SIGTERM: 143 };

export interface Interrupt {
  signal: AbortSignal;
  /** 130 after SIGINT, 143 after SIGTERM; undefined when none came. */
  exitCode(): number | undefined;
  /** Every write is done: a signal from now on only changes the exit code. */
  writesDone(): void;
  /** `apply --wait` follows the monitors now: a signal stops the wait, which reports what it saw. */
  waiting(): void;
  /** Runs once, on the first signal, before its notice is printed (a progress bar steps aside). */
  onSignal(listener: () => void): void;
}

type Stage = 'planning' | 'writing' | 'reporting' | 'waiting' | 'finished';

interface Watch extends Interrupt {
  /** The command's result is final: a signal from now on sets process.exitCode itself. */
  finish(code: number): number;
  stage(): Stage;
  /** Moves on from planning to the writes (watchInterrupts). */
  startWrites(): void;
  /** What is under way while planning, said when a signal interrupts it. */
  steps: Map<number, () => string>;
  uninstall(): void;
}

let active: Watch | undefined;
let nextStep = 0;
/** Held by `--env all` (every-environment.ts) over all its runs: see holdPlanningWatch. */
let held = false;

/**
 * From the start of plan, apply, check and export: a signal before anything is written
 * ends the process at once, saying what it interrupted (see planningStep).
 */
export function watchPlanning(
  stderr: NodeJS.WritableStream,
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  if (!active) active = install(stderr, exit, 'planning');
}

/**
 * Marks a step of planning as under way until the returned function is called; `what` is
 * read when a signal comes (`listing the live monitors (3 pages read)`). A no-op when
 * nothing watches signals (tests calling the planning code directly).
 */
export function planningStep(what: string | (() => string)): () => void {
  const watch = active;
  if (!watch) return () => undefined;
  const id = nextStep++;
  watch.steps.set(id, typeof what === 'string' ? () => what : what);
  return () => void watch.steps.delete(id);
}

/**
 * Whether a signal is being watched: the CPU-bound work of the command must then leave this
 * thread free to answer it (a handler runs only between turns of the event loop), so the
 * YAML is loaded on the worker thread (src/workspace/open.ts, with steps/open-request.ts's hooks).
 */
export function watchingSignals(): boolean {
  // Not for the runs of --env all in one process: each loads a set, and a thread each would
  // cost more than the moment of a signal it answers sooner (nothing is written by them).
  return active !== undefined && !held;
}

/**
 * `--env all` in one process: one watch over every environment's run, from before the
 * first to after the last (a run's stopWatching leaves it be); a signal ends them all, saying
 * nothing was written. Returns the release.
 */
export function holdPlanningWatch(stderr: NodeJS.WritableStream): () => void {
  watchPlanning(stderr);
  held = true;
  return () => {
    held = false;
    stopWatching();
  };
}

/** plan, check and export write nothing a signal could cut in half: after planning, signals act as by default again. */
export function stopWatching(): void {
  if (held || active?.stage() !== 'planning') return;
  active.uninstall();
  active = undefined;
}

/** From the first write of an apply (or its lock record) until the process exits. */
export function watchInterrupts(
  stderr: NodeJS.WritableStream,
  exit: (code: number) => void = (code) => process.exit(code),
): Interrupt {
  if (active) {
    active.startWrites();
    return active;
  }
  active = install(stderr, exit, 'writing');
  return active;
}

function install(stderr: NodeJS.WritableStream, exit: (code: number) => void, first: Stage): Watch {
  const controller = new AbortController();
  let received: 'SIGINT' | 'SIGTERM' | undefined;
  let stage: Stage = first;
  const listeners: (() => void)[] = [];
  const steps = new Map<number, () => string>();
  const handler = (name: 'SIGINT' | 'SIGTERM') => () => {
    if (stage === 'planning') {
      stderr.write(signalNoticeText({ stage, signal: name, steps: [...steps.values()].map((what) => what()) }));
      exit(EXIT_BY_SIGNAL[name]);
      return;
    }
    if (received) {
      stderr.write(signalNoticeText({ stage: 'again', signal: name, writing: stage === 'writing' }));
      exit(EXIT_BY_SIGNAL[name]);
      return;
    }
    received = name;
    for (const listener of listeners.splice(0)) listener();
    if (stage === 'writing' || stage === 'waiting') stderr.write(signalNoticeText({ stage, signal: name }));
    else stderr.write(signalNoticeText({ stage: 'reporting', signal: name, exitCode: EXIT_BY_SIGNAL[name] }));
    if (stage === 'finished') process.exitCode = EXIT_BY_SIGNAL[name];
    controller.abort();
  };
  const onInt = handler('SIGINT');
  const onTerm = handler('SIGTERM');
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onTerm);
  return {
    signal: controller.signal,
    exitCode: () => (received ? EXIT_BY_SIGNAL[received] : undefined),
    writesDone() {
      if (stage === 'planning' || stage === 'writing') stage = 'reporting';
    },
    waiting() {
      if (stage !== 'finished') stage = 'waiting';
    },
    onSignal(listener) {
      listeners.push(listener);
    },
    finish(code) {
      stage = 'finished';
      return received ? EXIT_BY_SIGNAL[received] : code;
    },
    stage: () => stage,
    startWrites() {
      if (stage === 'planning') stage = 'writing';
    },
    steps,
    uninstall() {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
    },
  };
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
