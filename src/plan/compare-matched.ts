// A monitor that is both in the YAML and live: whether it is replaced, and why (drift, the
// YAML changed since the last apply, or nothing verifies it), with each field that changes.
// Used by the planner and, page by page while the listing arrives, by compare-ahead.ts.
import type { LockRecord } from '../lock/types.js';
import type { DesiredMonitor, LiveMonitor } from '../model/monitor.js';
import { isEmptyValue, urlSpellings, visibleDiffs } from './compare.js';
import { fieldHash, sameHashes } from './fingerprint.js';
import { recordedHashes, recordedOld } from './lock-record.js';
import { desiredChange, type PreparedDesired } from './prepare.js';
import { describeReason } from './reasons.js';
import type { FieldChange, PlannedChange } from './types.js';
import { unreadFields } from './unread-fields.js';
import { bodyWithTemplates } from './wire-body.js';

/** A replace lists what differs in meaning, both sides in canonical form (normalize.ts); its body is sent as written. */
export function compareMatched(
  d: DesiredMonitor,
  prepared: PreparedDesired,
  l: LiveMonitor,
  record: LockRecord | undefined,
  renamedFrom: string | undefined,
): PlannedChange | undefined {
  const drift = visibleDiffs(prepared.canonical, l);
  const fields: FieldChange[] = drift.map((x) => ({
    field: x.field,
    old: x.old,
    new: x.new,
    oldKnown: true,
    oldSource: 'server',
  }));
  const recordDiffers =
    record?.fingerprint != null &&
    (record.fingerprint !== prepared.fingerprint || !sameHashes(record.secrets ?? {}, prepared.secrets));
  const lockFields = recordDiffers ? changedSinceApply(prepared, record, l) : [];
  const base = {
    action: 'replace' as const,
    id: l.id,
    fields: [...fields, ...lockFields],
    ...(typeof l.updated_at === 'string' && l.updated_at !== '' ? { live_updated_at: l.updated_at } : {}),
  };
  if (renamedFrom !== undefined) {
    return desiredChange(d, prepared, {
      ...base,
      previous_name: l.name,
      reason: 'renamed',
      reason_text: `${describeReason('renamed')} from "${l.name}"`,
    });
  }
  // A visible difference is drift only when the server no longer holds what was last applied;
  // otherwise the YAML changed, which is what a reviewer should read.
  const applied = drift.length > 0 ? appliedHashes(record) : undefined;
  if (drift.length > 0 && drift.some((x) => !liveAsApplied(x.field, x.old, applied, d, prepared))) {
    return desiredChange(d, prepared, { ...base, reason: 'drift', reason_text: describeReason('drift') });
  }
  if (!record || record.fingerprint === null)
    return desiredChange(d, prepared, {
      ...base,
      // A full replacement of what nobody read: every field it sets, field by field.
      fields: unreadFields(bodyWithTemplates(prepared.written(), d.envRefs), l, record),
      reason: 'not_verifiable',
      reason_text: describeReason('not_verifiable'),
    });
  if (recordDiffers || drift.length > 0) {
    return desiredChange(d, prepared, {
      ...base,
      reason: 'changed_since_apply',
      reason_text: describeReason('changed_since_apply'),
    });
  }
  return undefined;
}

/** The per-field hashes of what a verified record says was applied; undefined when it says nothing. */
function appliedHashes(record: LockRecord | undefined): Record<string, string> | undefined {
  if (!record?.fingerprint || (!record.fields && !record.values)) return undefined;
  return recordedHashes(record);
}

/** Hashes of the canonical values a server may also report as unset (null, absent). */
const EMPTY_HASHES = new Set([fieldHash(''), fieldHash(false)]);

/**
 * Whether a live value is the one the lock records as last applied. An empty live value
 * (absent, null, false, "") stands for an unset or empty applied one: servers differ in
 * how they report those, and a null has no hash to compare. A URL may come back with the
 * "/" a server adds to a bare origin. An env-filled field's hash cannot be made from a
 * live value (env-protect.ts): when the YAML side changed since the record, the difference
 * is taken as that change.
 */
function liveAsApplied(
  field: string,
  liveValue: unknown,
  hashes: Readonly<Record<string, string>> | undefined,
  d: DesiredMonitor,
  prepared: PreparedDesired,
): boolean {
  if (!hashes) return false;
  const applied = hashes[field];
  if (field in d.envRefs) return applied !== undefined && applied !== prepared.fieldHashes()[field];
  if (isEmptyValue(liveValue)) return applied === undefined || EMPTY_HASHES.has(applied);
  if (applied === undefined) return false;
  if (field === 'url' && typeof liveValue === 'string')
    return urlSpellings(liveValue).some((url) => fieldHash(url) === applied);
  return fieldHash(liveValue) === applied;
}

/**
 * Fields whose hash differs from the lock record's, with the old value the record kept.
 * A field the listing returns is left to visibleDiffs: the server's value wins, and when it
 * already equals the YAML's, that field does not change.
 */
function changedSinceApply(prepared: PreparedDesired, record: LockRecord, live: LiveMonitor): FieldChange[] {
  const out: FieldChange[] = [];
  const before = recordedHashes(record);
  const after = prepared.fieldHashes();
  for (const field of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
    if (Object.hasOwn(live, field) || before[field] === after[field]) continue;
    const old = recordedOld(record, field);
    out.push({
      field,
      ...(old.known ? { old: old.value, oldKnown: true, oldSource: 'lock' } : { oldKnown: false, oldSource: old.why }),
      ...(field in prepared.canonical ? { new: prepared.canonical[field] } : {}),
    });
  }
  const secretsBefore = record.secrets ?? {};
  for (const field of [...new Set([...Object.keys(secretsBefore), ...Object.keys(prepared.secrets)])].sort()) {
    if (secretsBefore[field] !== prepared.secrets[field]) out.push({ field, oldKnown: false, sensitive: true });
  }
  return out;
}
