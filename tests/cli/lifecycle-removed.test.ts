// `removed:` with the built CLI, against the simulator and the independent spec server:
// the plan shows a forget, apply drops the lock record and sends nothing, the monitor
// stays live and is unmanaged from then on; bad entries are located and change nothing.
// Per environment and with the lock on a branch: tests/cli/lifecycle-removed-env.test.ts.
import { describe, expect, it } from 'vitest';
import { expectClean, monitorsYaml, SERVERS, SLOW, suiteOn } from './lifecycle/servers.js';

const NAMES = ['shop home', 'shop cart', 'handed over'];
const REMOVED = 'removed:\n  - name: "handed over"\n';

describe.each(SERVERS)('removed: against the %s', SLOW, (_name, start) => {
  const suite = suiteOn(start);
  const applied = (prefix: string) => suite.applied(NAMES.map((n) => `${prefix} ${n}`));

  it('plan shows a forget; apply drops the record, sends no request; the monitor stays live, unmanaged', async () => {
    const work = await applied('a');
    work.write({
      'monitors.yaml': monitorsYaml(['a shop home', 'a shop cart'], 'removed:\n  - name: "a handed over"\n'),
    });
    const plan = await work.cli(suite.server, ['plan', '--detailed-exitcode']);
    expect(plan.code, plan.stdout + plan.stderr).toBe(2);
    expect(plan.stdout).toMatch(/^= forget "a handed over" \([0-9A-Z]{26}\)$/m);
    expect(plan.stdout).toContain('    defined at: monitors.yaml:22:5');
    expect(plan.stdout.trimEnd().endsWith('Plan: 0 to create, 0 to update, 0 to delete, 1 to forget.')).toBe(true);

    await suite.server.clear();
    const apply = await work.cli(suite.server, ['apply', '--yes']);
    expect(apply.code, apply.stdout + apply.stderr).toBe(0);
    expect(apply.stderr).toMatch(/^forgot {3}"a handed over" \([0-9A-Z]{26}\)$/m);
    expect(apply.stdout).toContain('Apply complete: 0 created, 0 updated, 0 deleted, 1 forgotten, 0 failed.');
    expect(await suite.server.writes()).toEqual([]);
    expect(work.lockNames()).toEqual(['a shop cart', 'a shop home']);
    expect((await suite.server.live()).map((m) => m.name)).toContain('a handed over');

    // From now on it is unmanaged: listed, never deleted, also once the entry is gone.
    const after = await work.cli(suite.server, ['plan', '--detailed-exitcode']);
    expect(after.code, after.stdout + after.stderr).toBe(0);
    expect(after.stdout).toContain('  a handed over (');
    expect(after.stdout).toContain(
      'Note: monitors.yaml:22:5: removed: "a handed over" is not in the lock file: it is unmanaged already',
    );
    work.write({ 'monitors.yaml': monitorsYaml(['a shop home', 'a shop cart']) });
    const without = await work.cli(suite.server, ['plan', '--format', 'json']);
    const json = JSON.parse(without.stdout) as { changes: unknown[]; unmanaged: { name: string }[] };
    expect(json.changes).toEqual([]);
    expect(json.unmanaged.map((u) => u.name)).toContain('a handed over');
  });

  it('a saved plan keeps the forget; apply --plan carries it out without a request', async () => {
    const work = await applied('b');
    work.write({
      'monitors.yaml': monitorsYaml(['b shop home', 'b shop cart'], REMOVED.replace('"handed', '"b handed')),
    });
    const plan = await work.cli(suite.server, ['plan', '--out', 'plan.json', '--format', 'json']);
    expect(plan.code, plan.stderr).toBe(0);
    const json = JSON.parse(plan.stdout) as { summary: Record<string, number>; changes: Record<string, unknown>[] };
    expect(json.summary).toMatchObject({ forget: 1, create: 0, replace: 0, delete: 0 });
    expect(json.changes[0]).toMatchObject({ action: 'forget', name: 'b handed over', reason: 'forgotten' });
    expect(json.changes[0]).not.toHaveProperty('idempotency_key');
    await suite.server.clear();
    const apply = await work.cli(suite.server, ['apply', '--plan', 'plan.json']);
    expect(apply.code, apply.stdout + apply.stderr).toBe(0);
    expect(apply.stdout).toContain('1 forgotten');
    expect(await suite.server.writes()).toEqual([]);
    expect(work.lockNames()).toEqual(['b shop cart', 'b shop home']);
  });

  it('an entry for a name still in the YAML is a located error: nothing sent, the lock file untouched', async () => {
    const work = await applied('c');
    const lockBefore = work.read('monitors.lock.json');
    work.write({
      'monitors.yaml': monitorsYaml(
        NAMES.map((n) => `c ${n}`),
        'removed:\n  - name: "c shop cart"\n',
      ),
    });
    await suite.server.clear();
    for (const command of [['validate'], ['plan'], ['apply', '--yes']]) {
      const run = await work.cli(suite.server, command);
      expect(run.code, `${command[0]}: ${run.stdout}${run.stderr}`).toBe(1);
      expect(run.stdout + run.stderr).toContain(
        'monitors.yaml:24:11: error removed.still_defined a monitor is still named "c shop cart"; remove it from monitors: to stop managing it, or remove this entry to keep managing it',
      );
      expect(expectClean(run)).toBe(true);
    }
    expect(await suite.server.writes()).toEqual([]);
    expect(work.read('monitors.lock.json')).toBe(lockBefore);
  });

  it('a misspelt entry beside the monitor the plan would delete is refused: nothing deleted, the lock file untouched', async () => {
    const work = await applied('d');
    const lockBefore = work.read('monitors.lock.json');
    work.write({
      'monitors.yaml': monitorsYaml(['d shop home', 'd shop cart'], 'removed:\n  - name: "d handed ovr"\n'),
    });
    await suite.server.clear();
    const run = await work.cli(suite.server, ['apply', '--yes']);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stderr).toContain(
      'error PLAN_REMOVED_UNKNOWN: monitors.yaml:22:5: removed: "d handed ovr" names no monitor the lock file manages; did you mean "d handed over", which this plan would delete?',
    );
    expect(expectClean(run)).toBe(true);
    expect(await suite.server.writes()).toEqual([]);
    expect(work.read('monitors.lock.json')).toBe(lockBefore);
    expect((await suite.server.live()).map((m) => m.name)).toContain('d handed over');
  });
});
