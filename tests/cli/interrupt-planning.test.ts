// A signal while planning (loading the YAML, on the main thread or the worker thread,
// listing the live monitors) ends the command at once: it says what it interrupted and
// that nothing was written, and exits 130 (SIGINT) or 143 (SIGTERM). Real signals sent to
// the built CLI; the listing is held by a server that never answers (issue 23, point 3).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/run-cli.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

let server: Server;
let silentUrl: string;
/** The requests the silent server got: a test signals once the listing is under way. */
const seen: string[] = [];
let dir: string;

beforeAll(async () => {
  // Takes every request and never answers it: a listing that stays under way until the signal.
  server = createServer((req) => void seen.push(`${req.method} ${req.url}`));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  silentUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/api/v1`;
  dir = mkdtempSync(join(tmpdir(), 'interrupt-planning-'));
  mkdirSync(join(dir, 'plain'));
  writeFileSync(
    join(dir, 'plain', 'monitors.yaml'),
    `${E2E_DEFAULTS}monitors:\n  - name: held one\n    url: https://shop.example.com/one\n`,
  );
  mkdirSync(join(dir, 'env'));
  writeFileSync(
    join(dir, 'env', 'settings.yaml'),
    `settings:\n  environments:\n    staging:\n      api_url: ${silentUrl}\n      token_env: ACME_STAGING_TOKEN\n      lock_file: staging.lock.json\n`,
  );
  writeFileSync(
    join(dir, 'env', 'monitors.yaml'),
    `${E2E_DEFAULTS}monitors:\n  - name: held two\n    url: https://shop.example.com/two\n`,
  );
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

const ENV = {
  MONITORS_API_URL: '',
  MONITORS_API_TOKEN: 'tok_held_0123456789',
  ACME_STAGING_TOKEN: 'tok_staging_0123456',
};

/** Runs the CLI and sends `signal` once `ready` says the moment has come. */
function runAndSignal(
  args: string[],
  signal: NodeJS.Signals,
  ready: (stderr: string) => boolean,
  extra: Record<string, string> = {},
): Promise<CliResult> {
  let sent = false;
  return runCli(args, {
    cwd: dir,
    env: { ...ENV, MONITORS_API_URL: silentUrl, ...extra },
    timeoutMs: 30_000,
    watch: (child, { stderr }) => {
      if (sent || !ready(stderr)) return;
      sent = true;
      child.kill(signal);
    },
  });
}

/**
 * Sends `signal` once the silent server got the listing's first request: the CLI prints
 * nothing meanwhile, so the server's log is polled (a bounded wait: the run's own timeout).
 */
async function runWhenListing(args: string[], signal: NodeJS.Signals): Promise<CliResult> {
  const before = seen.length;
  let poll: NodeJS.Timeout | undefined;
  try {
    return await runCli(args, {
      cwd: dir,
      env: { ...ENV, MONITORS_API_URL: silentUrl },
      timeoutMs: 30_000,
      onSpawn: (child) => {
        poll = setInterval(() => {
          if (!seen.slice(before).some((r) => r.startsWith('GET /api/v1/monitors?'))) return;
          clearInterval(poll);
          child.kill(signal);
        }, 20);
      },
    });
  } finally {
    clearInterval(poll);
  }
}

function expectNothingWritten(run: CliResult, code: number, signal: string, what: RegExp): void {
  expect(run.code, run.stdout + run.stderr).toBe(code);
  expect(run.stderr).toMatch(
    new RegExp(
      `\\n${signal}: interrupted while ${what.source}; nothing was written \\(no change was sent, no file was changed\\)\\.\\n`,
    ),
  );
  expect(run.stdout).toBe('');
}

describe('a signal while planning', () => {
  it('plan --out: SIGINT while listing exits 130, says so, and writes no plan file', async () => {
    // The listing starts at once (MONITORS_API_URL), before the CLI prints anything.
    const run = await runWhenListing(['plan', 'plain', '--out', 'held.plan.json'], 'SIGINT');
    expectNothingWritten(run, 130, 'SIGINT', /.*listing the live monitors.*/);
    expect(existsSync(join(dir, 'held.plan.json'))).toBe(false);
  });

  it('apply: SIGTERM while listing exits 143, and writes no lock file', async () => {
    const run = await runWhenListing(['apply', 'plain', '--yes'], 'SIGTERM');
    expectNothingWritten(run, 143, 'SIGTERM', /.*listing the live monitors.*/);
    expect(existsSync(join(dir, 'plain', 'monitors.lock.json'))).toBe(false);
  });

  it('plan: SIGINT while the worker thread loads the YAML names both steps under way', async () => {
    const run = await runAndSignal(['plan', 'plain'], 'SIGINT', (stderr) => stderr.includes('test hold: worker-load'), {
      MONITORS_TEST_HOLD: 'worker-load',
    });
    expectNothingWritten(run, 130, 'SIGINT', /listing the live monitors and loading the YAML/);
  });

  it('apply --env: SIGINT while loading the YAML on the main thread', async () => {
    const run = await runAndSignal(
      ['apply', 'env', '--env', 'staging', '--yes'],
      'SIGINT',
      (stderr) => stderr.includes('test hold: loading'),
      { MONITORS_TEST_HOLD: 'loading' },
    );
    expectNothingWritten(run, 130, 'SIGINT', /loading the YAML/);
    expect(existsSync(join(dir, 'env', 'staging.lock.json'))).toBe(false);
  });

  it('check --changed and export: a signal while listing ends them the same way', async () => {
    const check = await runWhenListing(['check', 'plain', '--changed'], 'SIGINT');
    expectNothingWritten(check, 130, 'SIGINT', /.*listing the live monitors.*/);
    mkdirSync(join(dir, 'exported'));
    const exported = await runWhenListing(['export', '--out', 'exported'], 'SIGTERM');
    expectNothingWritten(exported, 143, 'SIGTERM', /listing the live monitors/);
    expect(readdirSync(join(dir, 'exported'))).toEqual([]);
  });

  it('destroy: SIGINT while listing exits 130, and deletes nothing', async () => {
    const run = await runWhenListing(['destroy', 'plain', '--yes'], 'SIGINT');
    expectNothingWritten(run, 130, 'SIGINT', /listing the live monitors/);
    expect(seen.some((r) => r.startsWith('DELETE'))).toBe(false);
  });
});
