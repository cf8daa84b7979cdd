// The policy section in the text, Markdown and JSON plans; CI finds a refused plan by its mark.
import { describe, expect, it } from 'vitest';
import { POLICY_REFUSED_MARKER as CI_MARKER } from '../../src/ci/report.js';
import { renderPlanJson } from '../../src/render/plan-json.js';
import { renderPlanMarkdown } from '../../src/render/plan-markdown.js';
import { POLICY_REFUSED_MARKER } from '../../src/render/plan-policy.js';
import { renderPlanText } from '../../src/render/plan-text.js';
import type { PlanPolicy } from '../../src/plan/types.js';
import { noChangesPlan } from './sample-plans.js';

const policy = (refused: boolean): PlanPolicy => ({
  source: { file: 'platform.yaml', line: 1, col: 1 },
  rules: [{ id: 'team-tag', level: 'mandatory', fingerprint: 'abc' }],
  refused,
  violations: refused
    ? [{ rule: 'team-tag', file: 'shop.yaml', line: 4, col: 9, message: 'policy team-tag (mandatory): no label' }]
    : [],
  warnings: [{ rule: 'fast', file: 'shop.yaml', line: 2, col: 3, message: 'policy fast (advisory): interval' }],
  denied: [],
  exceptions: [
    {
      rule: 'team-tag',
      monitor: 'shop: eu',
      reason: 'owner | leaving',
      file: 'shop.yaml',
      line: 7,
      col: 5,
      from: 'entry',
    },
  ],
});

describe('the policy section of a plan', () => {
  it('is in the text plan, with the refusal', () => {
    const text = renderPlanText({ ...noChangesPlan(), policy: policy(true) }, { color: false });
    expect(text).toContain('Policy (platform.yaml:1:1): 1 rule in force:\n');
    expect(text).toContain('  violation team-tag  shop.yaml:4:9: policy team-tag (mandatory): no label\n');
    expect(text).toContain('  exception team-tag  "shop: eu" at shop.yaml:7:5: reason: owner | leaving\n');
    expect(text).toContain('Refused by policy: 1 mandatory violation.');
  });

  it('is in the Markdown plan, also without changes; a refused plan carries the mark CI reads', () => {
    const refused = renderPlanMarkdown({ ...noChangesPlan(), policy: policy(true) });
    expect(refused).toContain(POLICY_REFUSED_MARKER);
    expect(refused).toContain(
      '| 📝 exception | `team-tag` | `"shop: eu" at shop.yaml:7:5` | reason: owner \\| leaving |',
    );
    expect(refused.startsWith('**No changes')).toBe(true); // the summary line CI counts stays first
    const accepted = renderPlanMarkdown({ ...noChangesPlan(), policy: policy(false) });
    expect(accepted).not.toContain(POLICY_REFUSED_MARKER);
    expect(accepted).toContain('| ⚠️ advisory | `fast` |');
    // Advisory findings refuse nothing: they are below the fold, the exception to review above it.
    const fold = accepted.indexOf('<details>\n<summary>⚠️ 1 advisory policy finding (nothing refused)</summary>');
    expect(fold).toBeGreaterThan(accepted.indexOf('| 📝 exception |'));
    expect(accepted.indexOf('| ⚠️ advisory |')).toBeGreaterThan(fold);
    expect(CI_MARKER).toBe(POLICY_REFUSED_MARKER);
  });

  it('is a member of the JSON plan only when there is a policy', () => {
    expect(JSON.parse(renderPlanJson({ ...noChangesPlan(), policy: policy(false) })).policy).toEqual(policy(false));
    expect(JSON.parse(renderPlanJson(noChangesPlan()))).not.toHaveProperty('policy');
  });
});
