// The CLI runs of `monitors ci`: the very CLI that runs it (the same file, the same version:
// the bundle, the npm package or a build), started as a child process per step so that each
// holds only the environment it is given (an environment's run never holds another's token).
//
// Signals: each run is started in a process group of its own, and SIGINT / SIGTERM that
// reach `monitors ci` are passed on to the run in progress, exactly once (an apply stops
// starting changes at the first, and at once at the second: a Ctrl-C at a terminal, which
// reaches every process of the group, must not count twice). `monitors ci` itself stays
// until that run has ended, starts no other, and exits 130 / 143.
import { spawn, type ChildProcess } from 'node:child_process';

export interface ChildResult {
  code: number;
  stdout: string;
  /** stdout and stderr, interleaved as they came. */
  output: string;
}

/**
 * What the CLI gives `monitors ci` of its own process (only the CLI reads process.argv and
 * owns signal handlers, docs/architecture.md): how to start this CLI again, and a way to
 * watch SIGINT and SIGTERM, asked for when the first run starts (until then a signal ends
 * `monitors ci` as it would any process).
 */
export interface SelfProcess {
  /** node, its flags, the script it runs. */
  command: string;
  args: readonly string[];
  onStopSignals(handler: (signal: Stop) => void): void;
}

export interface ChildRuns {
  /** Runs `monitors ...args`; its output goes to this process's own as it comes (unless quiet). */
  run(args: string[], env: Record<string, string | undefined>, options?: { quiet?: boolean }): Promise<ChildResult>;
  /** 130 or 143 once SIGINT or SIGTERM came: no further run starts. */
  interruptExitCode(): number | undefined;
  /** SIGINT or SIGTERM once one came. */
  interruptSignal(): Stop | undefined;
}

const EXIT_BY_SIGNAL = { SIGINT: 130, SIGTERM: 143 } as const;
export type Stop = keyof typeof EXIT_BY_SIGNAL;

export function childRuns(self: SelfProcess): ChildRuns {
  let received: Stop | undefined;
  // Several may run at once: a signal goes to each.
  const running = new Set<ChildProcess>();
  let watching = false;
  const interruptExitCode = () => received && EXIT_BY_SIGNAL[received];

  function watchSignals(): void {
    if (watching) return;
    watching = true;
    self.onStopSignals((signal) => {
      received ??= signal;
      for (const child of running) child.kill(signal);
    });
  }

  function run(
    args: string[],
    env: Record<string, string | undefined>,
    { quiet = false }: { quiet?: boolean } = {},
  ): Promise<ChildResult> {
    const stopped = interruptExitCode();
    if (stopped !== undefined)
      return Promise.resolve({
        code: stopped,
        stdout: '',
        output: `not run: monitors ci was interrupted (${received}).\n`,
      });
    watchSignals();
    return new Promise((resolve) => {
      const child = spawn(self.command, [...self.args, ...args], {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      running.add(child);
      let output = '';
      let stdout = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => {
        if (!quiet) process.stdout.write(d);
        output += d;
        stdout += d;
      });
      child.stderr.setEncoding('utf8').on('data', (d: string) => {
        if (!quiet) process.stderr.write(d);
        output += d;
      });
      child.on('error', (error) => {
        running.delete(child);
        resolve({ code: 127, stdout, output: `${output}could not start ${self.command}: ${error.message}\n` });
      });
      child.on('close', (code, signal) => {
        running.delete(child);
        resolve({
          code: code ?? (signal && signal in EXIT_BY_SIGNAL ? EXIT_BY_SIGNAL[signal as Stop] : 1),
          stdout,
          output,
        });
      });
    });
  }

  return { run, interruptExitCode, interruptSignal: () => received };
}
