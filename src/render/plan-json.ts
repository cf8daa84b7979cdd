// The JSON view of a plan (docs/plan-json.md). Versioned by format_version; bodies are
// left out (they are in saved plans), secrets never appear.
import type { ChangeSource, Plan } from '../plan/types.js';

export function planJsonValue(plan: Plan): Record<string, unknown> {
  return {
    format_version: plan.format_version,
    environment: plan.environment ?? null, // null: the set declares no environments (docs/json-output.md)
    summary: plan.summary,
    changes: plan.changes.map((c) => ({
      action: c.action,
      name: c.name,
      id: c.id,
      ...(c.previous_name !== undefined ? { previous_name: c.previous_name } : {}),
      reason: c.reason,
      reason_text: c.reason_text,
      fields: c.fields.map((f) =>
        f.sensitive
          ? { field: f.field, sensitive: true, old_known: f.oldKnown }
          : {
              field: f.field,
              ...(f.oldKnown ? { old: f.old ?? null } : {}),
              new: f.new ?? null,
              old_known: f.oldKnown,
              ...(f.oldSource !== undefined ? { old_source: f.oldSource } : {}),
              ...(f.serverDefault ? { server_default: true } : {}),
              ...(f.guessed ? { guessed: true } : {}),
            },
      ),
      // A forget sends nothing: it has no key.
      ...(c.idempotency_key !== undefined ? { idempotency_key: c.idempotency_key } : {}),
      notes: c.notes ?? [],
      // Where to edit it; the entry index and the fields taken from defaults stay internal (saved plans keep them).
      ...(c.source ? { source: publicSource(c.source) } : {}),
    })),
    ...(plan.targets ? { targets: plan.targets, not_targeted: plan.not_targeted ?? [] } : {}),
    ...(plan.files ? { files: plan.files, outside_files: plan.outside_files ?? [] } : {}),
    ...(plan.overwrites_unread ? { overwrites_unread: plan.overwrites_unread } : {}),
    unmanaged: plan.unmanaged,
    warnings: plan.warnings,
    notes: plan.notes,
    live_fingerprint: plan.live_fingerprint,
    // Additive: present only when the set declares a policy: or a monitor uses an exception (docs/plan-json.md).
    ...(plan.policy ? { policy: plan.policy } : {}),
  };
}

export function renderPlanJson(plan: Plan): string {
  return `${JSON.stringify(planJsonValue(plan), null, 2)}\n`;
}

function publicSource({ file, line, col, instance }: ChangeSource): Record<string, unknown> {
  return { file, line, col, ...(instance !== undefined ? { instance } : {}) };
}
