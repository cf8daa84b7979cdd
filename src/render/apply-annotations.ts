// Failed creates and replaces as diagnostics at their place in the YAML, for GitHub
// workflow annotations (`::error file=..,line=..,col=..::`): on a pull request or in the
// run summary, the refusal shows on the line that caused it.
import { ValidationError } from '../api/errors.js';
import { describeChange } from '../apply/describe-change.js';
import { groupFailures, groupSubject } from '../apply/failure-groups.js';
import type { ApplyResult } from '../apply/execute.js';
import type { FailureLocations } from '../locate/locate-failures.js';
import type { Diagnostic } from '../model/monitor.js';

export function failureDiagnostics(result: ApplyResult, located: FailureLocations): Diagnostic[] {
  const out: Diagnostic[] = [];
  const failed = result.outcomes.filter((o) => !o.ok && !o.notStarted && o.error && located.has(o.change));
  // One annotation per place of each distinct refusal, not one per monitor it hit.
  for (const group of groupFailures(failed, located)) {
    const { error, places } = group;
    const one = group.outcomes.length === 1 ? group.outcomes[0]!.change : undefined;
    const subject = one ? describeChange(one) : groupSubject(group);
    const byField = error instanceof ValidationError && error.fieldErrors.length > 0;
    for (const p of places) {
      const message = one ? p.message : p.reason;
      const field = p.var !== undefined && p.field ? ` for ${p.field}` : '';
      const why = byField
        ? `refused by the API (${error.status ?? 422})${field}: ${message}`
        : `failed: ${error.message}`;
      out.push({
        file: p.file,
        line: p.line,
        col: p.col,
        severity: 'error',
        code: error.code,
        message: `${subject} ${why}`,
      });
    }
  }
  return out;
}
