// Which diagnostics are policy violations: `policy.<id>`, the id holding no dot. The
// problems of the rules themselves (`policy.rule.*`, `policy.exception.*`,
// `policy.declared_twice`: a dot or an underscore, which no id holds) are configuration
// errors like any other.
import { POLICY_ID_PATTERN } from '../schema/policy-schema.js';

const VIOLATION = new RegExp(`^policy\\.${POLICY_ID_PATTERN.slice(1)}`);

export function isPolicyViolation(code: string): boolean {
  return VIOLATION.test(code);
}

/** The rule id of a violation's code. */
export const ruleOfCode = (code: string): string => code.slice('policy.'.length);
