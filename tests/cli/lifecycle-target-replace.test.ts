// `--target` and `--replace` with the built CLI, against the simulator and the independent
// spec server: a partial plan carries out only the targeted changes and leaves every other
// lock record as it was (stale ones too); a saved plan keeps its targets; a forced write is
// sent under a key no earlier write used, so neither server answers it from a stored
// response; a pattern that names nothing changes nothing.
import { describe, expect, it } from 'vitest';
import { expectClean, monitorsYaml, SERVERS, SLOW, suiteOn, type Workdir } from './lifecycle/servers.js';

describe.each(SERVERS)('--target and --replace against the %s', SLOW, (_name, start) => {
  const suite = suiteOn(start);
  /** home, cart and search applied and recorded (names prefixed, one workspace for every test). */
  const applied = (p: string) => suite.applied([`${p} home`, `${p} cart`, `${p} search`]);
  const idOf = (work: Workdir, name: string) => work.lockRecords().find((r) => r.name === name)!.id;
  const recordOf = (work: Workdir, name: string) => work.lockRecords().find((r) => r.name === name);
  const changedUrls = (p: string) =>
    monitorsYaml([`${p} home`, `${p} cart`, `${p} search`], '', {
      [`${p} cart`]: '    timeout_seconds: 20\n',
      [`${p} search`]: '    timeout_seconds: 20\n',
    });

  it('apply --target carries out the targeted change only; the other record stays as it was', async () => {
    const work = await applied('t1');
    work.write({ 'monitors.yaml': changedUrls('t1') });
    const plan = await work.cli(suite.server, ['plan', '--target', 't1 cart', '--detailed-exitcode']);
    expect(plan.code, plan.stdout + plan.stderr).toBe(2);
    expect(plan.stdout.startsWith('Targets: "t1 cart" (a partial plan)\n')).toBe(true);
    expect(plan.stdout).toContain('Not targeted: 1 other change is left out of this plan');
    expect(plan.stdout).toContain(
      'Plan (partial, --target): 0 to create, 1 to update, 0 to delete; 1 change not targeted.',
    );
    const markdown = await work.cli(suite.server, ['plan', '--target', 't1 cart', '--format', 'markdown']);
    expect(markdown.stdout.split('\n')[0]).toBe(
      '**Plan (partial, --target): 0 to create, 1 to update, 0 to delete; 1 change not targeted.**',
    );
    expect(markdown.stdout).toContain('update `t1 search`');

    const searchBefore = recordOf(work, 't1 search');
    await suite.server.clear();
    const apply = await work.cli(suite.server, ['apply', '--yes', '--target', 't1 cart']);
    expect(apply.code, apply.stdout + apply.stderr).toBe(0);
    expect((await suite.server.writes()).map((w) => `${w.method} ${w.path}`)).toEqual([
      `PUT /monitors/${idOf(work, 't1 cart')}`,
    ]);
    expect(recordOf(work, 't1 search')).toEqual(searchBefore);
    const rest = await work.cli(suite.server, ['plan', '--format', 'json']);
    const json = JSON.parse(rest.stdout) as { changes: { name: string }[] };
    expect(json.changes.map((c) => c.name)).toEqual(['t1 search']);
  });

  it('a saved partial plan keeps its targets; apply --plan shows them and does only that', async () => {
    const work = await applied('t2');
    work.write({ 'monitors.yaml': changedUrls('t2') });
    const saved = await work.cli(suite.server, ['plan', '--target', 't2 s*', '--out', 'plan.json', '--format', 'json']);
    expect(saved.code, saved.stderr).toBe(0);
    const json = JSON.parse(saved.stdout) as Record<string, unknown>;
    expect(json.targets).toEqual(['t2 s*']);
    expect(json.not_targeted).toEqual([
      expect.objectContaining({ action: 'replace', name: 't2 cart', reason: 'changed_since_apply' }),
    ]);
    await suite.server.clear();
    const apply = await work.cli(suite.server, ['apply', '--plan', 'plan.json']);
    expect(apply.code, apply.stdout + apply.stderr).toBe(0);
    expect(apply.stdout.startsWith('Targets: "t2 s*" (a partial plan)\n')).toBe(true);
    expect(apply.stdout).toContain('Plan (partial, --target): 0 to create, 1 to update, 0 to delete;');
    expect((await suite.server.writes()).map((w) => w.path)).toEqual([`/monitors/${idOf(work, 't2 search')}`]);
    const again = await work.cli(suite.server, ['apply', '--plan', 'plan.json', '--target', 't2 cart']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('error BAD_OPTION: --target cannot be given with --plan');
  });

  it('a partial plan keeps the stale records of monitors it does not target', async () => {
    const work = await applied('t3');
    await suite.server.deleteOutOfBand(idOf(work, 't3 search'));
    await suite.server.deleteOutOfBand(idOf(work, 't3 cart'));
    await suite.server.clear();
    const apply = await work.cli(suite.server, ['apply', '--yes', '--target', 't3 cart']);
    expect(apply.code, apply.stdout + apply.stderr).toBe(0);
    // Only cart's create (its first key, used by the first apply, is answered from the stored response
    // naming the monitor deleted since: verified, and sent again under the next generation).
    const writes = await suite.server.writes();
    expect(new Set(writes.map((w) => `${w.method} ${w.path}`))).toEqual(new Set(['POST /monitors']));
    expect(writes.filter((w) => !w.replayed)).toHaveLength(1);
    // cart: re-created and recorded anew; search's record (stale) is kept, not dropped.
    expect(work.lockNames()).toEqual(['t3 cart', 't3 home', 't3 search']);
    expect(new Set(work.lockRecords().map((r) => r.name)).size).toBe(3);
  });

  it('a --target that matches nothing is an error naming the closest names: nothing sent, nothing written', async () => {
    const work = await applied('t4');
    work.write({ 'monitors.yaml': changedUrls('t4') });
    const dashboard = await suite.server.seed('t4 made in the dashboard');
    const lockBefore = work.read('monitors.lock.json');
    await suite.server.clear();
    const typo = await work.cli(suite.server, ['apply', '--yes', '--target', 't4 crat']);
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain(
      'error PLAN_TARGET_UNKNOWN: --target "t4 crat" matches no monitor of the YAML or the lock file; did you mean "t4 cart"?',
    );
    const unmanaged = await work.cli(suite.server, ['plan', '--target', 't4 made*']);
    expect(unmanaged.code).toBe(1);
    expect(unmanaged.stderr).toContain(
      `("t4 made in the dashboard", ${dashboard}: in neither the YAML nor the lock file)`,
    );
    const empty = await work.cli(suite.server, ['plan', '--target', '']);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain('error BAD_OPTION: --target needs a monitor name or a glob');
    for (const run of [typo, unmanaged, empty]) expect(expectClean(run)).toBe(true);
    expect(await suite.server.writes()).toEqual([]);
    expect(work.read('monitors.lock.json')).toBe(lockBefore);
  });

  it('--replace sends an unchanged monitor again, each time under a new key, never answered from a stored response', async () => {
    const work = await applied('r1');
    const plan = await work.cli(suite.server, ['plan', '--replace', 'r1 home', '--format', 'json']);
    const json = JSON.parse(plan.stdout) as { changes: Record<string, unknown>[] };
    expect(json.changes).toEqual([
      expect.objectContaining({ action: 'replace', name: 'r1 home', reason: 'forced', fields: [] }),
    ]);
    const recordBefore = recordOf(work, 'r1 home');
    const keys: (string | null)[] = [];
    for (let round = 0; round < 2; round += 1) {
      await suite.server.clear();
      const apply = await work.cli(suite.server, ['apply', '--yes', '--replace', 'r1 home']);
      expect(apply.code, apply.stdout + apply.stderr).toBe(0);
      expect(apply.stdout).toContain('reason: forced (--replace): sent again as written, although nothing differs');
      const writes = await suite.server.writes();
      expect(writes.map((w) => `${w.method} ${w.path} ${w.replayed}`)).toEqual([
        `PUT /monitors/${idOf(work, 'r1 home')} false`,
      ]);
      keys.push(writes[0]!.key);
    }
    expect(keys[0]).not.toBe(keys[1]);
    expect(recordOf(work, 'r1 home')).toEqual(recordBefore); // the same input: the same record
    const clean = await work.cli(suite.server, ['plan', '--detailed-exitcode']);
    expect(clean.code, clean.stdout).toBe(0);
  });

  it('a --replace that names no monitor of the YAML, or one outside --target, changes nothing', async () => {
    const work = await applied('r2');
    const lockBefore = work.read('monitors.lock.json');
    await suite.server.clear();
    const unknown = await work.cli(suite.server, ['apply', '--yes', '--replace', 'r2 hom']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(
      'error PLAN_REPLACE_UNKNOWN: --replace "r2 hom" matches no monitor of the YAML; did you mean "r2 home"?',
    );
    const outside = await work.cli(suite.server, ['apply', '--yes', '--replace', 'r2 home', '--target', 'r2 cart']);
    expect(outside.code).toBe(1);
    expect(outside.stderr).toContain(
      'error BAD_OPTION: --replace "r2 home" names "r2 home", which no --target selects',
    );
    expect(await suite.server.writes()).toEqual([]);
    expect(work.read('monitors.lock.json')).toBe(lockBefore);
  });
});
