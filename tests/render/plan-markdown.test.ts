// The pull-request view: below GitHub's comment limit whatever the plan, saying what was
// cut; names with pipes and backticks neither break the table nor show stray escapes.
import { describe, expect, it } from 'vitest';
import type { Plan, PlannedChange } from '../../src/plan/types.js';
import { renderPlanMarkdown } from '../../src/render/plan-markdown.js';
import { desired, input, liveOf, lockOf, monitorId, plan, state } from '../plan/fixtures.js';

const GITHUB_LIMIT = 65_536;

function bigPlan(creates: number, staleRecords = 0): Plan {
  const monitors = Array.from({ length: creates }, (_, i) =>
    desired(`monitor number ${String(i).padStart(5, '0')} with a long descriptive name`, {
      body: 'a\nb\nc',
      headers: 'X-A: 1\nX-B: 2',
    }),
  );
  const stale = Array.from({ length: staleRecords }, (_, i) => ({
    id: monitorId(100_000 + i),
    name: `stale monitor ${i} with a rather long name to fill the comment`,
    fingerprint: null,
  }));
  return plan(state(monitors), [], lockOf(stale));
}

/** Cells of a GFM table row: split on pipes not escaped by a backslash. */
function cells(row: string): string[] {
  return row.split(/(?<!\\)\|/).slice(1, -1);
}

/** The code spans of a line: the text between equal backtick runs (CommonMark). */
function codeSpans(line: string): string[] {
  const spans: string[] = [];
  const re = /(`+)([\s\S]*?[^`])\1(?!`)/g;
  for (const m of line.matchAll(re))
    spans.push(m[2]!.length > 2 && m[2]!.startsWith(' ') && m[2]!.endsWith(' ') ? m[2]!.slice(1, -1) : m[2]!);
  return spans;
}

function change(name: string, action: PlannedChange['action'] = 'delete'): PlannedChange {
  return {
    action,
    name,
    id: monitorId(7),
    reason: 'removed',
    reason_text: 'removed from the YAML',
    fields: [],
    idempotency_key: 'mon1.delete.X.g0',
  };
}

function planOf(changes: PlannedChange[], unmanaged: Plan['unmanaged'] = []): Plan {
  return {
    format_version: 1,
    summary: { create: 0, replace: 0, delete: changes.length, unchanged: 0 },
    changes,
    unmanaged,
    live_fingerprint: 'sha256:x',
    warnings: [],
    notes: [],
  };
}

describe('renderPlanMarkdown size cap', () => {
  it('a plan of thousands of changes stays under 65,536 characters and says what was cut', () => {
    const p = bigPlan(3000);
    const md = renderPlanMarkdown(p);
    expect(md.length).toBeLessThan(GITHUB_LIMIT);
    expect(md.split('\n')[0]).toBe('**Plan: 3000 to create, 0 to update, 0 to delete.**');
    const cut =
      /\*\*Cut to fit a comment:\*\* (\d+) changes left out of the table and (\d+) changes without field details\./.exec(
        md,
      );
    expect(cut).not.toBeNull();
    const rows = md.split('\n').filter((l) => l.startsWith('| ➕ create |')).length;
    const details = md.split('\n').filter((l) => l.startsWith('#### ')).length;
    expect(Number(cut![1])).toBe(3000 - rows);
    expect(Number(cut![2])).toBe(3000 - details);
    expect(md.trimEnd().endsWith('</details>')).toBe(true);
    // Every fence that was opened is closed.
    expect(md.split('\n').filter((l) => l.startsWith('```')).length % 2).toBe(0);
  });

  it('stays under the limit with thousands of notes (stale lock records) too', () => {
    const p = bigPlan(2000, 2000);
    expect(p.notes).toHaveLength(2000);
    const md = renderPlanMarkdown(p);
    expect(md.length).toBeLessThan(GITHUB_LIMIT);
    expect(md).toMatch(/more notes? left out/);
  });

  it('stays under the limit when the server returns very long names (unmanaged, renamed, deleted)', () => {
    const long = (prefix: string, i: number) => `${prefix} ${i} ${'y'.repeat(5000)}`;
    const live = [
      ...Array.from({ length: 60 }, (_, i) => liveOf(monitorId(1000 + i), input(long('dashboard', i)), 'spec')),
      ...Array.from({ length: 40 }, (_, i) => liveOf(monitorId(2000 + i), input(long('old', i)), 'spec')),
      ...Array.from({ length: 40 }, (_, i) => liveOf(monitorId(3000 + i), input(long('gone', i)), 'spec')),
    ];
    const moved = Array.from({ length: 40 }, (_, i) => ({ from: long('old', i), to: `new ${i}` }));
    const managed = Array.from({ length: 40 }, (_, i) => ({
      id: monitorId(3000 + i),
      name: long('gone', i),
      fingerprint: null,
    }));
    const p = plan(
      state(
        Array.from({ length: 40 }, (_, i) => desired(`new ${i}`)),
        moved,
      ),
      live,
      lockOf(managed),
    );
    expect(p.unmanaged).toHaveLength(60);
    const md = renderPlanMarkdown(p);
    expect(md.length).toBeLessThan(GITHUB_LIMIT);
    expect(md).toMatch(/60 unmanaged monitors \(in neither the YAML nor the lock file; never deleted\): .*, \.\.\./);
    expect(md).toContain('Cut to fit a comment');
  });

  it('a small plan is not cut', () => {
    const md = renderPlanMarkdown(bigPlan(3));
    expect(md).not.toContain('Cut to fit');
    expect(md.split('\n').filter((l) => l.startsWith('#### '))).toHaveLength(3);
  });
});

describe('renderPlanMarkdown escaping', () => {
  const names = ['legacy | ping', 'webhook `v2`', 'double ``tick`` name', 'both | and `tick`', '`leading', 'trailing`'];
  const md = renderPlanMarkdown(
    planOf(
      names.map((n) => change(n)),
      [{ id: monitorId(8), name: 'hand | made `x`' }],
    ),
  );
  const lines = md.split('\n');

  it('table rows keep their four cells whatever the name holds', () => {
    const rows = lines.filter((l) => l.startsWith('| 🗑️ delete |'));
    expect(rows).toHaveLength(names.length);
    for (const row of rows) expect(cells(row)).toHaveLength(4);
  });

  it('the name in each row is one code span holding the name (pipes escaped for the table)', () => {
    const rows = lines.filter((l) => l.startsWith('| 🗑️ delete |'));
    rows.forEach((row, i) => {
      const cell = cells(row)[1]!.trim();
      expect(codeSpans(cell)).toEqual([names[i]!.replace(/\|/g, '\\|')]);
    });
  });

  it('headings and the unmanaged list show names exactly, with no stray backslash', () => {
    const headings = lines.filter((l) => l.startsWith('#### '));
    expect(headings.map((h) => codeSpans(h)[0])).toEqual(names);
    const unmanaged = lines.find((l) => l.includes('unmanaged monitor'))!;
    expect(codeSpans(unmanaged)).toEqual(['hand | made `x`']);
  });

  it('reasons, notes and warnings are escaped as text', () => {
    const p = planOf([{ ...change('a'), reason_text: 'renamed from "x | `y` <b>"', notes: ['has an open incident'] }]);
    p.warnings.push('use *care* | here');
    const out = renderPlanMarkdown(p);
    expect(out).toContain('> ⚠️ use \\*care\\* \\| here');
    const row = out.split('\n').find((l) => l.startsWith('| 🗑️'))!;
    expect(cells(row)).toHaveLength(4);
    expect(row).toContain('renamed from "x \\| \\`y\\` \\<b\\>" (has an open incident)');
  });

  it('a diff line holding ``` cannot close the fence', () => {
    const p = planOf([
      { ...change('a', 'replace'), fields: [{ field: 'body', old: 'x', new: 'y```\n```z', oldKnown: true }] },
    ]);
    const out = renderPlanMarkdown(p).split('\n');
    const fences = out.filter((l) => l.startsWith('```'));
    expect(fences).toEqual(['```diff', '```']);
  });

  it('a plan with only unmanaged monitors shows no empty table', () => {
    const out = renderPlanMarkdown({
      ...planOf([], [{ id: monitorId(8), name: 'by hand' }]),
      summary: { create: 0, replace: 0, delete: 0, unchanged: 2 },
    });
    expect(out.split('\n')[0]).toBe('**No changes. 2 monitors up to date.**');
    expect(out).not.toContain('| Monitor |');
    expect(out).toContain('`by hand`');
  });
});
