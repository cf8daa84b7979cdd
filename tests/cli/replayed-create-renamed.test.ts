// Issue 27's two histories, found by a randomized campaign before any scenario had them.
// "alpha" is created, then renamed to "beta" with `moved:` (same id). Later "alpha" is
// added back with exactly the body it first had: its create sends the Idempotency-Key of
// alpha's first create, and the server replays the stored 201, which names the monitor now
// called "beta". Apply must create alpha anew AND leave beta's lock record alone: a lock
// that lost it replaces beta as "not verifiable" and never deletes it; a lock that holds
// beta's id under "alpha" (the apply killed between the record and its check) made every
// later plan fail with PLAN_DOUBLE_MATCH. Built CLI as a process, against our simulator
// and against the independent spec server (which keeps idempotency records forever).
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { cliHistory } from '../helpers/cli-history.js';
import { liveNames } from '../helpers/live-names.js';
import { runCli } from '../helpers/run-cli.js';
import { SERVER_KINDS, startServerUnderTest } from '../helpers/servers-under-test.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

const TOKEN = 'tok_replayed_create_renamed_0123';
// Four to six CLI processes in a row: on a loaded machine that outgrows the default 30 s.
const LONG = { timeout: 120_000 };
const history = cliHistory('replayed-renamed-', TOKEN);
const { env, cli } = history;
const lockPath = () => join(history.dir, 'monitors.lock.json');

/** Every monitor of `names` has the same body but for its name; `moved` renames. */
function writeYaml(names: string[], moved?: { from: string; to: string }): void {
  const monitors = names.map((n) => `  - name: ${n}\n    url: https://shop.example.com/a\n`).join('');
  const renames = moved ? `moved:\n  - from: ${moved.from}\n    to: ${moved.to}\n` : '';
  writeFileSync(join(history.dir, 'monitors.yaml'), `${E2E_DEFAULTS}monitors:\n${monitors}${renames}`);
}

async function apply(extra: Record<string, string> = {}) {
  const run = await cli(['apply', '--yes'], extra);
  expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
  return run;
}

function lockRecords(): { id: string; name: string }[] {
  const lock = JSON.parse(readFileSync(lockPath(), 'utf8')) as { monitors: { id: string; name: string }[] };
  return lock.monitors.map(({ id, name }) => ({ id, name }));
}

/** alpha created, then renamed to beta with `moved:`; returns the one id. */
async function createThenRename(): Promise<string> {
  writeYaml(['alpha']);
  await apply();
  const [id] = liveNames(history.server).alpha!;
  writeYaml(['beta'], { from: 'alpha', to: 'beta' });
  await apply();
  expect(liveNames(history.server), 'renamed in place').toEqual({ beta: [id] });
  return id!;
}

describe.each(SERVER_KINDS)('a create answered with the stored 201 of a monitor renamed since (%s)', (kind) => {
  beforeEach(async () => {
    history.server = await startServerUnderTest(kind, TOKEN);
  });

  it("creates alpha anew and keeps beta's lock record; beta is deleted once it leaves the YAML", LONG, async () => {
    const betaId = await createThenRename();

    writeYaml(['alpha', 'beta']);
    history.server.clearRequests();
    const readd = await apply();
    expect(readd.stdout).toContain('Apply complete: 1 created, 0 updated, 0 deleted, 0 failed.');
    const posts = history.server.requests().filter((r) => r.method === 'POST');
    expect(
      posts.map((p) => [p.key?.slice(-3), p.replayed]),
      "generation 0 is alpha's first key",
    ).toEqual([
      ['.g0', true],
      ['.g1', false],
    ]);
    const live = liveNames(history.server);
    expect(live.beta).toEqual([betaId]);
    expect(live.alpha).toHaveLength(1);
    expect(lockRecords(), "beta's record kept, alpha's added").toEqual([
      { id: live.alpha![0], name: 'alpha' },
      { id: betaId, name: 'beta' },
    ]);
    const plan = await cli(['plan', '--detailed-exitcode']);
    expect(plan.code, `nothing left to do, beta is not "not verifiable":\n${plan.stdout}${plan.stderr}`).toBe(0);

    writeYaml(['alpha']);
    const removed = await apply();
    expect(removed.stdout).toContain('Apply complete: 0 created, 0 updated, 1 deleted, 0 failed.');
    expect(liveNames(history.server)).toEqual({ alpha: live.alpha });
  });

  it(
    'killed after the writes were recorded, before their check: the lock never holds beta under "alpha"',
    LONG,
    async () => {
      const betaId = await createThenRename();

      writeYaml(['alpha', 'beta']);
      const release = join(history.dir, 'never-released');
      const killed = await runCli(['apply', '--yes'], {
        cwd: history.dir,
        env: env({ MONITORS_TEST_HOLD: 'before-verify', MONITORS_TEST_HOLD_RELEASE: release }),
        watch: (child, out) => {
          if (out.stderr.includes('test hold: before-verify')) child.kill('SIGKILL');
        },
      });
      expect(killed.signal, killed.stderr).toBe('SIGKILL');
      expect(existsSync(release)).toBe(false);
      const byId = new Map(history.server.monitors().map((m) => [m.id, m.input.name]));
      expect(
        lockRecords().map((r) => [r.name, byId.get(r.id)]),
        'each record names its monitor by the name the server has',
      ).toEqual(lockRecords().map((r) => [r.name, r.name]));
      expect(lockRecords().find((r) => r.id === betaId)?.name).toBe('beta');

      await apply();
      const plan = await cli(['plan', '--detailed-exitcode']);
      expect(plan.code, plan.stdout + plan.stderr).toBe(0);
      const live = liveNames(history.server);
      expect(live.beta).toEqual([betaId]);
      expect(live.alpha).toHaveLength(1);
    },
  );

  it(
    'an old lock that holds beta\'s id under "alpha" is repaired from the listing, and the plan says so',
    LONG,
    async () => {
      writeYaml(['alpha']);
      await apply();
      const alphaLock = join(history.dir, 'alpha.lock.json');
      copyFileSync(lockPath(), alphaLock); // the very record an earlier version wrote for the replayed create
      const [betaId] = liveNames(history.server).alpha!;
      writeYaml(['beta'], { from: 'alpha', to: 'beta' });
      await apply();
      copyFileSync(alphaLock, lockPath());
      rmSync(alphaLock);

      writeYaml(['alpha', 'beta']);
      const plan = await cli(['plan']);
      expect(plan.code, plan.stdout + plan.stderr).toBe(0);
      expect(plan.stdout).toContain(
        `the lock file records ${betaId} as "alpha", but the server names it "beta", which the YAML also has`,
      );
      expect(plan.stdout).toMatch(/Plan: 1 to create, 1 to update, 0 to delete\./);

      await apply();
      expect((await cli(['plan', '--detailed-exitcode'])).code).toBe(0);
      const live = liveNames(history.server);
      expect(live.beta).toEqual([betaId]);
      expect(live.alpha).toHaveLength(1);
      expect(lockRecords()).toEqual([
        { id: live.alpha![0], name: 'alpha' },
        { id: betaId, name: 'beta' },
      ]);
    },
  );
});
