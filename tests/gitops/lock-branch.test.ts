// GitOps on a protected main: the Action's apply and plan with `lock-branch`, run as the
// composite step runs them (action/run.mjs, the built CLI), against the simulator and a real
// git remote (a bare repository in a temp folder). The lock record lives on monitors-state;
// main never gets a commit. Races are made deterministic with a server-side hook that holds
// one push until the other apply has finished.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseLock } from '../../src/lock/lock-file.js';
import { runActionProcess, type ActionRun } from '../action/action-process.js';
import { checkout, git, installHook, makeOrigin, refExists, showFile } from '../helpers/git-sandbox.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

const LOCK = 'monitors/monitors.lock.json';
const BRANCH = 'monitors-state';
const LOGIN_TOKEN = 'login-token-value-that-must-never-be-written';
const BOT = 'github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>';

const monitor = (name: string, extra = '') =>
  `  - name: "${name}"\n    url: https://example.com/${name.replaceAll(' ', '-')}\n${extra}`;
const yamlOf = (...monitors: string[]) => `${E2E_DEFAULTS}monitors:\n${monitors.join('')}`;
const SHOP = yamlOf(
  monitor('shop home'),
  monitor('shop api', '    auth_type: bearer\n    auth_secret: ${env:LOGIN_TOKEN}\n'),
);

let sim: SimProcess;
let root: string;
let origin: string;
let jobs = 0;

beforeEach(async () => {
  sim = await startSimProcess(); // a fresh workspace per test
  root = mkdtempSync(join(tmpdir(), 'lock-branch-e2e-'));
  origin = makeOrigin(root, { 'monitors/shop.yaml': SHOP });
});
afterEach(async () => {
  await sim.stop();
  rmSync(root, { recursive: true, force: true });
});

/** A fresh job: a shallow checkout of main (as actions/checkout makes), optionally with extra YAML. */
function job(extraFiles: Record<string, string> = {}): string {
  const dir = checkout(root, `job-${++jobs}`, origin, { shallow: true });
  for (const [path, text] of Object.entries(extraFiles)) writeFileSync(join(dir, path), text);
  return dir;
}

function action(workspace: string, command: 'plan' | 'apply', inputs: Record<string, string> = {}): Promise<ActionRun> {
  return runActionProcess(
    { command, path: 'monitors', 'api-url': sim.baseUrl, comment: 'false', 'lock-branch': BRANCH, ...inputs },
    {
      GITHUB_WORKSPACE: workspace,
      GITHUB_STEP_SUMMARY: join(workspace, '..', `${workspace.split('/').pop()}-summary.md`),
      GITHUB_OUTPUT: join(workspace, '..', `${workspace.split('/').pop()}-output.txt`),
      MONITORS_API_TOKEN: sim.token,
      LOGIN_TOKEN,
      CI: 'true',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
    },
  );
}
const outputOf = (workspace: string) =>
  readFileSync(join(workspace, '..', `${workspace.split('/').pop()}-output.txt`), 'utf8');
const summaryOf = (workspace: string) =>
  readFileSync(join(workspace, '..', `${workspace.split('/').pop()}-summary.md`), 'utf8');
const branchLock = () => parseLock(showFile(origin, BRANCH, LOCK) ?? '', BRANCH);
const namesOnBranch = () =>
  branchLock()
    .monitors.map((r) => r.name)
    .sort();
const liveNames = async () => {
  const res = await fetch(`${sim.baseUrl}/monitors?per_page=100`, {
    headers: { authorization: `Bearer ${sim.token}` },
  });
  return ((await res.json()) as { data: { name: string }[] }).data.map((m) => m.name).sort();
};
const log = (run: ActionRun) => run.stdout + run.stderr;

// Each test runs the Action (a process running the CLI, which runs git) three or four times:
// on a loaded two-core machine that takes well over vitest's default budget.
describe('the Action with lock-branch', { timeout: 180_000 }, () => {
  it('applies without a commit to main; the lock branch holds the record, and the next plan is clean', async () => {
    const mainBefore = git(origin, 'rev-parse', 'main');
    const applyJob = job();
    const apply = await action(applyJob, 'apply');
    expect(apply.code, log(apply)).toBe(0);
    expect(apply.stdout).toMatch(/Apply complete: 2 created, 0 updated, 0 deleted, 0 failed\./);
    expect(apply.stdout).toMatch(
      /Lock record saved: monitors\/monitors\.lock\.json on monitors-state of origin \(commit [0-9a-f]{12}\)\./,
    );

    expect(git(origin, 'rev-parse', 'main')).toBe(mainBefore);
    expect(git(origin, 'rev-list', '--count', 'main')).toBe('1');
    expect(git(origin, 'ls-tree', '-r', '--name-only', BRANCH)).toBe(LOCK); // an orphan branch of lock files only
    expect(git(origin, 'log', '-1', '--format=%an <%ae>', BRANCH)).toBe(BOT);
    expect(git(origin, 'log', '-1', '--format=%s', BRANCH)).toBe(
      `monitors: lock record of ${LOCK} after apply (2 created, 0 updated, 0 deleted, 0 failed) [skip ci]`,
    );
    expect(namesOnBranch()).toEqual(['shop api', 'shop home']);
    expect(showFile(origin, BRANCH, LOCK)).not.toContain(LOGIN_TOKEN);
    expect(branchLock().monitors.find((r) => r.name === 'shop api')?.secrets?.auth_secret).toMatch(/^scrypt-n15r8p1:/);

    // A pull request's plan, in a checkout of main that has no lock file at all.
    const planJob = job();
    expect(existsSync(join(planJob, LOCK))).toBe(false);
    const plan = await action(planJob, 'plan');
    expect(plan.code, log(plan)).toBe(0);
    expect(outputOf(planJob)).toBe('changes=false\nexit-code=0\n');
    expect(plan.stderr).toContain(`Lock record: ${LOCK} from ${BRANCH} of origin.`);
    const blind = await action(job(), 'plan', { 'lock-branch': '' }); // without the branch, the same plan cannot verify them
    expect(blind.stdout).toMatch(/Plan: 0 to create, 2 to update, 0 to delete\./);
    expect(git(origin, 'rev-parse', 'main')).toBe(mainBefore);
  });

  it('two applies racing on the branch both end with a record holding the monitors of both', async () => {
    const first = await action(job(), 'apply');
    expect(first.code, log(first)).toBe(0);
    const a = job({ 'monitors/a.yaml': yamlOf(monitor('from a')) });
    const b = job({ 'monitors/b.yaml': yamlOf(monitor('from b')) });

    // B's push is held by the server until A has applied and pushed: then B's update of the
    // branch meets a tip it did not expect, and B must fetch, merge and push again.
    const [hold, waiting, go] = ['hold', 'waiting', 'go'].map((f) => join(root, f)) as [string, string, string];
    installHook(
      origin,
      'pre-receive',
      `if [ -e "${hold}" ]; then rm "${hold}"; touch "${waiting}"; i=0; while [ ! -e "${go}" ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i+1)); done; fi\nexit 0`,
    );
    writeFileSync(hold, '');
    const applyB = action(b, 'apply');
    for (let i = 0; i < 1200 && !existsSync(waiting); i++) await sleep(50);
    expect(existsSync(waiting), 'B reached its push').toBe(true);
    const applyA = await action(a, 'apply');
    writeFileSync(go, '');
    const resultB = await applyB;

    expect(applyA.code, log(applyA)).toBe(0);
    expect(applyA.stdout).toMatch(/Apply complete: 1 created/);
    expect(resultB.code, log(resultB)).toBe(0);
    expect(resultB.stdout).toMatch(/Apply complete: 1 created/);
    expect(resultB.stdout).toContain(
      `Another apply had pushed ${LOCK} meanwhile: the two records were merged per monitor`,
    );
    expect(namesOnBranch()).toEqual(['from a', 'from b', 'shop api', 'shop home']);
    // The merged record keeps the values each apply wrote, and still no secret.
    const merged = parseLock(showFile(origin, BRANCH, LOCK) ?? '', 'branch').monitors;
    expect(Object.fromEntries(merged.map((r) => [r.name, r.values?.url]))).toEqual({
      'from a': 'https://example.com/from-a',
      'from b': 'https://example.com/from-b',
      'shop api': 'https://example.com/shop-api',
      'shop home': 'https://example.com/shop-home',
    });
    expect(merged.find((r) => r.name === 'shop api')?.values).toMatchObject({ auth_type: 'bearer' });
    expect(showFile(origin, BRANCH, LOCK)).not.toContain(LOGIN_TOKEN);
    // Each apply pushes twice: the creates it is about to send, then its record.
    const inFlight = (n: string) => `monitors: ${n} in flight in ${LOCK} [skip ci]`;
    const record = (n: number) =>
      `monitors: lock record of ${LOCK} after apply (${n} created, 0 updated, 0 deleted, 0 failed) [skip ci]`;
    expect(git(origin, 'log', '--format=%s', BRANCH).split('\n')).toEqual([
      record(1), // B's, merged again
      inFlight('1 create'), // B's, pushed once A's were on the branch
      record(1),
      inFlight('1 create'),
      record(2),
      inFlight('2 creates'),
    ]);
    expect(readFileSync(join(b, LOCK), 'utf8')).toBe(showFile(origin, BRANCH, LOCK)); // B's checkout follows the merge
    expect(await liveNames()).toEqual(['from a', 'from b', 'shop api', 'shop home']);

    // With both changes on main, the next plan is clean: every monitor is recorded.
    const both = job({ 'monitors/a.yaml': yamlOf(monitor('from a')), 'monitors/b.yaml': yamlOf(monitor('from b')) });
    const plan = await action(both, 'plan');
    expect(plan.code, log(plan)).toBe(0);
    expect(outputOf(both)).toBe('changes=false\nexit-code=0\n');
  });

  it('a branch that takes no push: the apply stops before it sends anything', async () => {
    installHook(origin, 'pre-receive', 'echo "monitors-state: pushes are restricted to release managers" >&2\nexit 1');
    const apply = await action(job(), 'apply');
    expect(apply.code).toBe(1);
    expect(apply.stderr).toContain(
      'error LOCK_PUSH_REFUSED: the lock branch monitors-state of origin could not take the creates this apply is about to send (origin refused the push to the lock branch monitors-state: pre-receive hook declined / monitors-state: pushes are restricted to release managers); nothing was sent',
    );
    expect(apply.stdout).not.toMatch(/Apply complete/);
    expect(await liveNames()).toEqual([]);
    expect(refExists(origin, BRANCH)).toBe(false);
  });

  it('a refused push fails the job, says what the server holds and how to recover, and keeps the record in the job summary', async () => {
    // The push of the creates in flight lands; the push of the record after the apply is refused.
    const once = join(root, 'one-push-allowed');
    writeFileSync(once, '');
    installHook(
      origin,
      'pre-receive',
      `if [ -e "${once}" ]; then rm "${once}"; exit 0; fi\necho "monitors-state: pushes are restricted to release managers" >&2\nexit 1`,
    );
    const applyJob = job();
    const apply = await action(applyJob, 'apply');
    expect(apply.code).toBe(1);
    expect(apply.stdout).toMatch(/Apply complete: 2 created, 0 updated, 0 deleted, 0 failed\./);
    expect(apply.stderr).toContain(
      'error LOCK_PUSH_REFUSED: the lock record was NOT saved to monitors-state of origin: origin refused the push to the lock branch monitors-state: pre-receive hook declined / monitors-state: pushes are restricted to release managers. ' +
        `The monitoring API has this apply's changes (2 created, 0 updated, 0 deleted, 0 failed), but their record is only in ${LOCK} in this working tree and in the job summary`,
    );
    expect(apply.stderr).toContain('docs/recovery.md, "The lock record was not saved"');
    expect(apply.stdout).toContain('::error::monitors apply failed (exit 1)');
    expect(branchLock().pending_creates?.map((p) => p.name)).toEqual(['shop api', 'shop home']);
    expect(git(origin, 'rev-list', '--count', 'main')).toBe('1');

    const summary = summaryOf(applyJob);
    expect(summary).toContain('### The lock record was not saved');
    const rescued = /```json\n([\s\S]*?)```/.exec(summary)?.[1];
    expect(
      parseLock(rescued ?? '', 'summary')
        .monitors.map((r) => r.name)
        .sort(),
    ).toEqual(['shop api', 'shop home']);
    expect(rescued).toBe(readFileSync(join(applyJob, LOCK), 'utf8'));
    for (const secret of [LOGIN_TOKEN, sim.token]) expect(summary + log(apply)).not.toContain(secret);

    // Recovery as docs/recovery.md says: fix the cause, run the apply again (a new runner,
    // without the old checkout): each monitor (the branch says its create went out) is
    // replaced once as not verifiable, nothing is created twice, and the record is saved.
    rmSync(join(origin, 'hooks', 'pre-receive'));
    const again = await action(job(), 'apply');
    expect(again.code, log(again)).toBe(0);
    expect(again.stdout).toMatch(/Apply complete: 0 created, 2 updated, 0 deleted, 0 failed\./);
    expect(await liveNames()).toEqual(['shop api', 'shop home']);
    const planJob = job();
    expect((await action(planJob, 'plan')).code).toBe(0);
    expect(outputOf(planJob)).toBe('changes=false\nexit-code=0\n');
  });

  it('moves a repository that committed its lock file to main onto the lock branch without a replace', async () => {
    const before = job();
    const applied = await action(before, 'apply', { 'lock-branch': '' });
    expect(applied.code, log(applied)).toBe(0);
    git(before, 'add', LOCK);
    git(before, 'commit', '-qm', 'monitors: update lock file');
    git(before, 'push', '-q', 'origin', 'HEAD:main');

    const moved = await action(job(), 'apply');
    expect(moved.code, log(moved)).toBe(0);
    expect(moved.stdout).toContain('No changes.');
    expect(moved.stderr).toContain(
      `Lock record: ${LOCK} is not on ${BRANCH} of origin yet; starting from the working tree's copy`,
    );
    expect(moved.stdout).toMatch(/Lock record saved: /);
    expect(namesOnBranch()).toEqual(['shop api', 'shop home']);
  });
});
