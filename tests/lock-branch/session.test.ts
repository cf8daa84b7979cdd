// The lock branch session's decisions, with what it reports captured instead of written:
// --lock-remote alone refused, nothing pushed when the branch already holds the record, the
// record read and saved reported as data, and a refused push turned into the loud failure
// that says where the record is kept (against real git: a bare origin and a checkout).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MonitorsError } from '../../src/errors.js';
import type { StartedLock } from '../../src/lock-branch/lock-branch.js';
import {
  lockBranchAsked,
  notSaved,
  startLockBranchSession,
  worthSaving,
  type SessionReport,
} from '../../src/lock-branch/session.js';
import { serializeLock } from '../../src/lock/lock-file.js';
import type { LockFile } from '../../src/lock/types.js';
import { checkout, installHook, makeOrigin, refExists, showFile } from '../helpers/git-sandbox.js';

const LOCK = 'monitors/monitors.lock.json';
const BRANCH = 'monitors-state';
const lockOf = (ids: string[]): LockFile => ({
  format_version: 1,
  salt: 'salt-0123456789',
  monitors: ids.map((id) => ({ id, name: `m-${id}`, fingerprint: `sha256:${id}` })),
});
const started = (source: StartedLock['source'], branchText?: string): StartedLock => ({
  lockPath: '/repo/monitors.lock.json',
  path: 'monitors.lock.json',
  branchText,
  lock: undefined,
  source,
});

describe('the decisions of a lock branch session, without git', () => {
  it('asks for no branch without --lock-branch, and refuses --lock-remote alone', () => {
    expect(lockBranchAsked({})).toBeUndefined();
    expect(lockBranchAsked({ lockBranch: 'state' })).toEqual({ branch: 'state', remote: 'origin' });
    expect(lockBranchAsked({ lockBranch: 'state', lockRemote: 'up' })).toEqual({ branch: 'state', remote: 'up' });
    expect(() => lockBranchAsked({ lockRemote: 'up' })).toThrow(
      expect.objectContaining({ code: 'BAD_OPTION', message: '--lock-remote needs --lock-branch' }),
    );
    expect(
      startLockBranchSession({}, '/nowhere', {}, { read: () => {}, saved: () => {}, rescueLog: () => {} }),
    ).toBeUndefined();
  });

  it('saves only a record the branch does not hold, and never an empty first one', () => {
    const lock = lockOf(['a']);
    expect(worthSaving(started('branch', serializeLock(lock)), lock)).toBe(false);
    expect(worthSaving(started('branch', serializeLock(lockOf(['b']))), lock)).toBe(true);
    expect(worthSaving(started('none'), lockOf([]))).toBe(false);
    expect(worthSaving(started('none'), lock)).toBe(true);
    expect(worthSaving(started('local'), lockOf([]))).toBe(true);
  });

  it('says, when the record was not saved, what the server holds and every place the record is', () => {
    const cause = new MonitorsError('LOCK_PUSH_REFUSED', 'pre-receive hook declined');
    const branch = { repo: { branch: BRANCH, remote: 'origin', root: '/r', trackingRef: 'x' } };
    const after = notSaved(cause, branch, LOCK, 'the job summary', '1 created');
    expect(after.code).toBe('LOCK_PUSH_REFUSED');
    expect(after.message).toBe(
      `the lock record was NOT saved to ${BRANCH} of origin: pre-receive hook declined. The monitoring API has this apply's changes (1 created), but their record is only in ${LOCK} in this working tree and in the job summary`,
    );
    expect(notSaved(cause, branch, LOCK, undefined, undefined).message).toContain(
      `This apply changed nothing on the server; the record it meant to save is in ${LOCK} in this working tree`,
    );
  });
});

describe('a lock branch session against real git', { timeout: 120_000 }, () => {
  let root: string;
  beforeAll(() => {
    Object.assign(process.env, { GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' });
    root = mkdtempSync(join(tmpdir(), 'lock-session-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  function recorder() {
    const seen: string[] = [];
    const report: SessionReport = {
      read: (_branch, s) => seen.push(`read ${s.path} from ${s.source}`),
      saved: (_branch, result) => seen.push(`saved ${result.files.map((f) => f.path).join()}`),
      rescueLog: (text) => seen.push(`log ${text}`),
    };
    return { seen, report };
  }

  it('reports the record read and the record saved, and pushes nothing the branch already holds', async () => {
    const dir = join(root, 'a');
    mkdirSync(dir);
    const origin = makeOrigin(dir, { 'monitors/shop.yaml': 'monitors: []\n' });
    const job = checkout(dir, 'job', origin);
    const first = recorder();
    const session = startLockBranchSession({ lockBranch: BRANCH }, job, {}, first.report)!;
    expect(await session.readLock(join(job, LOCK))).toBeUndefined();
    await session.save(lockOf(['a']), '1 created');
    expect(first.seen).toEqual([`read ${LOCK} from none`, `saved ${LOCK}`]);
    expect(showFile(origin, BRANCH, LOCK)).toBe(serializeLock(lockOf(['a'])));

    const second = recorder();
    const again = startLockBranchSession({ lockBranch: BRANCH }, job, {}, second.report)!;
    expect(await again.readLock(join(job, LOCK))).toEqual(lockOf(['a']));
    await again.save(lockOf(['a']), undefined);
    expect(second.seen).toEqual([`read ${LOCK} from branch`]);
    expect(again.readAt()).toMatchObject({ path: LOCK });
  });

  it('turns a refused push into the loud failure, after keeping the record in the log', async () => {
    const dir = join(root, 'b');
    mkdirSync(dir);
    const origin = makeOrigin(dir, { 'monitors/shop.yaml': 'monitors: []\n' });
    const job = checkout(dir, 'job', origin);
    installHook(origin, 'pre-receive', 'echo "protected" >&2\nexit 1');
    const { seen, report } = recorder();
    const session = startLockBranchSession({ lockBranch: BRANCH }, job, { GITHUB_ACTIONS: 'true' }, report)!;
    await session.readLock(join(job, LOCK));
    const error = await session.save(lockOf(['a']), '1 created').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'LOCK_PUSH_REFUSED' });
    expect((error as MonitorsError).message).toMatch(/^the lock record was NOT saved to monitors-state of origin: /);
    expect((error as MonitorsError).message).toContain(`${LOCK} in this working tree and in the job log`);
    expect(seen[0]).toBe(`read ${LOCK} from none`);
    expect(seen.slice(1).join('')).toContain('"m-a"');
    expect(refExists(origin, BRANCH)).toBe(false);
  });
});
