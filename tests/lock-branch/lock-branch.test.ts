// The lock branch against real git: a bare repository as origin, checkouts of it, and the
// compare-and-swap push with its merge, refusals and races made deterministic by pushing
// from another checkout at the exact moment (the `pause` between rounds, or before saving).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MonitorsError } from '../../src/errors.js';
import { redactUrlCredentials } from '../../src/lock-branch/git.js';
import { branchPath, openLockBranch } from '../../src/lock-branch/lock-branch.js';
import { MAX_PUSH_ROUNDS, saveLocks } from '../../src/lock-branch/save-locks.js';
import { parseLock, serializeLock } from '../../src/lock/lock-file.js';
import type { LockFile, LockRecord } from '../../src/lock/types.js';
import { checkout, commitFiles, git, installHook, makeOrigin, refExists, showFile } from '../helpers/git-sandbox.js';

const LOCK = 'monitors/monitors.lock.json';
const BRANCH = 'monitors-state';
const rec = (id: string, fingerprint = `sha256:${id}`): LockRecord => ({ id, name: `m-${id}`, fingerprint });
const lockOf = (ids: string[], salt = 'salt-0123456789'): LockFile => ({
  format_version: 1,
  salt,
  monitors: ids.map((id) => rec(id)),
});
const idsIn = (text: string | undefined) =>
  parseLock(text ?? '', 'x')
    .monitors.map((r) => r.id)
    .sort();
const noPause = async () => undefined;

let root: string;
let origin: string;

beforeAll(() => {
  // The code under test runs git in this process: no machine config, and no identity, as on a fresh CI runner.
  Object.assign(process.env, { GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' });
  for (const name of ['GIT_AUTHOR_NAME', 'GIT_AUTHOR_EMAIL', 'GIT_COMMITTER_NAME', 'GIT_COMMITTER_EMAIL', 'EMAIL'])
    delete process.env[name];
});
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'lock-branch-'));
  origin = makeOrigin(root, { 'monitors/shop.yaml': 'monitors: []\n' });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

async function save(dir: string, lock: LockFile, path = LOCK, pause = noPause) {
  const branch = await openLockBranch({ branch: BRANCH, remote: 'origin', cwd: dir });
  const started = await branch.read(join(dir, path));
  return saveLocks(branch, [{ started, lock }], { message: 'test [skip ci]', pause });
}

describe('the lock branch', { timeout: 120_000 }, () => {
  // dozens of git processes per test
  it('is created on first use as an orphan holding only the lock file, without touching main or the checkout', async () => {
    const job = checkout(root, 'job', origin);
    const mainBefore = git(origin, 'rev-parse', 'main');
    const headBefore = git(job, 'rev-parse', 'HEAD');
    const branch = await openLockBranch({ branch: BRANCH, remote: 'origin', cwd: join(job, 'monitors') });
    expect(branch.tip).toBeUndefined();
    const started = await branch.read(join(job, LOCK));
    expect(started).toMatchObject({ path: LOCK, source: 'none', branchText: undefined, lock: undefined });

    const result = await saveLocks(branch, [{ started, lock: lockOf(['a']) }], { message: 'first [skip ci]' });
    expect(result.retries).toBe(0);
    expect(git(origin, 'rev-list', '--count', BRANCH)).toBe('1');
    expect(git(origin, 'rev-list', '--parents', '-n1', BRANCH).split(' ')).toHaveLength(1); // no parent
    expect(git(origin, 'ls-tree', '-r', '--name-only', BRANCH)).toBe(LOCK);
    expect(showFile(origin, BRANCH, LOCK)).toBe(serializeLock(lockOf(['a'])));
    expect(git(origin, 'log', '-1', '--format=%an <%ae>|%s', BRANCH)).toBe(
      'monitors <monitors@localhost>|first [skip ci]',
    );
    expect(git(origin, 'rev-parse', 'main')).toBe(mainBefore);
    expect(git(job, 'rev-parse', 'HEAD')).toBe(headBefore);
    expect(git(job, 'status', '--porcelain')).toBe('');
    expect(git(job, 'branch', '--list', '--format=%(refname:short)')).toBe('main');
  });

  it('reads the branch’s copy, and a second save goes on top of the first', async () => {
    const job = checkout(root, 'job', origin);
    await save(job, lockOf(['a']));
    const branch = await openLockBranch({ branch: BRANCH, remote: 'origin', cwd: job });
    const started = await branch.read(join(job, LOCK));
    expect(started.source).toBe('branch');
    expect(started.lock).toEqual(lockOf(['a']));
    const result = await saveLocks(branch, [{ started, lock: lockOf(['a', 'b']) }], { message: 'second' });
    expect(git(origin, 'rev-parse', `${BRANCH}^`)).toBe(branch.tip);
    expect(git(origin, 'rev-parse', BRANCH)).toBe(result.commit);
    expect(idsIn(showFile(origin, BRANCH, LOCK))).toEqual(['a', 'b']);
  });

  it('starts from the working tree’s lock file while the branch has none (moving from committing it to main)', async () => {
    const job = checkout(root, 'job', origin);
    commitFiles(job, { [LOCK]: serializeLock(lockOf(['old'])) }, 'lock on main');
    const branch = await openLockBranch({ branch: BRANCH, remote: 'origin', cwd: job });
    const started = await branch.read(join(job, LOCK));
    expect(started.source).toBe('local');
    expect(started.lock).toEqual(lockOf(['old']));
    expect(started.branchText).toBeUndefined();
  });

  it('does not push when the branch already holds this record', async () => {
    const job = checkout(root, 'job', origin);
    await save(job, lockOf(['a']));
    const tip = git(origin, 'rev-parse', BRANCH);
    const result = await save(job, lockOf(['a']));
    expect(result.commit).toBeUndefined();
    expect(git(origin, 'rev-parse', BRANCH)).toBe(tip);
  });

  it('merges per monitor when another run pushed the same lock file meanwhile', async () => {
    const setup = checkout(root, 'setup', origin);
    await save(setup, lockOf(['shared', 'gone']));
    const [a, b] = [checkout(root, 'a', origin), checkout(root, 'b', origin)];
    const branchB = await openLockBranch({ branch: BRANCH, remote: 'origin', cwd: b });
    const startedB = await branchB.read(join(b, LOCK));
    await save(a, lockOf(['shared', 'gone', 'from-a'])); // lands after B read the branch
    const result = await saveLocks(branchB, [{ started: startedB, lock: lockOf(['shared', 'from-b']) }], {
      message: 'b',
      pause: noPause,
    });
    expect(result.retries).toBe(1);
    expect(result.files[0]!.merge).toEqual({ conflicts: [], resalted: [] });
    expect(idsIn(showFile(origin, BRANCH, LOCK))).toEqual(['from-a', 'from-b', 'shared']); // B deleted "gone": not resurrected
    expect(git(origin, 'rev-list', '--count', BRANCH)).toBe('3');
  });

  it('puts its own lock file on top, unmerged, when another run pushed a different lock file meanwhile (environments)', async () => {
    const [a, b] = [checkout(root, 'a', origin), checkout(root, 'b', origin)];
    const branchB = await openLockBranch({ branch: BRANCH, remote: 'origin', cwd: b });
    const startedB = await branchB.read(join(b, 'locks/staging.lock.json'));
    await save(a, lockOf(['prod-1']), 'locks/production.lock.json');
    const result = await saveLocks(branchB, [{ started: startedB, lock: lockOf(['staging-1']) }], {
      message: 'b',
      pause: noPause,
    });
    expect(result.retries).toBe(1);
    expect(result.files[0]!.merge).toBeUndefined();
    expect(git(origin, 'ls-tree', '-r', '--name-only', BRANCH).split('\n')).toEqual([
      'locks/production.lock.json',
      'locks/staging.lock.json',
    ]);
    expect(idsIn(showFile(origin, BRANCH, 'locks/staging.lock.json'))).toEqual(['staging-1']);
  });

  it('writes several lock files in one commit', async () => {
    const job = checkout(root, 'job', origin);
    const branch = await openLockBranch({ branch: BRANCH, remote: 'origin', cwd: job });
    const paths = ['locks/staging.lock.json', 'locks/production.lock.json'];
    const started = await Promise.all(paths.map((p) => branch.read(join(job, p))));
    const result = await saveLocks(
      branch,
      started.map((s, i) => ({ started: s, lock: lockOf([`m${i}`]) })),
      { message: 'both' },
    );
    expect(result.files.map((f) => f.path)).toEqual(paths);
    expect(git(origin, 'rev-list', '--count', BRANCH)).toBe('1');
    expect(git(origin, 'ls-tree', '-r', '--name-only', BRANCH).split('\n')).toEqual([
      'locks/production.lock.json',
      'locks/staging.lock.json',
    ]);
  });

  it('fails with the remote’s own words when the push is refused, and changes nothing', async () => {
    const job = checkout(root, 'job', origin);
    installHook(origin, 'pre-receive', 'echo "monitors-state is protected by policy" >&2\nexit 1');
    const error = await save(job, lockOf(['a'])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MonitorsError);
    expect((error as MonitorsError).code).toBe('LOCK_PUSH_REFUSED');
    expect((error as MonitorsError).message).toContain('monitors-state is protected by policy');
    expect((error as MonitorsError).message).toContain('pre-receive hook declined');
    expect(refExists(origin, BRANCH)).toBe(false);
  });

  it('gives up after a bounded number of rounds when the branch moves under every push', async () => {
    const job = checkout(root, 'job', origin);
    await save(job, lockOf(['a']));
    const other = checkout(root, 'other', origin);
    let pushes = 0;
    const pushElsewhere = async () => {
      pushes++;
      await save(other, lockOf(['a']), `other/${pushes}.lock.json`);
    };
    const branch = await openLockBranch({ branch: BRANCH, remote: 'origin', cwd: job });
    const started = await branch.read(join(job, LOCK));
    await pushElsewhere(); // before the first round, then after each lost round
    const error = await saveLocks(branch, [{ started, lock: lockOf(['a', 'b']) }], {
      message: 'x',
      pause: pushElsewhere,
    }).catch((e: unknown) => e);
    expect((error as MonitorsError).code).toBe('LOCK_PUSH_CONTENDED');
    expect(pushes).toBe(MAX_PUSH_ROUNDS + 1);
    expect(idsIn(showFile(origin, BRANCH, LOCK))).toEqual(['a']);
  });

  it('works from a shallow checkout (as actions/checkout makes), and leaves a full clone full', async () => {
    const shallow = checkout(root, 'shallow', origin, { shallow: true });
    expect(git(shallow, 'rev-parse', '--is-shallow-repository')).toBe('true');
    await save(shallow, lockOf(['a']));
    await save(shallow, lockOf(['a', 'b']));
    expect(idsIn(showFile(origin, BRANCH, LOCK))).toEqual(['a', 'b']);
    const full = checkout(root, 'full', origin);
    await save(full, lockOf(['a', 'b', 'c']));
    expect(git(full, 'rev-parse', '--is-shallow-repository')).toBe('false');
    expect(git(origin, 'rev-list', '--count', BRANCH)).toBe('3');
  });

  it('refuses a lock file on the branch that is not valid, naming the branch', async () => {
    const job = checkout(root, 'job', origin);
    await save(job, lockOf(['a']));
    const other = checkout(root, 'other', origin);
    git(other, 'fetch', '-q', 'origin', BRANCH);
    git(other, 'checkout', '-q', '-b', BRANCH, 'FETCH_HEAD');
    writeFileSync(join(other, LOCK), '<<<<<<< conflict\n');
    git(other, 'commit', '-qam', 'broken');
    git(other, 'push', '-q', 'origin', BRANCH);
    const branch = await openLockBranch({ branch: BRANCH, remote: 'origin', cwd: job });
    const error = await branch.read(join(job, LOCK)).catch((e: unknown) => e);
    expect((error as MonitorsError).code).toBe('LOCK_INVALID');
    expect((error as MonitorsError).message).toContain(`${LOCK} on the lock branch ${BRANCH}`);
  });

  it('explains what is missing: no git working tree, no such remote, an invalid branch name, an unreachable remote', async () => {
    const codeOf = (p: Promise<unknown>) =>
      p.then(
        () => 'no error',
        (e: MonitorsError) => `${e.code}: ${e.message}`,
      );
    expect(await codeOf(openLockBranch({ branch: BRANCH, remote: 'origin', cwd: root }))).toMatch(
      /^LOCK_BRANCH_GIT: --lock-branch needs a git working tree/,
    );
    const job = checkout(root, 'job', origin);
    expect(await codeOf(openLockBranch({ branch: BRANCH, remote: 'upstream', cwd: job }))).toMatch(
      /^LOCK_BRANCH_GIT: .*the remote "upstream", which this repository does not have/,
    );
    expect(await codeOf(openLockBranch({ branch: 'bad..name', remote: 'origin', cwd: job }))).toBe(
      'BAD_OPTION: --lock-branch "bad..name" is not a valid branch name',
    );
    git(job, 'remote', 'set-url', 'origin', join(root, 'nowhere.git'));
    expect(await codeOf(openLockBranch({ branch: BRANCH, remote: 'origin', cwd: job }))).toMatch(
      /^LOCK_BRANCH_FETCH_FAILED: cannot fetch the lock branch monitors-state from origin: .*nowhere\.git/,
    );
  });

  it('keeps lock paths inside the working tree, as git paths', () => {
    expect(branchPath(root, join(root, 'a', 'b.lock.json'))).toBe('a/b.lock.json');
    expect(() => branchPath(join(root, 'repo'), join(root, 'elsewhere.lock.json'))).toThrow(
      /outside the git working tree/,
    );
  });

  it('never prints credentials a remote URL carries', () => {
    expect(
      redactUrlCredentials("fatal: unable to access 'https://x-access-token:ghs_secret123@github.com/o/r.git/': 403"),
    ).toBe("fatal: unable to access 'https://***@github.com/o/r.git/': 403");
  });
});
