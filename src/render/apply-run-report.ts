// The report an apply or a destroy writes once its writes are done (the CLI runs them and
// writes this text; it builds no sentence): warnings, the failures located in the YAML, the
// summary, where the lock file was written, and GitHub's annotations of the failures.
import type { ApplyResult } from '../apply/types.js';
import { printable } from '../model/printable.js';
import type { FailureLocations } from '../plan/failure-location.js';
import { failureDiagnostics } from './apply-annotations.js';
import { doneCounts, failureReport, lockErrorReport, summaryLine } from './apply-report.js';
import { githubAnnotation } from './diagnostics.js';

/** `Lock file written: monitors.lock.json` (the path as the user should commit it). */
export function lockWrittenLine(shown: string): string {
  return `Lock file written: ${shown}`;
}

export interface ApplyRunView {
  result: ApplyResult;
  located: FailureLocations;
  intent: 'apply' | 'destroy';
  elapsedMs: number;
  /** The lock file as shown, when the apply changed a record in it. */
  lockWritten: string | undefined;
  /** Under GitHub Actions: the failures also as workflow commands. */
  annotations: boolean;
}

/** The whole report, one line each; names and messages may come from the server and are escaped. */
export function applyRunText(v: ApplyRunView): string {
  const lines = [
    ...v.result.warnings.map((w) => `warning: ${w}`),
    ...failureReport(v.result, v.located, v.intent),
    summaryLine(v.result, v.elapsedMs, v.intent),
    ...(v.lockWritten !== undefined ? [lockWrittenLine(v.lockWritten)] : []),
  ].map(printable);
  const annotations = v.annotations ? failureDiagnostics(v.result, v.located).map(githubAnnotation) : [];
  return `${[...lines, ...annotations].join('\n')}\n`;
}

/** The lock file could not be written: the lines for stderr, or nothing. */
export function lockErrorText(result: ApplyResult): string {
  const lines = lockErrorReport(result);
  return lines.length > 0 ? `${lines.map(printable).join('\n')}\n` : '';
}

/** What an apply did, in the words of its summary line (the lock branch's commit says it). */
export function appliedWords(result: ApplyResult): string {
  const counts = doneCounts(result);
  return result.interrupted ? `interrupted: ${counts}, ${result.notStarted} not started` : counts;
}
