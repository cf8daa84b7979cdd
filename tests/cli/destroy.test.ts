// `monitors destroy` with the built CLI, against the simulator and the independent spec
// server: it asks (or takes --yes), deletes every monitor the lock file manages and nothing
// else, is not held by the mass-delete guard (deleting everything is its intent), says it
// destroys rather than applies, and leaves an empty lock file. Environments, the lock branch, failures and Ctrl-C: tests/cli/destroy-cases.test.ts.
import { describe, expect, it } from 'vitest';
import { expectClean, monitorsYaml, SERVERS, SLOW, suiteOn } from './lifecycle/servers.js';

describe.each(SERVERS)('monitors destroy against the %s', SLOW, (_name, start) => {
  const suite = suiteOn(start);
  const applied = (names: string[]) => suite.applied(names);

  it('without a terminal it needs --yes; with it, deletes what the lock file manages, leaves the rest, empties the lock', async () => {
    const work = await applied(['d1 home', 'd1 cart', 'd1 search']);
    const dashboard = await suite.server.seed('d1 made in the dashboard');
    const lockBefore = work.read('monitors.lock.json');
    await suite.server.clear();
    const asked = await work.cli(suite.server, ['destroy']);
    expect(asked.code).toBe(1);
    expect(asked.stdout).toContain('Destroy: 3 monitors to delete.');
    expect(asked.stderr).toContain(
      'error APPLY_NEEDS_YES: destroy needs confirmation, and there is no terminal to ask; nothing was changed',
    );
    expect(expectClean(asked)).toBe(true);
    expect(await suite.server.writes()).toEqual([]);
    expect(work.read('monitors.lock.json')).toBe(lockBefore);

    const ids = work.lockRecords().map((r) => r.id);
    const run = await work.cli(suite.server, ['destroy', '--yes']);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /^- delete "d1 cart" \([0-9A-Z]{26}\)\n {4}reason: destroy: every monitor the lock file manages is deleted$/m,
    );
    expect(run.stdout).toContain(`  d1 made in the dashboard (${dashboard})`);
    expect(run.stdout).toMatch(/^Destroy complete: 3 deleted, 0 failed\. \(/m);
    expect(run.stdout).not.toContain('Apply complete');
    expect((await suite.server.writes()).map((w) => `${w.method} ${w.path}`).sort()).toEqual(
      ids.map((id) => `DELETE /monitors/${id}`).sort(),
    );
    const live = (await suite.server.live()).map((m) => m.name);
    expect(live).toContain('d1 made in the dashboard');
    expect(live.filter((n) => n.startsWith('d1 ') && n !== 'd1 made in the dashboard')).toEqual([]);
    expect(JSON.parse(work.read('monitors.lock.json')!)).toMatchObject({ format_version: 1, monitors: [] });

    // Again: nothing left to destroy. The YAML still asks for the three: plan creates them.
    const again = await work.cli(suite.server, ['destroy', '--yes']);
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(again.stdout).toContain(
      'Note: The lock file monitors.lock.json records no monitor: there is nothing to destroy.',
    );
    expect(again.stdout).toContain('Nothing to destroy: the lock manages no live monitor.');
    expect(again.stdout).not.toContain('No changes.');
    const plan = await work.cli(suite.server, ['plan']);
    expect(plan.stdout).toContain('Plan: 3 to create, 0 to update, 0 to delete.');
  });

  it('a 20-monitor workspace: --yes deletes them all, past the mass-delete limits that guard a routine plan; --format json reports', async () => {
    const names = Array.from({ length: 20 }, (_, i) => `d2 monitor ${String(i).padStart(2, '0')}`);
    const work = await applied(names);
    await suite.server.clear();
    const run = await work.cli(suite.server, ['destroy', '--yes', '--format', 'json']);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stderr).not.toContain('PLAN_MASS_DELETE');
    const result = JSON.parse(run.stdout) as { summary: Record<string, unknown>; changes: { action: string }[] };
    expect(result.summary).toMatchObject({ deleted: 20, failed: 0 });
    expect(result.changes.every((c) => c.action === 'delete')).toBe(true);
    expect(run.stderr).toContain('Destroy: 20 monitors to delete.'); // the plan on stderr, as apply does
    expect((await suite.server.writes()).filter((w) => w.method === 'DELETE')).toHaveLength(20);
    expect(work.lockNames()).toEqual([]);
  });

  it('a monitor of the YAML that is live but has no lock record is left alone, and the plan says so', async () => {
    const work = await applied(['d3 home']);
    const unrecorded = await suite.server.seed('d3 cart');
    work.write({ 'monitors.yaml': monitorsYaml(['d3 home', 'd3 cart']) });
    const run = await work.cli(suite.server, ['destroy', '--yes']);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(
      'Note: "d3 cart" is live but not in the lock file: destroy deletes only what the lock file records, so it is left alone.',
    );
    expect((await suite.server.live()).find((m) => m.name === 'd3 cart')?.id).toBe(unrecorded);
  });
});
