// Stands in for a user at a shell: runs the built CLI (dist/src/cli/main.js, or the bundle)
// as a child process with a minimal environment, and returns its exit code, signal, stdout and
// stderr. It fakes nothing: what a test sees is what the user sees. Spec: none (the CLI's own
// behaviour, docs/ and README.md); the server the CLI talks to is sim-process.ts or spec-server.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The built CLI (npm test builds before vitest runs); right from tests/ and from dist/tests/ alike. */
export const CLI_PATH = fileURLToPath(
  new URL(
    import.meta.url.includes('/dist/tests/') ? '../../src/cli/main.js' : '../../dist/src/cli/main.js',
    import.meta.url,
  ),
);

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  cwd?: string;
  /** Added to a minimal environment (PATH, HOME); the parent's MONITORS_* never leak in. */
  env?: Record<string, string | undefined>;
  input?: string;
  timeoutMs?: number;
  /** Called on each piece of output with all output so far: to signal the process at a given point. */
  watch?: (child: ChildProcess, output: { stdout: string; stderr: string }) => void;
  /** Called once the process is started: to signal it at a moment it prints nothing at. */
  onSpawn?: (child: ChildProcess) => void;
  /** The CLI file to run (default: the built CLI; e.g. the bundle's entry). */
  cli?: string;
}

/** The environment a CLI process under test gets: PATH, HOME, NO_COLOR and `extra`; the parent's MONITORS_* never. */
export function cliEnv(extra: Record<string, string | undefined> = {}): Record<string, string> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', NO_COLOR: '1' };
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) env[k] = v;
  return env;
}

/** Runs `monitors ...args` as a real process and collects its output. */
export function runCli(args: string[], options: CliOptions = {}): Promise<CliResult> {
  const env = cliEnv(options.env);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [options.cli ?? CLI_PATH, ...args], {
      cwd: options.cwd,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    options.onSpawn?.(child);
    let stdout = '';
    let stderr = '';
    const watch = () => options.watch?.(child, { stdout, stderr });
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      watch();
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
      watch();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
  });
}
