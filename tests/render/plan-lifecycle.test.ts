// How the renderers show the lifecycle verbs: forgets, a partial (--target) plan, a forced
// replace. The summary line is the one people and the Action read first.
import { describe, expect, it } from 'vitest';
import type { RemovedEntry } from '../../src/model/monitor.js';
import { summaryLine } from '../../src/render/plan-common.js';
import { planJsonValue } from '../../src/render/plan-json.js';
import { renderPlanMarkdown } from '../../src/render/plan-markdown.js';
import { renderPlanText } from '../../src/render/plan-text.js';
import { desired, input, liveOf, lockOf, monitorId, plan, recordOf, state } from '../plan/fixtures.js';

const [A, B, C] = [1, 2, 3].map(monitorId) as [string, string, string];
const alpha = desired('shop: alpha');
const beta = desired('shop: beta');
const legacy = desired('legacy check');
const live = [
  liveOf(A, input('shop: alpha'), 'spec'),
  liveOf(B, input('shop: beta'), 'spec'),
  liveOf(C, input('legacy check'), 'spec'),
];
const lock = lockOf([recordOf(A, alpha), recordOf(B, beta), recordOf(C, legacy)]);
const removed: RemovedEntry[] = [{ name: 'legacy check', source: { file: 'monitors/main.yaml', line: 9, col: 5 } }];

const forgetPlan = plan({ ...state([alpha, beta]), removed }, live, lock);
const partialPlan = plan(
  state([desired('shop: alpha', { retry_count: 4 }), desired('shop: beta', { retry_count: 4 })]),
  live,
  lock,
  {
    targets: ['shop: a*'],
  },
);

describe('forgets', () => {
  it('the summary line counts them only when there are some', () => {
    expect(summaryLine(forgetPlan)).toBe('Plan: 0 to create, 0 to update, 0 to delete, 1 to forget.');
    expect(summaryLine(plan(state([alpha, beta, legacy]), live, lock))).toBe('No changes. 3 monitors up to date.');
  });

  it('text: a block of its own with where the entry is', () => {
    expect(renderPlanText(forgetPlan, { color: false })).toBe(
      [
        `= forget "legacy check" (${C})`,
        '    reason: a `removed:` entry: its lock record goes and nothing is sent; the monitor stays on the server, unmanaged',
        '    defined at: monitors/main.yaml:9:5',
        '',
        'Plan: 0 to create, 0 to update, 0 to delete, 1 to forget.',
        '',
      ].join('\n'),
    );
  });

  it('Markdown: a row and a sentence; JSON: action forget, no idempotency key, summary.forget', () => {
    const md = renderPlanMarkdown(forgetPlan);
    expect(md).toContain('**Plan: 0 to create, 0 to update, 0 to delete, 1 to forget.**');
    expect(md).toContain(`| 📤 forget | \`legacy check\` | \`${C}\` |`);
    expect(md).toContain(
      'Its lock record will be dropped; nothing is sent, and the monitor stays on the server, unmanaged.',
    );
    const json = planJsonValue(forgetPlan) as { summary: unknown; changes: Record<string, unknown>[] };
    expect(json.summary).toEqual({ create: 0, replace: 0, delete: 0, forget: 1, unchanged: 2 });
    expect(json.changes[0]).toMatchObject({ action: 'forget', name: 'legacy check', id: C, reason: 'forgotten' });
    expect(json.changes[0]).not.toHaveProperty('idempotency_key');
  });
});

describe('a partial plan (--target)', () => {
  it('the summary line says it is partial and how many changes it leaves out', () => {
    expect(summaryLine(partialPlan)).toBe(
      'Plan (partial, --target): 0 to create, 1 to update, 0 to delete; 2 changes not targeted.',
    );
    const none = plan(state([alpha, beta]), live, lock, { targets: ['shop: *'] });
    expect(summaryLine(none)).toBe(
      'No changes in the targeted monitors (partial plan, --target); 1 change not targeted.',
    );
  });

  it('text: the targets on top, the count of changes left out', () => {
    const text = renderPlanText(partialPlan, { color: false });
    expect(text.startsWith('Targets: "shop: a*" (a partial plan)\n\n~ update "shop: alpha"')).toBe(true);
    expect(text).toContain(
      'Not targeted: 2 other changes are left out of this plan; their lock records are untouched (plan without --target to see them).',
    );
    expect(text).not.toContain('shop: beta');
  });

  it('Markdown: partial in the summary line, the targets, and the names left out', () => {
    const md = renderPlanMarkdown(partialPlan);
    expect(md.split('\n')[0]).toBe(
      '**Plan (partial, --target): 0 to create, 1 to update, 0 to delete; 2 changes not targeted.**',
    );
    expect(md).toContain('> Partial plan: only the monitors matching --target "shop: a\\*".');
    expect(md).toContain(
      '2 changes not targeted (left out of this plan; their lock records are untouched): update `shop: beta`, delete `legacy check`',
    );
    // Nothing but left-out changes: still a details block naming them.
    const none = renderPlanMarkdown(plan(state([alpha, beta]), live, lock, { targets: ['shop: *'] }));
    expect(none).toContain('<summary>Show the changes not targeted</summary>');
    expect(none).toContain('delete `legacy check`');
  });

  it('JSON: targets and the changes left out, by name; absent from a whole plan', () => {
    const json = planJsonValue(partialPlan);
    expect(json.targets).toEqual(['shop: a*']);
    expect(json.not_targeted).toEqual([
      { action: 'replace', name: 'shop: beta', id: B, reason: 'changed_since_apply' },
      { action: 'delete', name: 'legacy check', id: C, reason: 'removed' },
    ]);
    expect(json.summary).toMatchObject({ not_targeted: 2 });
    expect(planJsonValue(forgetPlan)).not.toHaveProperty('targets');
    expect(planJsonValue(forgetPlan)).not.toHaveProperty('not_targeted');
  });
});

describe('a forced replace (--replace)', () => {
  it('reads as forced; Markdown says nothing differs', () => {
    const p = plan(state([alpha, beta, legacy]), live, lock, { replace: { patterns: ['shop: beta'], token: 't' } });
    expect(renderPlanText(p, { color: false })).toContain('~ update "shop: beta"');
    expect(renderPlanText(p, { color: false })).toContain(
      'reason: forced (--replace): sent again as written, although nothing differs',
    );
    expect(renderPlanMarkdown(p)).toContain('Nothing differs: it is sent again as written (--replace).');
  });
});
