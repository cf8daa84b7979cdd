// What apply sends: the monitor as the YAML gives it, after `defaults:` are merged and
// `${env:NAME}` references resolved. Not the canonical form (normalize.ts), which only
// decides equality and feeds the lock's fingerprints: list order (a first location may be
// the primary one), header text and tags text go out exactly as written. An explicit
// `null` (allowed by the spec for nullable fields) is sent as null; an absent field is
// not sent. Plans keep `${env:NAME}` templates in place of the values (resolved at send time).
import type { DesiredMonitor } from '../model/monitor.js';
import { MONITOR_FIELDS, SECRET_FIELDS } from '../schema/monitor-input-schema.js';
import { protectTemplatedFields } from './env-protect.js';
import { bodyFingerprint, inputFingerprint } from './fingerprint.js';

/** The resolved input as written: every monitor field the YAML gives, in spec order. */
export function writtenInput(d: DesiredMonitor): Record<string, unknown> {
  const input = d.input as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const field of MONITOR_FIELDS) if (input[field] !== undefined) out[field] = input[field];
  return out;
}

/** The body a plan holds: the input as written, each env-filled field as its template. */
export function bodyWithTemplates(
  written: Record<string, unknown>,
  envRefs: DesiredMonitor['envRefs'],
): Record<string, unknown> {
  const body: Record<string, unknown> = { ...written };
  for (const [field, template] of Object.entries(envRefs))
    if (template !== undefined && field in body) body[field] = template;
  return body;
}

/**
 * The payload part of the idempotency keys: a fingerprint of the bytes sent, so that a
 * re-ordered list or re-spaced header is a new request with a new key, never a 409 "key
 * used for another payload". Env-filled fields and secrets go in only through their
 * salted hashes (env-protect.ts), as in the lock's fingerprints.
 */
export function wireFingerprint(
  d: DesiredMonitor,
  written: Record<string, unknown>,
  secrets: Record<string, string>,
  salt: string,
): string {
  const hashed = protectTemplatedFields(written, d.envRefs, (name) => d.envValues?.[name], salt);
  // A secret sent as an explicit null is other bytes than one left out.
  const sent = {
    ...secrets,
    ...Object.fromEntries(SECRET_FIELDS.filter((f) => written[f] === null).map((f) => [f, 'null'])),
  };
  return bodyFingerprint(inputFingerprint(hashed), sent);
}
