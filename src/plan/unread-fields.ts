// A "not verifiable" replace overwrites a monitor nobody has read: a PUT is a full
// replacement, so every field of the Monitor input is set, whether the YAML writes it or
// the server falls back to its default. Such a replace lists every field: the old value
// where the listing shows it, `(not readable)` where it does not, and the values `export`
// guessed (the lock's `guessed`, while the YAML still holds them). Pure.
import type { LockRecord } from '../lock/types.js';
import { canonicalJson } from '../model/canonical-json.js';
import type { LiveMonitor } from '../model/monitor.js';
import { monitorInputProperties } from '../schema/monitor-input-schema.js';
import type { FieldChange, Plan, PlannedChange } from './types.js';

const INPUT_FIELDS = Object.keys(monitorInputProperties);
const SECRET_FIELDS = new Set(['auth_secret']);

/** Every input field the replacement sets, in the spec's order (`body`: the body sent, templates in place). */
export function unreadFields(
  body: Readonly<Record<string, unknown>>,
  live: LiveMonitor,
  record: LockRecord | undefined,
): FieldChange[] {
  const guessed = record?.fingerprint === null ? record.guessed : undefined;
  return INPUT_FIELDS.map((field): FieldChange => {
    const written = body[field] !== undefined;
    const shown = live[field] !== undefined;
    const old = shown
      ? { old: live[field], oldKnown: true, oldSource: 'server' as const }
      : { oldKnown: false, oldSource: 'not_readable' as const };
    if (SECRET_FIELDS.has(field) && written) return { field, ...old, oldKnown: false, sensitive: true };
    const isGuessed =
      guessed !== undefined &&
      field in guessed &&
      written &&
      canonicalJson(guessed[field]) === canonicalJson(body[field]);
    return {
      field,
      ...old,
      new: written ? body[field] : null,
      ...(written ? {} : { serverDefault: true }),
      ...(isGuessed ? { guessed: true } : {}),
    };
  });
}

/** How many monitors a plan overwrites unread, and which fields it sets without their old value; undefined when none. */
export function overwritesUnread(changes: readonly PlannedChange[]): Plan['overwrites_unread'] {
  const unread = changes.filter((c) => c.action === 'replace' && c.reason === 'not_verifiable');
  if (unread.length === 0) return undefined;
  const fields = new Set(unread.flatMap((c) => c.fields.filter((f) => !f.oldKnown).map((f) => f.field)));
  return { monitors: unread.length, fields: INPUT_FIELDS.filter((f) => fields.has(f)) };
}
