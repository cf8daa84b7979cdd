// Idempotency records, scoped by workspace + key. A key is bound to the fingerprint of
// its first request (method, path, body). While that request runs, any reuse is a 409;
// once it succeeded, the same request gets the stored response (status, Location, body)
// and another payload gets a 409. Only successful (2xx) outcomes are stored: a request
// refused with a 4xx may be corrected and sent again with the same key. The secret tag
// of a request is never saved: after a restart a key is matched on the rest of its
// request (which says whether a secret was sent, not which).
import type { RequestFingerprint } from './canonical-json.js';

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  /** undefined for an empty body (204). */
  body: string | undefined;
}

export interface IdempotencyRecord {
  workspace: string;
  key: string;
  fingerprint: string;
  storedAt: number;
  response: StoredResponse;
}

export type Claim =
  | { kind: 'new'; finish(response: StoredResponse): void }
  | { kind: 'replay'; response: StoredResponse }
  | { kind: 'conflict'; code: 'idempotency_key_reused' | 'idempotency_request_in_progress' };

interface Entry {
  fingerprint: string;
  /** undefined: no secret sent, or not known (restored from the state file). */
  secretTag: string | undefined;
  storedAt: number;
  response: StoredResponse | undefined; // undefined while running
}

export class IdempotencyStore {
  private readonly entries = new Map<string, Entry>();
  private lastSweep = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
    private readonly onChange: () => void = () => {},
  ) {}

  get size(): number {
    return this.entries.size;
  }

  claim(workspace: string, key: string, request: RequestFingerprint): Claim {
    this.sweep();
    const id = scopeKey(workspace, key);
    const existing = this.entries.get(id);
    if (existing && !this.expired(existing)) {
      const otherSecret = existing.secretTag !== undefined && existing.secretTag !== request.secretTag;
      if (existing.fingerprint !== request.fingerprint || otherSecret)
        return { kind: 'conflict', code: 'idempotency_key_reused' };
      if (!existing.response) return { kind: 'conflict', code: 'idempotency_request_in_progress' };
      return { kind: 'replay', response: existing.response };
    }
    const entry: Entry = {
      fingerprint: request.fingerprint,
      secretTag: request.secretTag,
      storedAt: this.now(),
      response: undefined,
    };
    this.entries.set(id, entry);
    return {
      kind: 'new',
      finish: (response) => {
        if (this.entries.get(id) !== entry) return;
        if (response.status >= 200 && response.status < 300) {
          entry.response = response;
          entry.storedAt = this.now();
          this.onChange();
        } else {
          this.entries.delete(id);
        }
      },
    };
  }

  /** Completed records, for the state file. */
  snapshot(): IdempotencyRecord[] {
    const records: IdempotencyRecord[] = [];
    for (const [id, entry] of this.entries) {
      if (!entry.response || this.expired(entry)) continue;
      const [workspace = '', key = ''] = id.split('\u0000');
      records.push({
        workspace,
        key,
        fingerprint: entry.fingerprint,
        storedAt: entry.storedAt,
        response: entry.response,
      });
    }
    return records;
  }

  restore(records: readonly IdempotencyRecord[]): void {
    for (const r of records) {
      const entry: Entry = {
        fingerprint: r.fingerprint,
        secretTag: undefined,
        storedAt: r.storedAt,
        response: r.response,
      };
      if (!this.expired(entry)) this.entries.set(scopeKey(r.workspace, r.key), entry);
    }
  }

  private expired(entry: Entry): boolean {
    return entry.response !== undefined && this.now() - entry.storedAt >= this.ttlMs;
  }

  private sweep(): void {
    const now = this.now();
    if (now - this.lastSweep < 1000) return;
    this.lastSweep = now;
    for (const [id, entry] of this.entries) if (this.expired(entry)) this.entries.delete(id);
  }
}

function scopeKey(workspace: string, key: string): string {
  return `${workspace}\u0000${key}`;
}
