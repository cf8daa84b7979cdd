// A create in flight when the apply is killed (found by the campaign: sim seed 1048, round
// 2). A saved plan creates "svc-4"; the YAML drops "svc-4" after the plan was saved; the
// `apply --plan` is SIGKILLed after the server committed the create but before its lock
// record reached the disk. The next whole apply sees "svc-4" live, in no lock record and
// not in the YAML: unless the lock said beforehand that the create was going out, the tool
// has lost a monitor it made itself, and never deletes it. Built CLI as a process, against
// our simulator and the independent spec server.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { cliHistory } from '../helpers/cli-history.js';
import { liveNames } from '../helpers/live-names.js';
import { runCli, type CliResult } from '../helpers/run-cli.js';
import { SERVER_KINDS, startServerUnderTest } from '../helpers/servers-under-test.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

// Five or six CLI processes in a row: on a loaded machine that outgrows the default 30 s.
const LONG = { timeout: 120_000 };
const TOKEN = 'tok_create_in_flight_0123456789';
const history = cliHistory('create-in-flight-', TOKEN);
const { env, cli } = history;

function writeYaml(names: string[]): void {
  const monitors = names.map((n) => `  - name: ${n}\n    url: https://shop.example.com/${n}\n`).join('');
  writeFileSync(join(history.dir, 'monitors.yaml'), `${E2E_DEFAULTS}monitors:\n${monitors}`);
}

async function ok(args: string[]): Promise<CliResult> {
  const run = await cli(args);
  expect(run.code, `${args.join(' ')}:\n${run.stdout}\n${run.stderr}`).toBe(0);
  return run;
}

/** `apply --plan saved.json`, SIGKILLed where MONITORS_TEST_HOLD=`stage` stops it. */
async function killedApply(stage: string): Promise<void> {
  const killed = await runCli(['apply', '--plan', 'saved.json'], {
    cwd: history.dir,
    env: env({ MONITORS_TEST_HOLD: stage, MONITORS_TEST_HOLD_RELEASE: join(history.dir, 'never-released') }),
    watch: (child, out) => {
      if (out.stderr.includes(`test hold: ${stage}`)) child.kill('SIGKILL');
    },
  });
  expect(killed.signal, `${killed.stdout}\n${killed.stderr}`).toBe('SIGKILL');
}

function lockFile(): { monitors: { id: string; name: string }[]; pending_creates?: { name: string }[] } {
  return JSON.parse(readFileSync(join(history.dir, 'monitors.lock.json'), 'utf8')) as ReturnType<typeof lockFile>;
}

/** svc-1 applied; then a plan that creates svc-4, saved. */
async function savedPlanCreatingSvc4(): Promise<string> {
  writeYaml(['svc-1']);
  await ok(['apply', '--yes']);
  const [svc1] = liveNames(history.server)['svc-1']!;
  writeYaml(['svc-1', 'svc-4']);
  const saved = await ok(['plan', '--out', 'saved.json']);
  expect(saved.stdout).toMatch(/Plan: 1 to create, 0 to update, 0 to delete\./);
  return svc1!;
}

describe.each(SERVER_KINDS)('a create in flight when the apply is killed (%s)', (kind) => {
  beforeEach(async () => {
    history.server = await startServerUnderTest(kind, TOKEN);
  });

  it('committed but never recorded, then dropped from the YAML: the next apply deletes it', LONG, async () => {
    const svc1 = await savedPlanCreatingSvc4();
    writeYaml(['svc-1']); // dropped after the plan was saved

    await killedApply('create-record-write');
    const [svc4] = liveNames(history.server)['svc-4'] ?? [];
    expect(svc4, 'the server committed the create').toBeDefined();
    expect(
      lockFile().monitors.map((r) => r.name),
      'its record never reached the disk',
    ).toEqual(['svc-1']);

    const plan = await ok(['plan']);
    expect(plan.stdout).toContain(`- delete "svc-4" (${svc4})`);
    expect(plan.stdout).toContain('created by an apply that was interrupted before recording it');
    const whole = await ok(['apply', '--yes']);
    expect(whole.stdout).toContain('Apply complete: 0 created, 0 updated, 1 deleted, 0 failed.');
    expect(liveNames(history.server)).toEqual({ 'svc-1': [svc1] });
    expect(lockFile()).not.toHaveProperty('pending_creates');
    await ok(['plan', '--detailed-exitcode']);
  });

  it('committed but never recorded, still in the YAML: replaced once, never duplicated', LONG, async () => {
    await savedPlanCreatingSvc4();

    await killedApply('create-record-write');
    const [svc4] = liveNames(history.server)['svc-4'] ?? [];
    expect(svc4, 'the server committed the create').toBeDefined();

    const whole = await ok(['apply', '--yes']);
    expect(whole.stdout).toContain(`~ update "svc-4" (${svc4})`);
    expect(whole.stdout).toContain('Apply complete: 0 created, 1 updated, 0 deleted, 0 failed.');
    expect(liveNames(history.server)['svc-4']).toEqual([svc4]);
    expect(lockFile().monitors.map((r) => [r.name, r.id])).toContainEqual(['svc-4', svc4]);
    expect(lockFile()).not.toHaveProperty('pending_creates');
    await ok(['plan', '--detailed-exitcode']);
  });

  it('killed before the create reached the server: the entry is dropped and nothing is deleted', LONG, async () => {
    const svc1 = await savedPlanCreatingSvc4();
    writeYaml(['svc-1']);

    await killedApply('before-creates');
    expect(liveNames(history.server)).toEqual({ 'svc-1': [svc1] });
    expect(
      lockFile().pending_creates?.map((p) => p.name),
      'the lock said it was going out',
    ).toEqual(['svc-4']);

    const plan = await ok(['plan', '--detailed-exitcode']);
    expect(plan.stdout).toContain('No changes.');
    expect(plan.stdout).toContain('"svc-4" was being created by an apply that was interrupted');
    const whole = await ok(['apply', '--yes']);
    expect(whole.stdout).toContain('Lock file written');
    expect(liveNames(history.server)).toEqual({ 'svc-1': [svc1] });
    expect(lockFile()).not.toHaveProperty('pending_creates');
    expect(lockFile().monitors.map((r) => r.name)).toEqual(['svc-1']);
  });
});
