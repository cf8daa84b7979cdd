// What the planner derives from one desired monitor: its canonical input and fingerprints
// (for comparing, and for the lock), and the body apply will send: the input as written
// (wire-body.ts), with ${env:NAME} templates instead of their values.
import type { DesiredMonitor } from '../model/monitor.js';
import { SECRET_FIELDS } from '../schema/monitor-input-schema.js';
import { protectTemplatedFields } from './env-protect.js';
import type { RecordedInput } from '../lock/types.js';
import { fieldHashes, inputFingerprint, secretHashes } from './fingerprint.js';
import { keyForGeneration } from './idempotency-key.js';
import { recordOf } from './lock-record.js';
import { normalizeInput, type Canonical } from './normalize.js';
import type { ChangeSource, FieldChange, PlannedChange } from './types.js';
import { bodyWithTemplates, wireFingerprint, writtenInput } from './wire-body.js';

export interface PreparedDesired {
  canonical: Canonical;
  /** The resolved input as written: what is sent (wire-body.ts). Only changes need it. */
  written(): Record<string, unknown>;
  fingerprint: string;
  secrets: Record<string, string>;
  secretFields: ReadonlySet<string>;
  /** Per-field hashes: computed only for monitors that change (most plans leave most alone). */
  fieldHashes(): Record<string, string>;
  /** The fingerprint of the body sent, for the idempotency keys; likewise only for changes. */
  wireFingerprint(): string;
  /** What the lock keeps once it is applied (lock-record.ts); likewise only for changes. */
  lockRecord(): RecordedInput;
}

export function prepareDesired(d: DesiredMonitor, salt: string): PreparedDesired {
  return new Prepared(d, salt);
}

const NO_SECRETS: Readonly<Record<string, string>> = Object.freeze({});

/**
 * Methods rather than closures, and no set or map where there is nothing in it: plan holds
 * one per desired monitor until the plan is made (100,000 of them, say).
 */
class Prepared implements PreparedDesired {
  readonly canonical: Canonical;
  readonly fingerprint: string;
  readonly secrets: Record<string, string>;
  /** The canonical input with env-filled fields as their hashes: fingerprints never hash an env-filled value directly (it may be a credential). */
  private readonly hashed: Canonical;
  private hashes: Record<string, string> | undefined;
  private asWritten: Record<string, unknown> | undefined;

  constructor(
    private readonly d: DesiredMonitor,
    private readonly salt: string,
  ) {
    this.canonical = normalizeInput(d.input);
    this.hashed = protectTemplatedFields(this.canonical, d.envRefs, (name) => d.envValues?.[name], salt);
    this.fingerprint = inputFingerprint(this.hashed);
    const secrets = secretHashes(this.canonical, salt);
    this.secrets = Object.keys(secrets).length > 0 ? secrets : NO_SECRETS;
  }

  get secretFields(): ReadonlySet<string> {
    return new Set(SECRET_FIELDS.filter((f) => f in this.canonical));
  }

  written(): Record<string, unknown> {
    return (this.asWritten ??= writtenInput(this.d));
  }

  fieldHashes(): Record<string, string> {
    return (this.hashes ??= fieldHashes(this.hashed));
  }

  wireFingerprint(): string {
    return wireFingerprint(this.d, this.written(), this.secrets, this.salt);
  }

  lockRecord(): RecordedInput {
    const envRefs = this.d.envRefs;
    return recordOf({
      fingerprint: this.fingerprint,
      written: this.written(),
      hashed: this.hashed,
      fromEnv: (field) => Object.hasOwn(envRefs, field),
      secrets: this.secrets,
    });
  }
}

/**
 * Prepares every desired monitor for planChanges, returning to the event loop every
 * `chunk` monitors: plan runs it while the listing's pages arrive, and each page is
 * answered between two chunks instead of after the whole lot. Run it after
 * warmSecretHashes (fingerprint.ts), as each secret is hashed on the spot otherwise.
 */
export async function prepareAll(
  monitors: readonly DesiredMonitor[],
  salt: string,
  chunk = 50,
): Promise<Map<DesiredMonitor, PreparedDesired>> {
  const prepared = new Map<DesiredMonitor, PreparedDesired>();
  for (const [i, d] of monitors.entries()) {
    if (i > 0 && i % chunk === 0) await new Promise((resolve) => setImmediate(resolve));
    prepared.set(d, prepareDesired(d, salt));
  }
  return prepared;
}

/**
 * A field filled from `${env:NAME}` may carry a credential (a token in a header or a URL),
 * so its values are never shown, like a secret's.
 */
function hideValue(f: FieldChange): FieldChange {
  return { field: f.field, oldKnown: f.oldKnown, sensitive: true };
}

type ChangeParts = Pick<PlannedChange, 'action' | 'id' | 'reason' | 'reason_text' | 'fields'> &
  Partial<Pick<PlannedChange, 'previous_name' | 'live_updated_at'>>;

/** What the lock keeps of a monitor once it is applied (apply adds its id and name). */
export function lockRecordOf(prepared: PreparedDesired): RecordedInput {
  return prepared.lockRecord();
}

/** A create or replace of a desired monitor, with everything apply needs. */
export function desiredChange(d: DesiredMonitor, prepared: PreparedDesired, parts: ChangeParts): PlannedChange {
  const change: Omit<PlannedChange, 'idempotency_key'> = {
    ...parts,
    fields: parts.fields.map((f) => (f.field in d.envRefs && !f.sensitive ? hideValue(f) : f)),
    name: d.name,
    body: bodyWithTemplates(prepared.written(), d.envRefs),
    body_fingerprint: prepared.wireFingerprint(),
    lock_record: lockRecordOf(prepared),
    source: changeSource(d, prepared.written()),
  };
  return { ...change, idempotency_key: keyForGeneration(change, 0) };
}

function changeSource(d: DesiredMonitor, sent: Record<string, unknown>): ChangeSource {
  const { file, line, col } = d.source;
  const instance = d.instance !== undefined ? { instance: d.instance } : {};
  if (!d.entry) return { file, line, col, ...instance };
  const own = d.entry.written;
  const fromDefaults = Object.keys(sent).filter((field) => !Object.hasOwn(own, field));
  return {
    file,
    line,
    col,
    index: d.entry.index,
    ...(fromDefaults.length > 0 ? { from_defaults: fromDefaults } : {}),
    ...instance,
  };
}
