// The built CLI in a pseudo-terminal (util-linux `script`), as a person at a terminal runs
// it: stdin, stdout and stderr are one tty, so the CLI asks questions, draws its progress
// bar, and turns a typed Ctrl-C into SIGINT. `onOutput` sees everything printed so far and
// may type keys.
import { spawn, spawnSync } from 'node:child_process';
import { CLI_PATH } from './run-cli.js';

export const hasScript = spawnSync('script', ['--version']).status === 0;

export interface TerminalRun {
  /** `apply .` and the like; a shell redirect may follow (`2>log`). */
  args: string;
  cwd: string;
  env: Record<string, string>;
  onOutput: (output: string, type: (keys: string, end?: boolean) => void) => void;
}

export function runAtTerminal(run: TerminalRun): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('script', ['-qec', `${process.execPath} ${CLI_PATH} ${run.args}`, '/dev/null'], {
      cwd: run.cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', TERM: 'xterm', ...run.env },
    });
    let output = '';
    const type = (keys: string, end = false) => {
      if (child.stdin.writableEnded) return;
      if (end) child.stdin.end(keys);
      else child.stdin.write(keys);
    };
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      output += d;
      run.onOutput(output, type);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      child.stdin.destroy();
      resolve({ code, output });
    });
  });
}
