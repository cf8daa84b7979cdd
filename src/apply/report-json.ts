// `apply --format json`: one JSON document on stdout when the run ends (the plan and the
// progress go to stderr). Versioned like the plan's JSON; see docs/apply-wait.md.
import type { WaitReport } from '../wait/report.js';
import type { ApplyResult } from './execute.js';

export const APPLY_JSON_FORMAT_VERSION = 1;

export interface ApplyJson {
  format_version: typeof APPLY_JSON_FORMAT_VERSION;
  apply: {
    created: number;
    replaced: number;
    deleted: number;
    failed: number;
    not_started: number;
    interrupted: boolean;
    changes: { action: string; name: string; id: string | null; ok: boolean; not_started: boolean; key_generation: number; error: { code: string; message: string; hint: string | null } | null }[];
    warnings: string[];
    lock_error: { code: string; message: string } | null;
  };
  /** Present with --wait; null without it. */
  wait: WaitReport | null;
}

/** `result` undefined: the plan had no changes, nothing was sent. */
export function applyJson(result: ApplyResult | undefined, wait: WaitReport | undefined): ApplyJson {
  return {
    format_version: APPLY_JSON_FORMAT_VERSION,
    apply: {
      created: result?.created ?? 0,
      replaced: result?.replaced ?? 0,
      deleted: result?.deleted ?? 0,
      failed: result?.failed ?? 0,
      not_started: result?.notStarted ?? 0,
      interrupted: result?.interrupted ?? false,
      changes: (result?.outcomes ?? []).map((o) => ({
        action: o.change.action,
        name: o.change.name,
        id: o.id,
        ok: o.ok,
        not_started: o.notStarted ?? false,
        key_generation: o.generation,
        error: o.error ? { code: o.error.code, message: o.error.message, hint: o.error.hint ?? null } : null,
      })),
      warnings: result?.warnings ?? [],
      lock_error: result?.lockError ? { code: result.lockError.code, message: result.lockError.message } : null,
    },
    wait: wait ?? null,
  };
}
