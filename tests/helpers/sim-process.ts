// Starts the real simulator (`monitors sim`, src/sim/) as a child process on a random
// loopback port, for end-to-end tests: it stands in for the monitoring API and follows the
// whole of spec/monitoring-api.md (sections 2-8) as docs/simulator.md describes
// it. Where the spec leaves a choice open the simulator makes ours; spec-server.ts makes
// other choices, so tests that matter run against both.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

// The built CLI, whether this helper runs from source (vitest) or compiled (dist/bench).
const COMPILED = /\/dist\/tests\/helpers\/[^/]+$/.test(fileURLToPath(import.meta.url));
export const SIM_CLI_PATH = fileURLToPath(
  new URL(COMPILED ? '../../src/cli/main.js' : '../../dist/src/cli/main.js', import.meta.url),
);

export interface SimProcess {
  /** http://127.0.0.1:<port>/api/v1 */
  baseUrl: string;
  /** http://127.0.0.1:<port>/__sim */
  adminUrl: string;
  /** The full-scope token of workspace "default" passed with --token. */
  token: string;
  child: ChildProcess;
  /** What the simulator wrote on stderr so far (its --verbose lines, errors). */
  stderr(): string;
  /** SIGTERM (the simulator saves its state file first), SIGKILL after 5 s. Idempotent. */
  stop(): Promise<void>;
}

/**
 * Starts the BUILT CLI's (or `cli`'s, e.g. the bundle's) `monitors sim --port 0 --token <random> ...args` and waits for
 * the base URL on its first stdout line. Pass `--token X` in args to choose the token.
 * Always stop() it (afterAll/afterEach).
 */
export function startSimProcess(args: string[] = [], cli: string = SIM_CLI_PATH): Promise<SimProcess> {
  const given = args.indexOf('--token');
  const token = given >= 0 ? (args[given + 1] ?? '') : `test_${randomBytes(16).toString('hex')}`;
  const fullArgs = [cli, 'sim', '--port', '0', ...(given >= 0 ? [] : ['--token', token]), ...args];
  const child = spawn(process.execPath, fullArgs, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp' },
  });
  let stdout = '';
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = once(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`monitors sim printed no base URL within 10 s; stderr: ${stderr}`));
    }, 10_000);
    child.stdout?.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      const newline = stdout.indexOf('\n');
      if (newline < 0) return;
      clearTimeout(timer);
      const baseUrl = stdout.slice(0, newline).trim();
      resolve({ baseUrl, adminUrl: baseUrl.replace(/\/api\/v1$/, '/__sim'), token, child, stderr: () => stderr, stop });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`monitors sim exited early (code ${code}); stderr: ${stderr}`));
    });
  });
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => (running ??= fn());
}
