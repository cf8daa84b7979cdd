// The words of an apply as it runs and at its end (src/apply decides and sends, and writes
// nothing): one line per finished change, the failures grouped, the summary and its counts.
import { isApiError, ValidationError } from '../api/errors.js';
import type { MonitorsError } from '../errors.js';
import type { FailureLocations } from '../plan/failure-location.js';
import type { PlannedChange } from '../plan/types.js';
import { isAuthFailure } from '../apply/auth-stop.js';
import type { ApplyEvent, ApplyResult, ChangeOutcome } from '../apply/types.js';
import { describeChange as describe } from '../apply/describe-change.js';
import { groupFailures, groupSubject, type FailureGroup } from '../apply/failure-groups.js';
import { locationText } from '../model/location-text.js';

const PAST: Record<string, string> = { create: 'created', replace: 'updated', delete: 'deleted', forget: 'forgot' };

/** One line per finished change, for CI logs and other non-TTY output. */
export function outcomeLine(outcome: ChangeOutcome): string {
  const { change } = outcome;
  // A refused token is said once, in the report at the end, not once per change in flight.
  if (!outcome.ok && isAuthFailure(outcome.error))
    return `failed   ${describe(change)}: the API refused the token (${statusOf(outcome)}); see the end`;
  if (!outcome.ok) return `failed   ${describe(change)}: ${outcome.error?.message ?? 'unknown error'}`;
  const id = outcome.id ? ` (${outcome.id})` : '';
  const key = outcome.generation > 0 ? ` [key generation ${outcome.generation}]` : '';
  return `${PAST[change.action]!.padEnd(8)} "${change.name}"${id}${key}`;
}

/**
 * The progress lines of one apply. A refusal is said in full the first time; a change
 * refused the same way later (the instances of one template, say) refers to that line.
 */
export function progressLines(): (event: ApplyEvent) => string | undefined {
  const said = new Map<string, string>();
  return (event) => {
    const outcome = event.kind === 'done' ? event.outcome : undefined;
    const error = outcome?.error;
    if (!outcome || outcome.ok || outcome.notStarted || !error || isAuthFailure(error)) return eventLine(event);
    const key = `${error.code}\0${error.message}`;
    const first = said.get(key);
    if (first === undefined) {
      said.set(key, describe(outcome.change));
      return eventLine(event);
    }
    return `failed   ${describe(outcome.change)}: refused as ${first} above (${shortReason(error)})`;
  };
}

/** `422: interval_seconds`, or the error's code. */
function shortReason(error: MonitorsError): string {
  if (error instanceof ValidationError && error.fieldErrors.length > 0)
    return `${error.status ?? 422}: ${[...new Set(error.fieldErrors.map((f) => f.field || 'the monitor'))].join(', ')}`;
  return error.code;
}

export function eventLine(event: ApplyEvent): string | undefined {
  switch (event.kind) {
    case 'done':
      return event.outcome.notStarted ? undefined : outcomeLine(event.outcome); // counted in the summary, not listed
    case 'regenerate':
      return `retry    ${describe(event.change)} with key generation ${event.generation}: ${event.why}`;
    case 'verify-failed':
      return `warning  could not verify the writes: ${event.error.message}`;
    case 'start':
      return event.total === 0 ? undefined : `Applying ${event.total} change${event.total === 1 ? '' : 's'}...`;
  }
}

/** `1 created, 0 updated, 0 deleted, 0 failed` (updated: the plan's replace, in place), with `, 1 forgotten` before failed when a forget was made. */
export function doneCounts(result: ApplyResult): string {
  const forgotten = result.forgotten > 0 ? `, ${result.forgotten} forgotten` : '';
  return `${result.created} created, ${result.replaced} updated, ${result.deleted} deleted${forgotten}, ${result.failed} failed`;
}

/** The last line of an apply (`Apply complete: ...`), or of a destroy (`Destroy complete: 3 deleted, 0 failed.`). */
export function summaryLine(result: ApplyResult, elapsedMs: number, command: 'apply' | 'destroy' = 'apply'): string {
  const counts = command === 'destroy' ? `${result.deleted} deleted, ${result.failed} failed` : doneCounts(result);
  const verb = command === 'destroy' ? 'Destroy' : 'Apply';
  const took = `(${formatSeconds(elapsedMs)})`;
  if (result.interrupted) return `${verb} interrupted: ${counts}, ${result.notStarted} not started. ${took}`;
  if (result.stoppedBy) return `${verb} stopped: ${counts}, ${result.notStarted} not started. ${took}`;
  return `${verb} complete: ${counts}. ${took}`;
}

/** The failed changes, listed together at the end with what to do. */
export function failureReport(
  result: ApplyResult,
  located: FailureLocations = new Map(),
  command: 'apply' | 'destroy' = 'apply',
): string[] {
  if (result.stoppedBy) return stoppedReport(result, result.stoppedBy, located);
  const failed = result.outcomes.filter((o) => !o.ok && !o.notStarted);
  if (failed.length === 0 && result.notStarted === 0) return [];
  const recorded = result.lockError
    ? 'Everything that succeeded is listed above.'
    : 'Everything that succeeded is recorded in the lock file.';
  const lines = failed.length > 0 ? [`${failed.length} change${failed.length === 1 ? '' : 's'} failed:`] : [];
  for (const group of groupFailures(failed, located)) lines.push(...groupLines(group));
  if (result.notStarted > 0)
    lines.push(`Interrupted: ${result.notStarted} change${result.notStarted === 1 ? ' was' : 's were'} not started.`);
  const refusedOnly =
    failed.length > 0 && failed.every((o) => isApiError(o.error, 'API_VALIDATION')) && result.notStarted === 0;
  lines.push(
    refusedOnly
      ? `${recorded} Fix the YAML where shown, then run the apply again: what succeeded is not repeated.`
      : `${recorded} Run the same ${command} again: it finishes the work without repeating it.`,
  );
  return lines;
}

/**
 * One refusal: what failed and why, then where the YAML writes it (compiler-style lines:
 * for a 422 each field the server named, and where a var it came through is set; else the
 * monitor's entry), the monitors it hit when more than one, then the hint.
 */
function groupLines(group: FailureGroup): string[] {
  const { error, places } = group;
  const one = group.outcomes.length === 1 ? group.outcomes[0]!.change : undefined;
  const fieldsShown = places.length > 0 && error instanceof ValidationError && error.fieldErrors.length > 0;
  // With each field on its own located line, the header need not list them again.
  const message = fieldsShown
    ? `the API rejected ${one ? 'the monitor' : 'them'} (${error.status ?? 422})`
    : error.message;
  const lines = [`  - ${one ? describe(one) : groupSubject(group)}: ${error.code}: ${message}`];
  for (const p of places) {
    const what =
      fieldsShown || p.var
        ? one
          ? p.message
          : p.reason
        : one
          ? writtenHere(one.name, p.instance)
          : 'their template is written here';
    lines.push(`    ${locationText(p)}: ${what}`);
  }
  if (!one) lines.push(`    ${monitorList(group.outcomes.map((o) => o.change))}`);
  if (error.hint) lines.push(`    ${error.hint}`);
  return lines;
}

/** The changes a refusal hit: the first few by name, then how many more. */
function monitorList(changes: readonly PlannedChange[]): string {
  const shown = changes.slice(0, MONITORS_LISTED).map(describe);
  const more = changes.length - shown.length;
  return `refused: ${shown.join(', ')}${more > 0 ? ` and ${more} more (all of them in --format json)` : ''}`;
}

const MONITORS_LISTED = 4;

/**
 * After a 401 or 403: the refusal once (the scope it names, what to do about the token),
 * how many changes it stopped, and other failures of the changes in flight as usual.
 */
function stoppedReport(
  result: ApplyResult,
  cause: NonNullable<ApplyResult['stoppedBy']>,
  located: FailureLocations,
): string[] {
  const failed = result.outcomes.filter((o) => !o.ok && !o.notStarted);
  const refused = failed.filter((o) => isAuthFailure(o.error));
  const others = failed.filter((o) => !isAuthFailure(o.error));
  const lines = [`Stopped at the first refusal of the token: ${cause.code}: ${cause.message}`];
  if (cause.hint) lines.push(`  ${cause.hint}`);
  const plural = (n: number, one: string, many: string) => `${n} change${n === 1 ? ` ${one}` : `s ${many}`}`;
  const succeeded = result.outcomes.filter((o) => o.ok).length;
  // In the order it happened: the writes go one at a time until one succeeds (first-write.ts).
  const before = succeeded === 0 ? 'No write had succeeded; ' : `${plural(succeeded, 'had', 'had')} succeeded; then `;
  lines.push(
    `  ${before}${plural(refused.length, 'was', 'were')} refused for this reason, and the other ${plural(result.notStarted, 'was', 'were')} not sent: after a 401 or 403 no new write starts, since each would be refused the same way.`,
  );
  for (const group of groupFailures(others, located)) lines.push(...groupLines(group));
  if (succeeded === 0 && others.length === 0) {
    lines.push('Nothing was changed on the server. Once the token is fixed, run the apply again.');
    return lines;
  }
  const recorded = result.lockError ? 'What succeeded is listed above' : 'What succeeded is recorded in the lock file';
  lines.push(`Once the token is fixed, run the apply again. ${recorded}, and nothing is repeated.`);
  return lines;
}

function writtenHere(name: string, instance: string | undefined): string {
  return instance === undefined
    ? `"${name}" is written here`
    : `"${name}" is written here, by its template (${instance})`;
}

function statusOf(outcome: ChangeOutcome): string {
  const error = outcome.error;
  return isApiError(error) && error.status !== undefined ? String(error.status) : (error?.code ?? 'refused');
}

/** The lock file could not be written: said last, above the summary, with what follows from it. */
export function lockErrorReport(result: ApplyResult): string[] {
  const error = result.lockError;
  if (!error) return [];
  return [
    `error ${error.code}: the lock file was not updated: ${error.message}`,
    '  The changes listed above were made on the server all the same. Fix the cause and run `monitors plan`: monitors without a record are replaced once as "not verifiable", then recorded.',
  ];
}

function formatSeconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(2)}s` : `${(ms / 1000).toFixed(1)}s`;
}
