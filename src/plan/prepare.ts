// What the planner derives from one desired monitor: its canonical input, fingerprints,
// and the body apply will send (with ${env:NAME} templates instead of their values).
import type { DesiredMonitor } from '../model/monitor.js';
import { SECRET_FIELDS } from '../schema/monitor-input-schema.js';
import { protectTemplatedFields } from './env-protect.js';
import { bodyFingerprint, fieldHashes, inputFingerprint, secretHashes } from './fingerprint.js';
import { keyForGeneration } from './idempotency-key.js';
import { normalizeInput, type Canonical } from './normalize.js';
import type { FieldChange, PlannedChange } from './types.js';

export interface PreparedDesired {
  canonical: Canonical;
  fingerprint: string;
  secrets: Record<string, string>;
  secretFields: ReadonlySet<string>;
  /** Per-field hashes: computed only for monitors that change (most plans leave most alone). */
  fieldHashes(): Record<string, string>;
}

export function prepareDesired(d: DesiredMonitor, salt: string): PreparedDesired {
  const canonical = normalizeInput(d.input as Record<string, unknown>);
  // Fingerprints never hash an env-filled value directly (it may be a credential).
  const hashed = protectTemplatedFields(canonical, d.envRefs, (name) => d.envValues?.[name], salt);
  let hashes: Record<string, string> | undefined;
  return {
    canonical,
    fingerprint: inputFingerprint(hashed),
    secrets: secretHashes(canonical, salt),
    secretFields: new Set(SECRET_FIELDS.filter((f) => f in canonical)),
    fieldHashes: () => (hashes ??= fieldHashes(hashed)),
  };
}

/** The canonical body with each env-derived field put back as its `${env:NAME}` template. */
export function bodyWithTemplates(canonical: Canonical, envRefs: DesiredMonitor['envRefs']): Record<string, unknown> {
  const body: Record<string, unknown> = { ...canonical };
  for (const [field, template] of Object.entries(envRefs)) if (template !== undefined && field in body) body[field] = template;
  return body;
}

/**
 * A field filled from `${env:NAME}` may carry a credential (a token in a header or a URL),
 * so its values are never shown, like a secret's.
 */
function hideValue(f: FieldChange): FieldChange {
  return { field: f.field, oldKnown: f.oldKnown, sensitive: true };
}

type ChangeParts = Pick<PlannedChange, 'action' | 'id' | 'reason' | 'reason_text' | 'fields'> & Partial<Pick<PlannedChange, 'previous_name' | 'live_updated_at'>>;

/** A create or replace of a desired monitor, with everything apply needs. */
export function desiredChange(d: DesiredMonitor, prepared: PreparedDesired, parts: ChangeParts): PlannedChange {
  const change: Omit<PlannedChange, 'idempotency_key'> = {
    ...parts,
    fields: parts.fields.map((f) => (f.field in d.envRefs && !f.sensitive ? hideValue(f) : f)),
    name: d.name,
    source: { file: d.source.file, line: d.source.line, col: d.source.col, ...(d.instance !== undefined ? { instance: d.instance } : {}) },
    body: bodyWithTemplates(prepared.canonical, d.envRefs),
    body_fingerprint: bodyFingerprint(prepared.fingerprint, prepared.secrets),
    lock_record: {
      fingerprint: prepared.fingerprint,
      fields: prepared.fieldHashes(),
      ...(Object.keys(prepared.secrets).length > 0 ? { secrets: prepared.secrets } : {}),
    },
  };
  return { ...change, idempotency_key: keyForGeneration(change, 0) };
}
