// The one place that runs git. Output is read in the C locale (messages are matched and
// quoted), nothing is ever prompted for (a CI job has no terminal), and a failure is a
// value, not an exception: the callers decide what a non-zero exit means.
import { spawn } from 'node:child_process';
import { MonitorsError } from '../errors.js';

export interface GitResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface GitOptions {
  cwd: string;
  input?: string;
  env?: Record<string, string>;
}

export function runGit(args: readonly string[], options: GitOptions): Promise<GitResult> {
  const env = { ...process.env, LC_ALL: 'C', GIT_TERMINAL_PROMPT: '0', ...options.env };
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, { cwd: options.cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new MonitorsError(
          'LOCK_BRANCH_GIT',
          `cannot run git (${error.code ?? error.message}): --lock-branch keeps the lock file on a git branch and needs git`,
          {
            hint: 'Install git, or drop --lock-branch and keep the lock file beside the YAML.',
          },
        ),
      ),
    );
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
    child.stdin.on('error', () => undefined); // git may exit before reading all its input
    child.stdin.end(options.input ?? '');
  });
}

/** Runs git and returns its trimmed stdout; a non-zero exit becomes `code` with git's own words. */
export async function gitOrFail(
  args: readonly string[],
  options: GitOptions & { code: string; what: string; hint?: string },
): Promise<string> {
  const result = await runGit(args, options);
  if (result.code !== 0) {
    throw new MonitorsError(
      options.code,
      `${options.what}: ${gitMessage(result)}`,
      options.hint ? { hint: options.hint } : {},
    );
  }
  return result.stdout.trim();
}

/** Git's explanation of a failure, on one line (its stderr, else stdout). */
export function gitMessage(result: GitResult): string {
  const text = (result.stderr.trim() || result.stdout.trim() || `git exited with ${result.code}`)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return redactUrlCredentials(text.join(' / '));
}

/** A remote URL may carry a token (`https://user:token@host/...`): git prints URLs in its messages. */
export function redactUrlCredentials(text: string): string {
  return text.replace(/(\b[a-z][a-z0-9+.-]*:\/\/)[^/\s@]+@/gi, '$1***@');
}
