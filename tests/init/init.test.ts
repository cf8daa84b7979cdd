// `monitors init`: a starter repository that validates at once (no warning), plans and
// applies against the simulator, never overwrites a file (all or nothing), and writes the CI
// workflow asked for: the repository's own example for GitHub, `monitors ci` for GitLab.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { starterFiles } from '../../src/init/starter.js';
import { writeStarter } from '../../src/init/write-starter.js';
import { runCli } from '../helpers/run-cli.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';

let base: string;
beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'monitors-init-'));
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** Every file under `dir`, relative, sorted. */
function filesIn(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesIn(join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`]))
    .sort();
}

describe('monitors init (built CLI)', () => {
  it('writes the starter into a new folder, says what each file is for and what to do next', async () => {
    const run = await runCli(['init', 'new/repo'], { cwd: base });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(filesIn(join(base, 'new/repo'))).toEqual([
      '.gitignore',
      'monitors/monitors-file.schema.json',
      'monitors/monitors.yaml',
      'monitors/settings.yaml',
    ]);
    expect(run.stdout).toMatch(/^Wrote a starter repository in new\/repo:\n {2}monitors\/monitors.yaml {14}defaults/);
    expect(run.stdout).toContain(
      '\n  monitors/monitors-file.schema.json  the schema editors complete and check the YAML with',
    );
    // Started as `node FILE` with no monitors on the PATH: the steps name that file (next-steps-as-typed.test.ts).
    expect(run.stdout).toMatch(/\nNext steps:\n {2}cd new\/repo\n {2}node \S+ validate /);
    expect(run.stdout).toMatch(/export MONITORS_API_URL=.*\n {2}export MONITORS_API_TOKEN=/);
    expect(run.stdout).toMatch(/ {2}node \S+ plan /);
  });

  it('the starter validates at once, with no warning, also with --require-env', async () => {
    const dir = join(base, 'new/repo');
    for (const args of [['validate'], ['validate', '--require-env'], ['validate', '--format', 'json']]) {
      const run = await runCli(args, { cwd: dir });
      expect(run.code, run.stdout).toBe(0);
      if (args.includes('json'))
        expect(JSON.parse(run.stdout)).toMatchObject({
          valid: true,
          monitors: 8,
          errors: 0,
          warnings: 0,
          diagnostics: [],
        });
      else expect(run.stdout).toBe('8 monitors in 2 files: valid.\n');
    }
  });

  it('refuses to write over any file, names them all, and writes nothing', async () => {
    const dir = join(base, 'new/repo');
    const before = filesIn(dir).map((f) => [f, statSync(join(dir, f)).mtimeMs, readFileSync(join(dir, f), 'utf8')]);
    const again = await runCli(['init', 'new/repo', '--ci', 'github'], { cwd: base });
    expect(again).toMatchObject({ code: 1, stdout: '' });
    expect(again.stderr).toBe(
      'error INIT_EXISTS: new/repo already has files init would write: monitors/monitors.yaml, monitors/settings.yaml, monitors/monitors-file.schema.json, .gitignore; nothing was written\n' +
        '  init never overwrites a file: run it in a new folder (monitors init my-monitors), or move those files away.\n',
    );
    expect(filesIn(dir).map((f) => [f, statSync(join(dir, f)).mtimeMs, readFileSync(join(dir, f), 'utf8')])).toEqual(
      before,
    );
  });

  it('one existing file (a .gitignore) is enough to write nothing at all', async () => {
    const dir = join(base, 'has-gitignore');
    mkdirSync(dir);
    writeFileSync(join(dir, '.gitignore'), 'dist/\n');
    const run = await runCli(['init', '--ci', 'gitlab'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^error INIT_EXISTS: \. already has a file init would write: \.gitignore; nothing was written\n/,
    );
    expect(filesIn(dir)).toEqual(['.gitignore']);
    expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toBe('dist/\n');
  });

  it('refuses a monitors/ folder that already holds YAML of another set', async () => {
    const dir = join(base, 'has-yaml');
    mkdirSync(join(dir, 'monitors'), { recursive: true });
    writeFileSync(join(dir, 'monitors', 'shop.yaml'), 'monitors: []\n');
    const run = await runCli(['init', dir], { cwd: base });
    expect(run.stderr).toContain('monitors/shop.yaml (YAML of another set of monitors)');
    expect(filesIn(dir)).toEqual(['monitors/shop.yaml']);
  });

  it('refuses a bad --ci and a file as the folder, writing nothing', async () => {
    const bad = await runCli(['init', 'ci-bad', '--ci', 'jenkins'], { cwd: base });
    expect(bad).toMatchObject({ code: 1, stdout: '' });
    expect(bad.stderr).toMatch(
      /^error BAD_OPTION: --ci must be forgejo, gitea, github, gitlab, bitbucket or azure, not "jenkins"\n/,
    );
    expect(existsSync(join(base, 'ci-bad'))).toBe(false);
    writeFileSync(join(base, 'a-file'), 'x');
    const file = await runCli(['init', 'a-file'], { cwd: base });
    expect(file.stderr).toMatch(/^error INIT_NOT_A_FOLDER: a-file is a file, not a folder\n/);
  });

  it("--ci github writes the repository's example workflow; --ci gitlab a pipeline of monitors ci; both still validate", async () => {
    const github = await runCli(['init', 'gh', '--ci', 'github'], { cwd: base });
    expect(github.code, github.stderr).toBe(0);
    expect(filesIn(join(base, 'gh'))).toEqual([
      '.github/workflows/monitors.yml',
      '.gitignore',
      'monitors/monitors-file.schema.json',
      'monitors/monitors.yaml',
      'monitors/settings.yaml',
    ]);
    expect(github.stdout).toContain('add the secrets MONITORS_PLAN_TOKEN and MONITORS_APPLY_TOKEN');
    expect(readFileSync(join(base, 'gh/.gitignore'), 'utf8')).toContain('\nmonitors/monitors.lock.json\n');
    const gitlab = await runCli(['init', 'gl', '--ci', 'gitlab'], { cwd: base });
    expect(gitlab.code, gitlab.stderr).toBe(0);
    expect(filesIn(join(base, 'gl')).filter((f) => !f.startsWith('.monitors/'))).toEqual([
      '.gitignore',
      '.gitlab-ci.yml',
      'monitors/monitors-file.schema.json',
      'monitors/monitors.yaml',
      'monitors/settings.yaml',
    ]);
    // The bundle the pipeline runs, copied from this clone's bundle/.
    expect(filesIn(join(base, 'gl'))).toContain('.monitors/monitors.mjs');
    expect(gitlab.stdout).toContain('as .monitors/monitors.mjs');
    for (const dir of ['gh', 'gl']) {
      const run = await runCli(['validate'], { cwd: join(base, dir) });
      expect(run.stdout).toBe('8 monitors in 2 files: valid.\n');
    }
  });
});

describe('the starter against the simulator (built CLI)', () => {
  let sim: SimProcess;
  beforeAll(async () => {
    sim = await startSimProcess();
  });
  afterAll(() => sim.stop());

  it('plans 8 creates, applies them, and plans again with no changes', async () => {
    const dir = join(base, 'against-sim');
    expect((await runCli(['init', dir], { cwd: base })).code).toBe(0);
    const env = { MONITORS_API_URL: sim.baseUrl, MONITORS_API_TOKEN: sim.token };
    const plan = await runCli(['plan', '--detailed-exitcode'], { cwd: dir, env });
    expect(plan.code, plan.stderr).toBe(2);
    expect(plan.stdout).toContain('Plan: 8 to create, 0 to update, 0 to delete.');
    const apply = await runCli(['apply', '--yes'], { cwd: dir, env });
    expect(apply.code, apply.stderr).toBe(0);
    expect(apply.stdout).toContain('Apply complete: 8 created, 0 updated, 0 deleted, 0 failed.');
    expect(apply.stdout).toContain('Lock file written: monitors/monitors.lock.json');
    const again = await runCli(['plan', '--detailed-exitcode'], { cwd: dir, env });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('No changes. 8 monitors up to date.');
  });
});

describe('the templates', () => {
  it('the GitHub workflow is examples/github/.github/workflows/monitors.yml, byte for byte', () => {
    const example = readFileSync(
      new URL('../../examples/github/.github/workflows/monitors.yml', import.meta.url),
      'utf8',
    );
    expect(starterFiles('github').find((f) => f.path === '.github/workflows/monitors.yml')?.text).toBe(example);
  });

  it('the GitLab pipeline validates on merge requests, plans with a check, applies one at a time on the default branch, and drifts on a schedule', () => {
    const text = starterFiles('gitlab').find((f) => f.path === '.gitlab-ci.yml')?.text ?? '';
    const pipeline = parse(text) as Record<
      string,
      {
        script?: string[];
        rules?: { if: string }[];
        resource_group?: string;
        interruptible?: boolean;
        variables?: Record<string, string>;
      }
    >;
    expect(pipeline.validate?.script).toEqual(['node .monitors/monitors.mjs ci validate monitors']);
    expect(pipeline.plan?.script).toEqual([
      'node .monitors/monitors.mjs ci plan monitors --lock-branch monitors-state --check',
    ]);
    expect(pipeline.plan?.rules?.[0]?.if).toContain('merge_request_event');
    expect(pipeline.plan?.variables).toEqual({ MONITORS_API_TOKEN: '$MONITORS_PLAN_TOKEN' });
    expect(pipeline.apply?.script).toEqual([
      'node .monitors/monitors.mjs ci apply monitors --lock-branch monitors-state',
    ]);
    expect(pipeline.apply).toMatchObject({
      resource_group: 'monitors',
      interruptible: false,
      variables: { MONITORS_API_TOKEN: '$MONITORS_APPLY_TOKEN' },
    });
    expect(pipeline.apply?.rules?.[0]?.if).toContain('$CI_DEFAULT_BRANCH');
    expect(pipeline.drift?.script).toEqual([
      'node .monitors/monitors.mjs ci drift monitors --lock-branch monitors-state',
    ]);
    expect(pipeline.drift?.rules?.[0]?.if).toContain('schedule');
  });
});

describe('all or nothing', () => {
  it('a write that fails part-way removes what the run wrote, folders included', async () => {
    const dir = join(base, 'fails', 'here');
    let writes = 0;
    const failing = {
      writeNew: async (file: string, text: string) => {
        writes += 1;
        if (writes === 3) throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
        writeFileSync(file, text, { flag: 'wx' });
      },
    };
    await expect(writeStarter(dir, starterFiles('github'), 'fails/here', failing)).rejects.toMatchObject({
      code: 'INIT_WRITE_FAILED',
      message: 'could not write the starter repository in fails/here (ENOSPC); nothing was left behind',
    });
    expect(writes).toBe(3);
    expect(existsSync(join(base, 'fails'))).toBe(false);
  });
});
