// The rules changed since the last apply, in the policy section of the text, Markdown and
// JSON plans: first in the section, and in Markdown above the fold of the PR comment.
import { describe, expect, it } from 'vitest';
import { renderPlanJson } from '../../src/render/plan-json.js';
import { renderPlanMarkdown } from '../../src/render/plan-markdown.js';
import { renderPlanText } from '../../src/render/plan-text.js';
import type { PlanPolicy, PolicyRuleChange } from '../../src/plan/types.js';
import { noChangesPlan } from './sample-plans.js';

const changes: PolicyRuleChange[] = [
  { rule: 'naming', action: 'remove', level: 'advisory' },
  { rule: 'prod-locations', action: 'change', level: 'mandatory', previous_level: 'advisory', changed: ['require'] },
  { rule: 'team-tag', action: 'add', level: 'mandatory' },
];
const policy = (ruleChanges: PolicyRuleChange[]): PlanPolicy => ({
  source: { file: 'platform.yaml', line: 3, col: 1 },
  rules: [
    { id: 'prod-locations', level: 'mandatory', fingerprint: 'p2' },
    { id: 'team-tag', level: 'mandatory', fingerprint: 't1' },
  ],
  changes: ruleChanges,
  refused: false,
  violations: [],
  warnings: [],
  denied: [],
  exceptions: [],
});

describe('policy changes in a plan', () => {
  it('text: a line per rule added, changed (what) and removed, under the section head', () => {
    const text = renderPlanText({ ...noChangesPlan(), policy: policy(changes) }, { color: false });
    expect(text).toContain(
      [
        'Policy (platform.yaml:3:1): 2 rules in force.',
        'Policy changed since the last apply:',
        '  - rule naming (advisory)',
        '  ~ rule prod-locations: level advisory -> mandatory, require changed',
        '  + rule team-tag (mandatory)',
      ].join('\n'),
    );
  });

  it('text: nothing about changes when none, and a changed rule without known parts says "changed"', () => {
    const quiet = renderPlanText({ ...noChangesPlan(), policy: policy([]) }, { color: false });
    expect(quiet).toContain('2 rules in force; nothing to report.');
    expect(quiet).not.toContain('Policy changed');
    const bare = renderPlanText(
      { ...noChangesPlan(), policy: policy([{ rule: 'x', action: 'change', level: 'advisory', changed: [] }]) },
      { color: false },
    );
    expect(bare).toContain('  ~ rule x: changed\n');
  });

  it('Markdown: a quoted list in the head of the comment, before any <details>', () => {
    const markdown = renderPlanMarkdown({ ...noChangesPlan(), policy: policy(changes) });
    const list = [
      '> 📜 **Policy changed since the last apply:**',
      '>',
      '> - 🗑️ rule `naming` removed (was advisory)',
      '> - 🔁 rule `prod-locations`: level advisory → mandatory, `require` changed',
      '> - ➕ rule `team-tag` added (mandatory)',
    ].join('\n');
    expect(markdown).toContain(list);
    const details = markdown.indexOf('<details');
    if (details >= 0) expect(markdown.indexOf(list)).toBeLessThan(details);
  });

  it('Markdown: a long list is bounded, saying how many were left out', () => {
    const many = Array.from({ length: 25 }, (_, i): PolicyRuleChange => ({
      rule: `r${String(i).padStart(2, '0')}`,
      action: 'add',
      level: 'advisory',
    }));
    const markdown = renderPlanMarkdown({ ...noChangesPlan(), policy: policy(many) });
    expect(markdown).toContain('rule `r19` added');
    expect(markdown).not.toContain('rule `r20`');
    expect(markdown).toContain('> - _5 more rule changes; the job log has them all._');
  });

  it('JSON: policy.changes as the planner made them', () => {
    const json = JSON.parse(renderPlanJson({ ...noChangesPlan(), policy: policy(changes) }));
    expect(json.policy.changes).toEqual(changes);
  });
});
