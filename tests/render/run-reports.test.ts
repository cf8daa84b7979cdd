// The words said while a command runs, rendered from plain data: an apply's end report, the
// lock branch's lines, --wait's progress, the signal notices, the error lines, sim's stdout
// and the language server's crash lines. Pure functions, checked without a process.
import { describe, expect, it } from 'vitest';
import type { ApplyResult } from '../../src/apply/types.js';
import { MonitorsError } from '../../src/errors.js';
import { barPayload, stoppedLine } from '../../src/render/apply-bar.js';
import { appliedWords, applyRunText, lockErrorText, lockWrittenLine } from '../../src/render/apply-run-report.js';
import { errorText, internalErrorText, outputFailedLine } from '../../src/render/error-report.js';
import { signalNoticeText } from '../../src/render/interrupt-report.js';
import { lockReadLine, lockSavedLines } from '../../src/render/lock-branch-report.js';
import { LSP_UNHANDLED_LINE, lspUncaughtLine } from '../../src/render/lsp-report.js';
import { simListeningText } from '../../src/render/sim-report.js';
import { waitProgressLine } from '../../src/render/wait-report.js';

const done: ApplyResult = {
  outcomes: [],
  created: 2,
  replaced: 1,
  deleted: 0,
  forgotten: 0,
  failed: 0,
  notStarted: 0,
  interrupted: false,
  warnings: [],
};

describe("an apply's end", () => {
  it('says the warnings, the summary and the lock file written, escaped', () => {
    const text = applyRunText({
      result: { ...done, warnings: ['slow\u0007'] },
      located: new Map(),
      intent: 'apply',
      elapsedMs: 1500,
      lockWritten: 'monitors.lock.json',
      annotations: false,
    });
    expect(text).toBe(
      'warning: slow\\u0007\nApply complete: 2 created, 1 updated, 0 deleted, 0 failed. (1.50s)\nLock file written: monitors.lock.json\n',
    );
  });

  it("says a destroy's counts, and no lock line when no record changed", () => {
    const text = applyRunText({
      result: { ...done, created: 0, replaced: 0, deleted: 3 },
      located: new Map(),
      intent: 'destroy',
      elapsedMs: 12_000,
      lockWritten: undefined,
      annotations: true,
    });
    expect(text).toBe('Destroy complete: 3 deleted, 0 failed. (12.0s)\n');
  });

  it('says a lock file that could not be written, or nothing', () => {
    expect(lockErrorText(done)).toBe('');
    const lockError = new MonitorsError('LOCK_WRITE_FAILED', 'EACCES: permission denied');
    expect(lockErrorText({ ...done, lockError })).toMatch(
      /^error LOCK_WRITE_FAILED: the lock file was not updated: EACCES: permission denied\n {2}The changes listed above/,
    );
  });

  it("words what an apply did for the lock branch's commit, interrupted or not", () => {
    expect(appliedWords(done)).toBe('2 created, 1 updated, 0 deleted, 0 failed');
    expect(appliedWords({ ...done, interrupted: true, notStarted: 4 })).toBe(
      'interrupted: 2 created, 1 updated, 0 deleted, 0 failed, 4 not started',
    );
    expect(lockWrittenLine('/abs/m.lock.json')).toBe('Lock file written: /abs/m.lock.json');
  });
});

describe('the lock branch', () => {
  const on = { branch: 'monitors-lock', remote: 'origin' };

  it('says where the lock record was read from', () => {
    expect(lockReadLine(on, { source: 'branch', path: 'm.lock.json' })).toBe(
      'Lock record: m.lock.json from monitors-lock of origin.',
    );
    expect(lockReadLine(on, { source: 'local', path: 'm.lock.json' })).toBe(
      "Lock record: m.lock.json is not on monitors-lock of origin yet; starting from the working tree's copy (the apply will save it to the branch).",
    );
    expect(lockReadLine(on, { source: 'none', path: 'm.lock.json' })).toBe(
      'Lock record: none yet for m.lock.json on monitors-lock of origin.',
    );
  });

  it('says the commit saved, or that the branch held it, and each merge', () => {
    const file = { path: 'm.lock.json', lockPath: '/r/m.lock.json', text: '{}' };
    expect(lockSavedLines(on, { commit: '0123456789abcdef', files: [file] })).toEqual([
      'Lock record saved: m.lock.json on monitors-lock of origin (commit 0123456789ab).',
    ]);
    const merged = { ...file, merge: { conflicts: ['a'], resalted: ['b', 'c'] } };
    expect(lockSavedLines(on, { commit: undefined, files: [merged] })).toEqual([
      'Lock record: monitors-lock of origin already holds m.lock.json as this apply left it.',
      "  Another apply had pushed m.lock.json meanwhile: the two records were merged per monitor (both applies' monitors kept, deletions kept).",
      '  1 monitor changed by both applies: kept as "not verifiable" (the next plan replaces it once).',
      '  2 records of this apply were made under another salt: kept as "not verifiable" (one replace each in the next plan).',
    ]);
  });
});

describe('--wait progress', () => {
  it('says the wait begun and each monitor as it settles', () => {
    expect(waitProgressLine({ kind: 'waiting', monitors: 1, timeoutMs: 120_000 })).toMatch(
      /^Waiting up to .+ for 1 monitor to be checked\.\.\.$/,
    );
    expect(waitProgressLine({ kind: 'waiting', monitors: 3, timeoutMs: 120_000 })).toContain('for 3 monitors');
    expect(waitProgressLine({ kind: 'settled', name: 'api', status: 'up', afterMs: 2000 })).toMatch(
      /^ {2}up {11}"api" after .+$/,
    );
  });
});

describe('signals', () => {
  it('says what a signal interrupted while planning, each step once', () => {
    expect(signalNoticeText({ stage: 'planning', signal: 'SIGINT', steps: [] })).toBe(
      '\nSIGINT: interrupted while planning; nothing was written (no change was sent, no file was changed).\n',
    );
    expect(
      signalNoticeText({
        stage: 'planning',
        signal: 'SIGTERM',
        steps: ['loading the YAML', 'listing', 'loading the YAML', 'x'],
      }),
    ).toContain('interrupted while loading the YAML, listing and x;');
  });

  it('says what happens to the changes in flight, and to a second signal', () => {
    expect(signalNoticeText({ stage: 'writing', signal: 'SIGINT' })).toContain('(Ctrl-C again stops at once)');
    expect(signalNoticeText({ stage: 'waiting', signal: 'SIGTERM' })).toBe(
      '\nSIGTERM: the wait stops; reporting what is known (the signal again stops at once).\n',
    );
    expect(signalNoticeText({ stage: 'reporting', signal: 'SIGTERM', exitCode: 143 })).toContain('(then exit 143)');
    expect(signalNoticeText({ stage: 'again', signal: 'SIGINT', writing: false })).toBe(
      '\nSIGINT again: stopping now.\n',
    );
    expect(signalNoticeText({ stage: 'again', signal: 'SIGINT', writing: true })).toContain('without a lock record');
  });
});

describe('errors, sim and the language server', () => {
  it('says an error with its code and hint, control characters escaped', () => {
    expect(errorText({ code: 'BAD_OPTION', message: 'no\u001b', hint: 'Try --help.' })).toBe(
      'error BAD_OPTION: no\\u001b\n  Try --help.\n',
    );
    expect(errorText({ code: 'X', message: 'm', hint: undefined })).toBe('error X: m\n');
    expect(internalErrorText('boom')).toBe(
      'error INTERNAL: boom\n  This is a bug in monitors; please report it with MONITORS_DEBUG=1 output.\n',
    );
    expect(outputFailedLine('ENOSPC')).toBe('error OUTPUT_FAILED: stdout: ENOSPC\n');
  });

  it("prints sim's URL, then the token only when it generated one", () => {
    expect(simListeningText('http://127.0.0.1:1/api/v1', 'sim_x')).toBe('http://127.0.0.1:1/api/v1\ntoken: sim_x\n');
    expect(simListeningText('http://127.0.0.1:1/api/v1', undefined)).toBe('http://127.0.0.1:1/api/v1\n');
  });

  it("logs the language server's uncaught errors by name only", () => {
    expect(lspUncaughtLine('TypeError')).toBe('monitors lsp: uncaught TypeError\n');
    expect(LSP_UNHANDLED_LINE).toBe('monitors lsp: unhandled rejection\n');
  });
});

describe("apply's bar on a terminal", () => {
  it('adds the changes never sent only once there are some', () => {
    expect(barPayload(1, 0)).toEqual({ failed: 1, notStarted: '' });
    expect(barPayload(0, 2)).toEqual({ failed: 0, notStarted: ', 2 not started' });
  });

  it('says where a signal froze it, the bar full for an empty apply', () => {
    expect(stoppedLine({ done: 3, total: 5, failed: 0, notStarted: 2 })).toBe(
      `Stopped [${'\u2588'.repeat(24)}${'\u2591'.repeat(16)}] 3/5 changes | 0 failed, 2 not started`,
    );
    expect(stoppedLine({ done: 0, total: 0, failed: 0, notStarted: 0 })).toBe(
      `Stopped [${'\u2588'.repeat(40)}] 0/0 changes | 0 failed`,
    );
  });
});
