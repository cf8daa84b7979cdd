// Failed creates and replaces as diagnostics at their place in the YAML, for GitHub
// workflow annotations (`::error file=..,line=..,col=..::`): on a pull request or in the
// run summary, the refusal shows on the line that caused it.
import { ValidationError } from '../api/errors.js';
import { describeChange } from '../apply/describe-change.js';
import type { ApplyResult } from '../apply/types.js';
import type { FailureLocations } from '../locate/locate-failures.js';
import type { Diagnostic } from '../model/monitor.js';

export function failureDiagnostics(result: ApplyResult, located: FailureLocations): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const outcome of result.outcomes) {
    const error = outcome.error;
    const places = located.get(outcome.change);
    if (!error || !places) continue;
    const byField = error instanceof ValidationError && error.fieldErrors.length > 0;
    for (const p of places) {
      const why = byField ? `refused by the API (${error.status ?? 422}): ${p.message}` : `failed: ${error.message}`;
      out.push({
        file: p.file,
        line: p.line,
        col: p.col,
        severity: 'error',
        code: error.code,
        message: `${describeChange(outcome.change)} ${why}`,
      });
    }
  }
  return out;
}
