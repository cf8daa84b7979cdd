// Issue 36, point 2: naming some files of a set never deletes what the others define. The
// built CLI against the simulator and the spec server: `plan monitors/a.yaml` in a set of
// a.yaml and b.yaml plans no delete of b's monitors, lists b's own changes as outside the
// files named, applies the set's settings (its max_deletes), and still deletes the records
// of a file gone from the set.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { monitorsYaml, SERVERS, SLOW, suiteOn, Workdir } from './lifecycle/servers.js';

const SETTINGS = 'settings:\n  max_deletes: 1\n';

describe.each(SERVERS)('naming one file of a set, against the %s', SLOW, (_name, start) => {
  const suite = suiteOn(start);

  it("plans only that file: no delete of the other file's monitors, the set's guard applies, a file gone is still deleted; destroy of one file deletes its monitors only", async () => {
    const work = new Workdir();
    try {
      work.write({
        'monitors/settings.yaml': SETTINGS,
        'monitors/a.yaml': monitorsYaml(['a one', 'a two', 'a three']),
        'monitors/b.yaml': monitorsYaml(['b one', 'b two']),
      });
      const applied = await work.cli(suite.server, ['apply', 'monitors/', '--yes']);
      expect(applied.code, applied.stdout + applied.stderr).toBe(0);
      const records = work.lockRecords('monitors/monitors.lock.json');
      expect(records.map((r) => [r.name, r.file])).toEqual([
        ['a one', 'a.yaml'],
        ['a three', 'a.yaml'],
        ['a two', 'a.yaml'],
        ['b one', 'b.yaml'],
        ['b two', 'b.yaml'],
      ]);
      await suite.server.clear();

      // Nothing removed: nothing to delete, and the lock file of the set is the one used.
      const clean = await work.cli(suite.server, ['plan', 'monitors/a.yaml']);
      expect(clean.code, clean.stdout + clean.stderr).toBe(0);
      expect(clean.stdout).not.toContain('- delete');
      expect(clean.stdout).toContain('No changes. 5 monitors up to date.');

      // a two leaves a.yaml, b one changes in b.yaml: the plan of a.yaml deletes a two only.
      work.write({
        'monitors/a.yaml': monitorsYaml(['a one', 'a three']),
        'monitors/b.yaml': monitorsYaml(['b one', 'b two'], '', {
          'b one': '    timeout_seconds: 20\n',
        }),
      });
      const partial = await work.cli(suite.server, ['apply', 'monitors/a.yaml', '--yes']);
      expect(partial.code, partial.stdout + partial.stderr).toBe(0);
      expect(partial.stdout).toContain('Files: monitors/a.yaml (a partial plan of the set)');
      expect(partial.stdout).toMatch(/^- delete "a two"/m);
      expect(partial.stdout).toContain("Outside the files named: 1 change of the set's other files is left out");
      expect(partial.stdout).toMatch(/^ {2}update "b one" \(/m);
      expect(partial.stdout).toContain('Plan: 0 to create, 0 to update, 1 to delete.');
      expect((await suite.server.writes()).map((w) => w.method)).toEqual(['DELETE']);
      expect(work.lockNames('monitors/monitors.lock.json')).toEqual(['a one', 'a three', 'b one', 'b two']);

      // b.yaml is gone from the set: its records are deletes, through the set's max_deletes.
      rmSync(join(work.dir, 'monitors/b.yaml'));
      await suite.server.clear();
      const guarded = await work.cli(suite.server, ['apply', 'monitors/a.yaml', '--yes']);
      expect(guarded.code).toBe(1);
      expect(guarded.stderr).toContain('error PLAN_MASS_DELETE: the plan deletes 2 monitors');
      expect(guarded.stderr).toContain('settings.max_deletes');
      expect(await suite.server.writes()).toEqual([]);

      // destroy of one file deletes that file's monitors only.
      work.write({ 'monitors/b.yaml': monitorsYaml(['b one', 'b two']) });
      const destroyed = await work.cli(suite.server, ['destroy', 'monitors/a.yaml', '--yes']);
      expect(destroyed.code, destroyed.stdout + destroyed.stderr).toBe(0);
      expect(destroyed.stdout).toContain('Destroy: 2 monitors to delete.');
      expect(destroyed.stdout).toContain("Outside the files named: 2 changes of the set's other files are left out");
      expect(work.lockNames('monitors/monitors.lock.json')).toEqual(['b one', 'b two']);
      expect((await suite.server.live()).map((m) => m.name)).toEqual(['b one', 'b two']);
    } finally {
      work.remove();
    }
  });
});
