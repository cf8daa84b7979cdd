// Every view of the same representative plans, compared with golden files.
import { describe, expect, it } from 'vitest';
import { renderPlanJson } from '../../src/render/plan-json.js';
import { renderPlanMarkdown } from '../../src/render/plan-markdown.js';
import { renderPlanText } from '../../src/render/plan-text.js';
import { expectGolden } from './golden.js';
import { hiddenChangesPlan, mixedPlan, noChangesPlan, SECRET } from './sample-plans.js';

const PLANS = { mixed: mixedPlan(), hidden: hiddenChangesPlan(), 'no-changes': noChangesPlan() };
const SUMMARY: Record<string, string> = {
  mixed: 'Plan: 1 to create, 2 to update, 1 to delete.',
  hidden: 'Plan: 0 to create, 4 to update, 0 to delete.',
  'no-changes': 'No changes. 3 monitors up to date.',
};
const ANSI = /\u001b\[[0-9;]*m/g;

describe.each(Object.entries(PLANS))('plan "%s"', (name, plan) => {
  const views = {
    [`${name}.txt`]: renderPlanText(plan, { color: false }),
    [`${name}.color.txt`]: renderPlanText(plan, { color: true }),
    [`${name}.md`]: renderPlanMarkdown(plan),
    [`${name}.json`]: renderPlanJson(plan),
  };

  it.each(Object.keys(views))('%s matches its golden file', (file) => {
    expectGolden(file, views[file]!);
  });

  it('never shows a secret, in any view', () => {
    for (const text of Object.values(views)) expect(text).not.toMatch(/sekret-render/);
    expect(Object.values(views).join('')).not.toContain(SECRET);
  });

  it('colour adds only escape codes; without it there are none', () => {
    const plain = views[`${name}.txt`]!;
    const coloured = views[`${name}.color.txt`]!;
    expect(plain).not.toMatch(ANSI);
    expect(coloured).toMatch(ANSI);
    expect(coloured.replace(ANSI, '')).toBe(plain);
  });

  it('the summary line ends the text and opens the Markdown, outside <details>', () => {
    expect(views[`${name}.txt`]!.trimEnd().split('\n').at(-1)).toBe(SUMMARY[name]);
    expect(views[`${name}.md`]!.split('\n')[0]).toBe(`**${SUMMARY[name]}**`);
  });
});

describe('renderPlanJson', () => {
  it('is the plan without bodies, lock records or fingerprints of bodies; old values only when known', () => {
    const json = JSON.parse(renderPlanJson(mixedPlan())) as {
      changes: Array<Record<string, unknown> & { fields: Array<Record<string, unknown>> }>;
    } & Record<string, unknown>;
    expect(Object.keys(json)).toEqual([
      'format_version',
      'environment',
      'summary',
      'changes',
      'unmanaged',
      'warnings',
      'notes',
      'live_fingerprint',
    ]);
    for (const c of json.changes) {
      const extra = [...(c.previous_name ? ['previous_name'] : []), ...(c.action === 'delete' ? [] : ['source'])];
      expect(Object.keys(c).sort()).toEqual(
        ['action', 'fields', 'id', 'idempotency_key', 'name', 'notes', 'reason', 'reason_text', ...extra].sort(),
      );
      for (const f of c.fields) {
        if (f.sensitive) expect(Object.keys(f)).toEqual(['field', 'sensitive', 'old_known']);
        else if (f.old_known === false) expect('old' in f).toBe(false);
      }
    }
    const home = json.changes.find((c) => c.name === 'shop home')!;
    expect(home.fields).toContainEqual({
      field: 'keyword',
      old: 'Buy',
      new: 'Add to cart',
      old_known: true,
      old_source: 'lock',
    });
    const pricing = (JSON.parse(renderPlanJson(hiddenChangesPlan())) as typeof json).changes.find(
      (c) => c.name === 'pricing',
    )!;
    expect(pricing.fields).toEqual([{ field: 'keyword', new: 'EUR', old_known: false, old_source: 'not_recorded' }]);
    expect(json.changes.find((c) => c.name === 'search')).toMatchObject({
      previous_name: 'search (old)',
      reason: 'renamed',
    });
    expect(json.changes.find((c) => c.action === 'delete')).toMatchObject({
      id: expect.any(String),
      fields: [],
      notes: ['has an open incident'],
    });
    expect(json.changes.find((c) => c.name === 'shop home')).toMatchObject({
      source: { file: 'monitors/main.yaml', line: 1, col: 1 },
    });
  });
});
