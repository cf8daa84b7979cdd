// A plan the policy refused: `monitors ci` reports its Markdown (with the policy section)
// instead of the error log, so that the pull request's comment shows why it is refused.
import { describe, expect, it } from 'vitest';
import { ciOptions } from '../../src/ci/options.js';
import { POLICY_REFUSED_MARKER, refusedPlanReport } from '../../src/ci/report.js';

const plan = ciOptions('plan', 'monitors', { comment: true });
const markdown = `**Plan: 1 to create, 0 to update, 0 to delete.**\n\n> ⛔ **Refused by policy: 1 mandatory violation.**\n${POLICY_REFUSED_MARKER}\n`;

describe('the report of a plan the policy refused', () => {
  it('is the plan, headed as refused', () => {
    expect(refusedPlanReport(plan, 1, markdown)).toBe(
      `#### monitors plan \`monitors\`: refused by policy (exit 1)\n\n${markdown}`,
    );
  });

  it('is not made for another failure, another exit code or another command', () => {
    expect(refusedPlanReport(plan, 1, '**Plan: 1 to create, 0 to update, 0 to delete.**\n')).toBeUndefined();
    expect(refusedPlanReport(plan, 2, markdown)).toBeUndefined();
    expect(refusedPlanReport(ciOptions('apply', 'monitors', { comment: false }), 1, markdown)).toBeUndefined();
  });
});
