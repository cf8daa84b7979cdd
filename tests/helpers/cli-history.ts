// The set-up of an end-to-end history: a fresh folder per test (the user's repository) and a
// server under test (servers-under-test.ts) the test starts, both removed after each test;
// the CLI run in that folder against that server, as CI runs it. Stands in for a user's
// repository and shell; the CLI is the built one (run-cli.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { runCli, type CliResult } from './run-cli.js';
import type { ServerUnderTest } from './servers-under-test.js';

export interface CliHistory {
  /** Set by the test (or its beforeEach); closed after each test. */
  server: ServerUnderTest;
  /** The test's folder, made before each test. */
  readonly dir: string;
  env: (extra?: Record<string, string>) => Record<string, string>;
  cli: (args: string[], extra?: Record<string, string>) => Promise<CliResult>;
}

export function cliHistory(prefix: string, token: string): CliHistory {
  let dir = '';
  const history: CliHistory = {
    server: undefined as unknown as ServerUnderTest,
    get dir() {
      return dir;
    },
    env: (extra: Record<string, string> = {}) => ({
      MONITORS_API_URL: history.server.baseUrl,
      MONITORS_API_TOKEN: token,
      CI: 'true',
      ...extra,
    }),
    cli: (args: string[], extra: Record<string, string> = {}) => runCli(args, { cwd: dir, env: history.env(extra) }),
  };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
  });
  afterEach(async () => {
    await history.server?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return history;
}
