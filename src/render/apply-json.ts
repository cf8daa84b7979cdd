// The JSON view of an apply's result (`monitors apply --format json`, docs/apply-json.md):
// versioned like the plan's, fields only ever added within a version. Secrets never appear.
import type { ApplyResult, ChangeOutcome } from '../apply/execute.js';
import type { FailureLocations } from '../locate/locate-failures.js';
import type { WaitReport } from '../wait/report.js';

export const APPLY_FORMAT_VERSION = 1;

/** `wait`: the report of `--wait` (docs/apply-wait.md), null without it. */
export function applyJsonValue(
  result: ApplyResult,
  located: FailureLocations,
  wait?: WaitReport,
): Record<string, unknown> {
  return {
    format_version: APPLY_FORMAT_VERSION,
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
            locations: (located.get(o.change) ?? []).map((p) => ({
              file: p.file,
              line: p.line,
              col: p.col,
              ...(p.field ? { field: p.field } : {}),
              ...(p.instance !== undefined ? { instance: p.instance } : {}),
              message: p.message,
            })),
          },
        }
      : {}),
  };
}

export function renderApplyJson(result: ApplyResult, located: FailureLocations, wait?: WaitReport): string {
  return `${JSON.stringify(applyJsonValue(result, located, wait), null, 2)}\n`;
}
