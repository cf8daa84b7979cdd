// The JSON view of an apply's result (`monitors apply --format json`, docs/apply-json.md):
// versioned like the plan's, fields only ever added within a version. Secrets never appear.
import type { ApplyResult, ChangeOutcome } from '../apply/execute.js';
import { groupFailures } from '../apply/failure-groups.js';
import type { FailureLocation, FailureLocations } from '../locate/locate-failures.js';
import type { WaitReport } from '../wait/report.js';

export const APPLY_FORMAT_VERSION = 1;

/** `wait`: the report of `--wait` (docs/apply-wait.md), null without it. `environment`: the plan's. */
export function applyJsonValue(
  result: ApplyResult,
  located: FailureLocations,
  wait?: WaitReport,
  environment?: string,
): Record<string, unknown> {
  return {
    format_version: APPLY_FORMAT_VERSION,
    environment: environment ?? null,
    summary: {
      created: result.created,
      replaced: result.replaced,
      deleted: result.deleted,
      forgotten: result.forgotten,
      failed: result.failed,
      not_started: result.notStarted,
      interrupted: result.interrupted,
      stopped_by: result.stoppedBy ? { code: result.stoppedBy.code, message: result.stoppedBy.message } : null,
    },
    changes: result.outcomes.map((o) => outcomeJson(o, located)),
    failure_groups: failureGroupsJson(result, located),
    warnings: result.warnings,
    lock_error: result.lockError ? { code: result.lockError.code, message: result.lockError.message } : null,
    wait: wait ?? null,
  };
}

function outcomeJson(o: ChangeOutcome, located: FailureLocations): Record<string, unknown> {
  const status = o.ok ? 'done' : o.notStarted ? 'not_started' : 'failed';
  const error = !o.ok && !o.notStarted ? o.error : undefined;
  return {
    action: o.change.action,
    name: o.change.name,
    id: o.id,
    status,
    key_generation: o.generation,
    ...(error
      ? {
          error: {
            code: error.code,
            message: error.message,
            ...(error.hint ? { hint: error.hint } : {}),
            locations: (located.get(o.change) ?? []).map((p) => locationJson(p, p.message)),
          },
        }
      : {}),
  };
}

function locationJson(p: FailureLocation, message: string): Record<string, unknown> {
  return {
    file: p.file,
    line: p.line,
    col: p.col,
    ...(p.field ? { field: p.field } : {}),
    ...(p.var !== undefined ? { var: p.var } : {}),
    ...(p.instance !== undefined && message === p.message ? { instance: p.instance } : {}),
    message,
  };
}

/** Each distinct refusal once: the changes it hit (indexes into `changes`) and its places, as the text report groups them. */
function failureGroupsJson(result: ApplyResult, located: FailureLocations): Record<string, unknown>[] {
  const failed = result.outcomes.filter((o) => !o.ok && !o.notStarted && o.error);
  const index = new Map(result.outcomes.map((o, i) => [o, i]));
  return groupFailures(failed, located).map((g) => ({
    code: g.error.code,
    message: g.error.message,
    ...(g.error.hint ? { hint: g.error.hint } : {}),
    count: g.outcomes.length,
    changes: g.outcomes.map((o) => index.get(o)),
    sources: g.sources,
    locations: g.places.map((p) => locationJson(p, g.outcomes.length === 1 ? p.message : p.reason)),
  }));
}

export function renderApplyJson(
  result: ApplyResult,
  located: FailureLocations,
  wait?: WaitReport,
  environment?: string,
): string {
  return `${JSON.stringify(applyJsonValue(result, located, wait, environment), null, 2)}\n`;
}
