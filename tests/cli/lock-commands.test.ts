// `monitors lock list|show|forget`, the built CLI against the simulator: the records with
// where they are declared and when git last saw them applied, one record shown, and forget
// (refused while the YAML declares the monitor, asks without --yes, then drops the record
// and sends nothing: the live monitor stays, unmanaged, and the next plan leaves it alone).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkout, commitFiles, git, GIT_TEST_ENV, makeOrigin, showFile } from '../helpers/git-sandbox.js';
import { runCli } from '../helpers/run-cli.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

let sim: SimProcess;
let dir: string;
const roots: string[] = [];
const yaml = (names: string[]) =>
  `${E2E_DEFAULTS}monitors:\n${names.map((n) => `  - name: ${n}\n    url: https://example.com/${n}\n`).join('')}`;
const cli = (args: string[], cwd = dir) =>
  runCli(args, {
    cwd,
    env: { MONITORS_API_URL: sim.baseUrl, MONITORS_API_TOKEN: sim.token, HOME: cwd, ...GIT_TEST_ENV },
  });
const liveNames = async () => {
  const res = await fetch(`${sim.baseUrl}/monitors?limit=100`, { headers: { Authorization: `Bearer ${sim.token}` } });
  return ((await res.json()) as { data: { name: string }[] }).data.map((m) => m.name).sort();
};

beforeAll(async () => {
  sim = await startSimProcess();
  dir = mkdtempSync(join(tmpdir(), 'lock-commands-'));
  writeFileSync(join(dir, 'monitors.yaml'), yaml(['api-10', 'api-2', 'web']));
  expect((await cli(['apply', '--yes'])).code).toBe(0);
  git(dir, 'init', '-q');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'applied');
});
afterAll(async () => {
  await sim?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

describe('monitors lock', () => {
  it('lists every record with its file and last apply, in text and JSON', async () => {
    const text = await cli(['lock', 'list']);
    expect(text.code).toBe(0);
    const lines = text.stdout.split('\n');
    expect(lines[0]).toMatch(/^NAME\s+ID\s+FILE\s+LAST APPLIED$/);
    expect(lines.slice(1, 4).map((l) => l.split(/\s+/)[0])).toEqual(['api-2', 'api-10', 'web']);
    expect(lines[1]).toMatch(/monitors\.yaml:\d+\s+\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(text.stdout).toContain('3 records in monitors.lock.json.');
    const doc = JSON.parse((await cli(['lock', 'list', '--format', 'json'])).stdout) as {
      monitors: { name: string; id: string; file: string; last_applied: string }[];
    };
    expect(Object.entries(doc).slice(0, 2)).toEqual([
      ['format_version', 1],
      ['environment', null],
    ]);
    const lock = JSON.parse(readFileSync(join(dir, 'monitors.lock.json'), 'utf8')) as { monitors: { id: string }[] };
    expect(doc.monitors.map((m) => m.id).sort()).toEqual(lock.monitors.map((m) => m.id).sort());
    expect(doc.monitors.every((m) => m.file === 'monitors.yaml' && !Number.isNaN(Date.parse(m.last_applied)))).toBe(
      true,
    );
  });

  it('shows one record, and refuses an unknown name without a stack trace', async () => {
    const shown = await cli(['lock', 'show', 'web']);
    expect(shown.stdout).toMatch(/^name: +web\nid: +\S+\nfile: +monitors\.yaml:\d+\n/);
    expect(shown.stdout).toContain('url: "https://example.com/web"');
    const unknown = await cli(['lock', 'show', 'wbe2']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/^error LOCK_NAME_UNKNOWN: .*"wbe2"/);
    expect(unknown.stderr).not.toMatch(/\n\s+at /);
    const format = await cli(['lock', 'list', '--format', 'markdown']);
    expect(format.stderr).toMatch(/^error BAD_OPTION: --format must be text or json, not "markdown"/);
  });

  it('forgets a record only once its YAML is gone, after asking, and sends nothing', async () => {
    const declared = await cli(['lock', 'forget', 'web', '--yes']);
    expect(declared.code).toBe(1);
    expect(declared.stderr).toMatch(/error LOCK_FORGET_DECLARED: monitors\.yaml:\d+:5: "web" is still declared/);
    writeFileSync(join(dir, 'monitors.yaml'), yaml(['api-10', 'api-2']));
    const lockBefore = readFileSync(join(dir, 'monitors.lock.json'), 'utf8');
    const unasked = await cli(['lock', 'forget', 'web']);
    expect(unasked.code).toBe(1);
    expect(unasked.stderr).toContain('error APPLY_NEEDS_YES: lock forget web needs confirmation');
    expect(readFileSync(join(dir, 'monitors.lock.json'), 'utf8')).toBe(lockBefore);

    const forgot = await cli(['lock', 'forget', 'web', '--yes']);
    expect(forgot.code).toBe(0);
    expect(forgot.stdout).toMatch(/^Forgot "web" \(id \S+\) in monitors\.lock\.json\.\n$/);
    const after = JSON.parse(readFileSync(join(dir, 'monitors.lock.json'), 'utf8')) as { monitors: { name: string }[] };
    expect(after.monitors.map((m) => m.name).sort()).toEqual(['api-10', 'api-2']);
    expect(await liveNames()).toEqual(['api-10', 'api-2', 'web']);
    const plan = await cli(['plan', '--detailed-exitcode']);
    expect(plan.code).toBe(0); // the live "web" is no longer managed: nothing to delete
  });

  it('with --lock-branch, lists the records on the branch and forgets through a push to it', async () => {
    const root = mkdtempSync(join(tmpdir(), 'lock-commands-git-'));
    roots.push(root);
    const origin = makeOrigin(root, { 'monitors.yaml': yaml(['branch-home', 'branch-old']) });
    const first = checkout(root, 'first', origin);
    expect((await cli(['apply', '--yes', '--lock-branch', 'monitors-state'], first)).code).toBe(0);
    const branchNames = () =>
      (
        JSON.parse(showFile(origin, 'monitors-state', 'monitors.lock.json') ?? '{}') as { monitors: { name: string }[] }
      ).monitors
        .map((m) => m.name)
        .sort();
    expect(branchNames()).toEqual(['branch-home', 'branch-old']);

    // A fresh checkout of main, where the entry is already gone: no lock file in it.
    const job = checkout(root, 'job', origin);
    commitFiles(job, { 'monitors.yaml': yaml(['branch-home']) }, 'drop branch-old');
    const listed = await cli(['lock', 'list', '--lock-branch', 'monitors-state'], job);
    expect(listed.stdout).toMatch(/\nbranch-old +\S+ +\(not in the YAML\) +\d{4}-/);
    const forgot = await cli(['lock', 'forget', 'branch-old', '--yes', '--lock-branch', 'monitors-state'], job);
    expect(forgot.code, forgot.stderr).toBe(0);
    expect(forgot.stdout).toMatch(/Lock record saved: monitors\.lock\.json on monitors-state of origin/);
    expect(branchNames()).toEqual(['branch-home']);
    expect(git(origin, 'log', '-1', '--format=%s', 'monitors-state')).toMatch(
      /^monitors: lock forget "branch-old" \(id \S+\), nothing sent in monitors\.lock\.json \[skip ci\]$/,
    );
  });
});
