// Canonical JSON (object keys sorted at every level) so that two bodies that mean the
// same thing hash the same, whatever order the client wrote the keys in. Built as text,
// so a "__proto__" key is kept like any other.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { SECRET_FIELDS } from '../schema/monitor-input-schema.js';

export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What an idempotency key is bound to: method, path and body. Secrets stay out of
 * `fingerprint`, which the state file keeps: a fast hash over a body whose other fields
 * are in that same file would make a weak secret cheap to guess. `secretTag`, an HMAC
 * under a key that lives only in this process, tells two secrets apart while it runs.
 */
export interface RequestFingerprint {
  fingerprint: string;
  /** Memory only; undefined when the body carries no secret. */
  secretTag: string | undefined;
}

const PROCESS_KEY = randomBytes(32);
const SECRET_MARKER = '(secret)';

export function requestFingerprint(method: string, path: string, body: unknown): RequestFingerprint {
  const secrets: Record<string, string> = {};
  let hashed = body;
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const copy: Record<string, unknown> = { ...body };
    for (const field of SECRET_FIELDS) {
      const value = copy[field];
      if (typeof value !== 'string') continue;
      secrets[field] = value;
      copy[field] = SECRET_MARKER;
    }
    hashed = copy;
  }
  const fingerprint = createHash('sha256')
    .update(`${method} ${path}\n${body === undefined ? '' : canonicalJson(hashed)}`)
    .digest('hex');
  const secretTag =
    Object.keys(secrets).length === 0
      ? undefined
      : createHmac('sha256', PROCESS_KEY).update(canonicalJson(secrets)).digest('hex');
  return { fingerprint, secretTag };
}
