// A create in flight when an apply with --lock-branch is killed: the killed job pushes
// nothing at its end, and the next job starts from a fresh checkout, so the working tree's
// lock file of the killed job is gone with it. Unless the branch was told before the create
// went out, the monitor it made is unmanaged from then on: never deleted once the YAML no
// longer has it. Built CLI as a process, a real git remote, both servers.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GIT_TEST_ENV, checkout, makeOrigin, showFile } from '../helpers/git-sandbox.js';
import { runCli, type CliResult } from '../helpers/run-cli.js';
import { SERVER_KINDS, startServerUnderTest, type ServerUnderTest } from '../helpers/servers-under-test.js';
import { liveNames } from '../helpers/live-names.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

const TOKEN = 'tok_lock_branch_in_flight_0123';
const BRANCH = ['--lock-branch', 'monitors-state'];
let server: ServerUnderTest;
let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'lock-branch-in-flight-'));
});
afterEach(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

const yaml = (names: string[]) =>
  `${E2E_DEFAULTS}monitors:\n${names.map((n) => `  - name: ${n}\n    url: https://shop.example.com/${n}\n`).join('')}`;

const run = (cwd: string, args: string[], extra: Record<string, string> = {}, watch?: string) =>
  runCli(args, {
    cwd,
    env: { MONITORS_API_URL: server.baseUrl, MONITORS_API_TOKEN: TOKEN, CI: 'true', ...GIT_TEST_ENV, ...extra },
    ...(watch
      ? {
          watch: (child, out) => {
            if (out.stderr.includes(`test hold: ${watch}`)) child.kill('SIGKILL');
          },
        }
      : {}),
  });

async function ok(cwd: string, args: string[]): Promise<CliResult> {
  const result = await run(cwd, args);
  expect(result.code, `${args.join(' ')}:\n${result.stdout}\n${result.stderr}`).toBe(0);
  return result;
}

describe.each(SERVER_KINDS)('--lock-branch: a create in flight when the apply is killed (%s)', (kind) => {
  beforeEach(async () => {
    server = await startServerUnderTest(kind, TOKEN);
  });

  it(
    'the branch knew the create was going out: a fresh job deletes the monitor the YAML dropped',
    { timeout: 120_000 },
    async () => {
      const origin = makeOrigin(root, { 'monitors/m.yaml': yaml(['svc-1']) });
      const job = checkout(root, 'job', origin);
      await ok(job, ['apply', 'monitors', '--yes', ...BRANCH]);
      const [svc1] = liveNames(server)['svc-1']!;
      writeFileSync(join(job, 'monitors', 'm.yaml'), yaml(['svc-1', 'svc-4']));
      await ok(job, ['plan', 'monitors', ...BRANCH, '--out', 'saved.json']);
      writeFileSync(join(job, 'monitors', 'm.yaml'), yaml(['svc-1'])); // svc-4 dropped after the plan was saved

      const hold = 'create-record-write';
      const killed = await run(
        job,
        ['apply', '--plan', 'saved.json', ...BRANCH],
        { MONITORS_TEST_HOLD: hold, MONITORS_TEST_HOLD_RELEASE: join(root, 'never-released') },
        hold,
      );
      expect(killed.signal, `${killed.stdout}\n${killed.stderr}`).toBe('SIGKILL');
      const [svc4] = liveNames(server)['svc-4'] ?? [];
      expect(svc4, 'the server committed the create').toBeDefined();
      const onBranch = showFile(origin, 'monitors-state', 'monitors/monitors.lock.json') ?? '';
      expect(onBranch).not.toContain(svc4);

      const fresh = checkout(root, 'fresh', origin);
      const next = await ok(fresh, ['apply', 'monitors', '--yes', ...BRANCH]);
      expect(next.stdout).toContain(`- delete "svc-4" (${svc4})`);
      expect(next.stdout).toContain('Apply complete: 0 created, 0 updated, 1 deleted, 0 failed.');
      expect(liveNames(server)).toEqual({ 'svc-1': [svc1] });
      expect(showFile(origin, 'monitors-state', 'monitors/monitors.lock.json')).not.toContain('pending_creates');
      await ok(checkout(root, 'after', origin), ['plan', 'monitors', ...BRANCH, '--detailed-exitcode']);
    },
  );
});
