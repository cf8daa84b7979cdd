// The programs outside Node that some tests and the status page's bench drive (a headless
// Chromium, Neovim, libxml2's xmllint), and whether each is here: no vitest in this file, so
// a bench can ask too. They run where installed. On a machine with Node alone (the README's promise) they are
// skipped with one line naming what is missing and the Debian package that brings it; with
// CI=true (what GitHub Actions, GitLab CI and .ci/run's hosts set) a missing program is a
// failure instead, so CI can never pass by skipping them.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export interface Tool {
  /** The program, as the tests start it: a name on the PATH or an absolute path. */
  command: string;
  /** The Debian package that installs it (`apt-get install ...`). */
  debian: string;
}

export const CHROMIUM: Tool = { command: '/usr/bin/chromium', debian: 'chromium' };
export const NEOVIM: Tool = { command: 'nvim', debian: 'neovim' };
export const XMLLINT: Tool = { command: 'xmllint', debian: 'libxml2-utils' };

export function isInstalled(tool: Tool): boolean {
  if (tool.command.startsWith('/')) return existsSync(tool.command);
  return spawnSync(tool.command, ['--version'], { stdio: 'ignore' }).error === undefined;
}

/** What is missing, as one line: `nvim (Debian: neovim)`, or undefined when all are installed. */
export function missingTools(tools: readonly Tool[], installed: (tool: Tool) => boolean = isInstalled) {
  const missing = tools.filter((t) => !installed(t));
  if (missing.length === 0) return undefined;
  return missing.map((t) => `${t.command} (Debian: ${t.debian})`).join(', ');
}

/** Skip (locally) or fail (CI=true) when missing; otherwise what to run. Decided here, pure. */
export function toolDecision(
  missing: string | undefined,
  env: NodeJS.ProcessEnv,
): { kind: 'run' } | { kind: 'skip'; line: string } | { kind: 'fail'; message: string } {
  if (missing === undefined) return { kind: 'run' };
  if (env.CI === 'true')
    return {
      kind: 'fail',
      message: `${missing} is missing, and CI=true runs every test: install it (.ci/run does, with apt-get)`,
    };
  return { kind: 'skip', line: `skipped: needs ${missing}, not installed here` };
}
