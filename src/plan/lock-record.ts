// What the lock keeps of an applied input, decided here for every writer of records (a
// planned change's lock_record, export's records, the benches' seeded locks), and what a
// record says of a field's old value. A record holds:
// - `fingerprint`: of the canonical input. It alone decides whether anything changed, so no
//   spelling kept in `values` can ever cause a diff;
// - `values`: each field as written (the body's value after defaults and references), so a
//   plan can show old -> new for fields the listing never returns. The YAML in git already
//   holds these. A stored value needs no hash of its own: it is hashed when compared;
// - `fields`: the short hash of each field filled from `${env:...}`, never its value (it may
//   carry a credential);
// - `secrets`: salted scrypt hashes (fingerprint.ts), never a value.
import type { LockRecord, RecordedInput } from '../lock/types.js';
import { MONITOR_FIELDS, SECRET_FIELDS } from '../schema/monitor-input-schema.js';
import { fieldHash, fieldHashes } from './fingerprint.js';
import { canonicalField, normalizeInput, type Canonical } from './normalize.js';

const SECRETS = new Set<string>(SECRET_FIELDS);

export interface RecordParts {
  fingerprint: string;
  /** The input as written: what is sent (wire-body.ts), env-filled fields resolved. */
  written: Readonly<Record<string, unknown>>;
  /** The canonical input with env-filled fields as their hashes (env-protect.ts). */
  hashed: Canonical;
  /** Whether a field's value is written with `${env:...}` (wholly or partly). */
  fromEnv: (field: string) => boolean;
  secrets: Readonly<Record<string, string>>;
}

export function recordOf({ fingerprint, written, hashed, fromEnv, secrets }: RecordParts): RecordedInput {
  const values: Record<string, unknown> = {};
  const fields: Record<string, string> = {};
  let hashedAny = false;
  for (const field of Object.keys(written)) {
    if (SECRETS.has(field)) continue;
    if (!fromEnv(field)) values[field] = written[field];
    else if (field in hashed) {
      fields[field] = fieldHash(hashed[field]);
      hashedAny = true;
    }
  }
  return {
    fingerprint,
    values,
    ...(hashedAny ? { fields } : {}),
    ...(Object.keys(secrets).length > 0 ? { secrets: { ...secrets } } : {}),
  };
}

/**
 * The short hash of every field of the recorded input, as records written before values
 * were kept held them in `fields`: comparable with PreparedDesired.fieldHashes().
 */
export function recordedHashes(record: LockRecord): Record<string, string> {
  if (!record.values) return record.fields ?? {};
  return { ...fieldHashes(normalizeInput(ownFields(record.values))), ...record.fields };
}

/** What a record says of a field's value before: known (maybe unset), or why not. */
export type RecordedOld = { known: true; value: unknown } | { known: false; why: 'not_recorded' | 'environment' };

export function recordedOld(record: LockRecord, field: string): RecordedOld {
  if (record.values) {
    if (record.fields && Object.hasOwn(record.fields, field)) return { known: false, why: 'environment' };
    return { known: true, value: canonicalField(field, ownValue(record.values, field)) };
  }
  // Written before values were kept: its hashes name every field that was set, but no value.
  if (record.fields && !Object.hasOwn(record.fields, field))
    return { known: true, value: canonicalField(field, undefined) };
  return { known: false, why: 'not_recorded' };
}

/** Only monitor input fields, and only the record's own keys (a hand-edited lock may hold anything). */
function ownFields(values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of MONITOR_FIELDS) if (Object.hasOwn(values, field)) out[field] = values[field];
  return out;
}

function ownValue(values: Readonly<Record<string, unknown>>, field: string): unknown {
  return Object.hasOwn(values, field) ? values[field] : undefined;
}
