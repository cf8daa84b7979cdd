// The words of the commands, rendered from plain data (src/render/*-report.ts): each function
// is pure, so its text is checked here without a process; the e2e tests check the same
// words through the built CLI.
import { describe, expect, it } from 'vitest';
import { APPLY_QUESTION, confirmPrompt } from '../../src/render/confirm-report.js';
import { destroyQuestion } from '../../src/render/destroy-report.js';
import { inputProblemsText, writtenLine } from '../../src/render/discover-report.js';
import { exportNoteLine } from '../../src/render/export-report.js';
import { fmtFileLine, fmtSummaryLine, schemaLine } from '../../src/render/fmt-report.js';
import { forgetCommitChange, forgetNotice, forgetQuestion, forgotLine } from '../../src/render/lock-forget-report.js';
import { noLockYetNote, renderLockListText } from '../../src/render/lock-text.js';
import { savedPlanLine, savedToLine } from '../../src/render/saved-plan-report.js';

describe('fmt', () => {
  it('says each file that changes, as --check or as done', () => {
    expect(fmtFileLine('monitors/api.yaml', true)).toBe('would reformat monitors/api.yaml\n');
    expect(fmtFileLine('monitors/api.yaml', false)).toBe('reformatted monitors/api.yaml\n');
    expect(fmtFileLine('bad\u001b[31m.yaml', false)).toBe('reformatted bad\\u001b[31m.yaml\n');
  });

  it('counts the files, one and many, and the refused ones only when there are', () => {
    expect(fmtSummaryLine({ changed: 1, unchanged: 0, refused: 0, check: false })).toBe(
      '1 file reformatted, 0 files already formatted.\n',
    );
    expect(fmtSummaryLine({ changed: 2, unchanged: 1, refused: 3, check: true })).toBe(
      '2 files would be reformatted, 1 file already formatted, 3 files left as is (the problems above; `monitors validate` says the same).\n',
    );
  });

  it('says what became of the schema file', () => {
    expect(schemaLine({ kind: 'would-write', shown: 's.json', missing: true })).toBe(
      "note: s.json is missing; `monitors fmt` writes this version's\n",
    );
    expect(schemaLine({ kind: 'would-write', shown: 's.json', missing: false })).toBe(
      "note: s.json is another version's schema; `monitors fmt` writes this version's\n",
    );
    expect(schemaLine({ kind: 'not-written', shown: 's.json', code: 'EACCES' })).toBe(
      'note: could not write s.json (EACCES); editors keep the schema they had\n',
    );
    expect(schemaLine({ kind: 'written', shown: 's.json', missing: true })).toBe(
      'wrote s.json (the schema of this version of monitors)\n',
    );
    expect(schemaLine({ kind: 'written', shown: 's.json', missing: false })).toBe(
      'refreshed s.json (the schema of this version of monitors)\n',
    );
  });
});

describe('lock forget and lock list', () => {
  const view = { name: 'api "eu"\u0007', id: 'mon_1', lockFile: 'monitors.lock.json' };

  it('says what leaves the lock, asks, and says it is done, control characters escaped', () => {
    expect(forgetNotice(view)).toBe(
      'lock forget: "api "eu"\\u0007" (id mon_1) leaves monitors.lock.json. The live monitor stays as it is, no longer managed; nothing is sent to the server.\n',
    );
    expect(forgetQuestion(view)).toBe('Forget "api "eu"\u0007" (id mon_1)?');
    expect(forgotLine(view)).toBe('Forgot "api "eu"\\u0007" (id mon_1) in monitors.lock.json.\n');
  });

  it("names the record in the lock branch's commit as JSON, on one line", () => {
    expect(forgetCommitChange({ ...view, name: 'a\nb' })).toBe('lock forget "a\\nb" (id mon_1), nothing sent');
  });

  it('notes a set with no lock file yet, in the list', () => {
    const note = noLockYetNote('prod.lock.json');
    expect(note).toBe('there is no lock file at prod.lock.json yet: nothing has been applied from this set');
    expect(renderLockListText({ environment: null, lockFile: 'prod.lock.json', rows: [], notes: [note] })).toContain(
      `note: ${note}\n`,
    );
  });
});

describe('destroy', () => {
  const summary = { create: 0, replace: 0, delete: 3, unchanged: 0 };
  it('asks about all the monitors, or the one, in the environment when there is one', () => {
    expect(destroyQuestion({ summary, environment: 'prod' })).toBe(
      'Do you really want to delete all 3 monitors this repository manages in prod? This cannot be undone.',
    );
    expect(destroyQuestion({ summary: { ...summary, delete: 1 } })).toBe(
      'Do you really want to delete the 1 monitor this repository manages? This cannot be undone.',
    );
  });
});

describe('discover', () => {
  it('says what --out wrote, or that the file already held it', () => {
    expect(writtenLine({ outcome: 'written', out: 'k8s.yaml', monitors: 3, resources: 5, skips: 1 })).toBe(
      'Wrote 3 monitors to k8s.yaml (5 resources read, 1 skip).\n',
    );
    expect(writtenLine({ outcome: 'unchanged', out: 'k8s.yaml', monitors: 1, resources: 1, skips: 0 })).toBe(
      'Unchanged: 1 monitor in k8s.yaml (1 resource read, 0 skips).\n',
    );
  });

  it('locates each problem of the manifests, with what to do below it', () => {
    const at = { file: 'ingress.yaml', line: 4, col: 7 };
    expect(inputProblemsText([{ code: 'discover.yaml', message: 'bad YAML', hint: 'Fix the indent.', at }])).toBe(
      'ingress.yaml:4:7: error discover.yaml bad YAML\n  Fix the indent.\n',
    );
  });
});

describe('a saved plan', () => {
  it('says where plan --out saved it and how to apply it', () => {
    expect(savedToLine('p.json')).toBe('Saved the plan to p.json; apply it with: monitors apply --plan p.json\n');
  });

  it('says who made it, when, and for which environment', () => {
    const saved = { createdAt: '2026-01-01T00:00:00.000Z', toolVersion: '1.2.3', lockPath: 'm.lock.json' };
    expect(savedPlanLine('p.json', saved)).toBe(
      'Saved plan p.json: made 2026-01-01T00:00:00.000Z by monitors 1.2.3, against the lock file m.lock.json.\n',
    );
    expect(savedPlanLine('p.json', { ...saved, environment: { name: 'prod', tokenEnv: 'PROD_TOKEN' } })).toBe(
      'Saved plan p.json: made 2026-01-01T00:00:00.000Z by monitors 1.2.3, environment prod, against the lock file m.lock.json.\n',
    );
  });
});

describe('asking first', () => {
  it("puts apply's question, or a command's own, with what it takes to go on", () => {
    expect(confirmPrompt(APPLY_QUESTION)).toBe('\nDo you want to apply these changes? Only "yes" will be accepted: ');
  });
});

describe('export', () => {
  it('notes YAML it did not write, a lock file laid out again, and a new one', () => {
    expect(exportNoteLine({ kind: 'other-yaml', outDir: 'monitors', count: 2 })).toBe(
      'warning: monitors also holds YAML files export did not write (2); plan and apply will read them too',
    );
    expect(exportNoteLine({ kind: 'relaid', lockFile: 'm.lock.json' })).toMatch(
      /^note: m\.lock\.json was not laid out/,
    );
    expect(exportNoteLine({ kind: 'new-lock', lockFile: 'm.lock.json' })).toMatch(
      /^note: there was no lock file at m\.lock\.json, .+ see docs\/adopting\.md$/,
    );
  });
});
