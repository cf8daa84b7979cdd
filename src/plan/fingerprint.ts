// Fingerprints: what the lock file keeps of an applied input, and what keys and saved
// plans derive from. Secrets are only ever hashed with scrypt under the lock file's
// random salt: deliberately slow to reverse, memoised per distinct value so that
// thousands of monitors sharing one token cost one hash.
import { createHash, hash as digestOf, scrypt, scryptSync } from 'node:crypto';
import type { LiveMonitor } from '../model/monitor.js';
import { MONITOR_FIELDS, SECRET_FIELDS } from '../schema/monitor-input-schema.js';
import { canonicalJson, canonicalJsonPick } from '../model/canonical-json.js';
import type { Canonical } from './normalize.js';

/** scrypt cost: N=2^15 (32 MiB, ~0.1 s per distinct secret here). */
export const SCRYPT_PARAMS = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const SCRYPT_TAG = 'scrypt-n15r8p1';

// crypto.hash: one call, no Hash object (several times faster on the short texts hashed here).
const sha = (text: string) => digestOf('sha256', text, 'base64url');
const SECRETS = new Set<string>(SECRET_FIELDS);

/** Monitor fields but secrets, sorted as canonicalJson sorts keys. */
const FINGERPRINTED = MONITOR_FIELDS.filter((f) => !SECRETS.has(f)).sort();

/** Fingerprint of a canonical input (monitor fields only, normalize.ts) without its secrets. */
export function inputFingerprint(canonical: Canonical): string {
  return `sha256:${sha(canonicalJsonPick(canonical, FINGERPRINTED))}`;
}

/** Short per-field hashes, so a plan can name which hidden field changed since the last apply. */
export function fieldHashes(canonical: Canonical): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, value] of Object.entries(canonical)) if (!SECRETS.has(field)) out[field] = fieldHash(value);
  return out;
}

/** The short hash of one canonical field value, as the lock file's `fields` keep it. */
export function fieldHash(value: unknown): string {
  return sha(canonicalJson(value)).slice(0, 12);
}

const memo = new Map<string, string>();
const memoKey = (value: string, salt: string) => `${salt}\u0000${value}`;

/** Salted, slow hash of one secret value. */
export function secretHash(value: string, salt: string): string {
  const key = memoKey(value, salt);
  let hash = memo.get(key);
  if (!hash) {
    hash = `${SCRYPT_TAG}:${scryptSync(value, salt, 32, SCRYPT_PARAMS).toString('base64url')}`;
    memo.set(key, hash);
  }
  return hash;
}

/**
 * Computes the hashes of these secret values on libuv's thread pool (in parallel, off the
 * event loop) and memoises them, so the planner's synchronous secretHash() finds them ready.
 * Plan calls it while the listing runs: with many distinct secrets, the cost disappears.
 */
export async function warmSecretHashes(values: Iterable<string>, salt: string): Promise<void> {
  const pending = [...new Set(values)].filter((value) => !memo.has(memoKey(value, salt)));
  await Promise.all(
    pending.map(
      (value) =>
        new Promise<void>((resolve, reject) =>
          scrypt(value, salt, 32, SCRYPT_PARAMS, (error, key) => {
            if (error) return reject(error);
            memo.set(memoKey(value, salt), `${SCRYPT_TAG}:${key.toString('base64url')}`);
            resolve();
          }),
        ),
    ),
  );
}

/** The secret values of an input (what warmSecretHashes needs). */
export function secretValuesOf(input: Readonly<Record<string, unknown>>): string[] {
  return SECRET_FIELDS.map((f) => input[f]).filter((v): v is string => typeof v === 'string');
}

export function secretHashes(canonical: Canonical, salt: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of SECRET_FIELDS) {
    const value = canonical[field];
    if (typeof value === 'string') out[field] = secretHash(value, salt);
  }
  return out;
}

/** Two maps of field -> hash name the same fields with the same hashes. */
export function sameHashes(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const k of keys) if (!Object.hasOwn(b, k) || a[k] !== b[k]) return false;
  return true;
}

/** Covers secrets through their hashes, so a rotated secret gives another key. */
export function bodyFingerprint(fingerprint: string, secrets: Record<string, string>): string {
  return sha(`${fingerprint}\n${canonicalJson(secrets)}`);
}

/**
 * What a plan is computed from, per live monitor: its id, its monitor input fields, and
 * updated_at (part of replace keys). Status, check times and any other field a server adds
 * (uptime, response times, links) change by themselves and mean nothing to the plan.
 */
const PLANNED_FROM_SORTED = [...new Set<string>(['id', 'updated_at', ...MONITOR_FIELDS])].sort();

/**
 * Hash of a live listing as the planner sees it, in any listing order; a saved plan is
 * stale when it changes. `lineOf` may return lines made ahead (plan makes them page by
 * page while the listing runs).
 */
export function liveFingerprint(
  live: readonly LiveMonitor[],
  lineOf: (monitor: LiveMonitor) => string = liveLine,
): string {
  const hash = createHash('sha256');
  for (const monitor of [...live].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)))
    hash.update(lineOf(monitor)).update('\n');
  return `sha256:${hash.digest('base64url')}`;
}

/** One live monitor's part of liveFingerprint. */
export function liveLine(monitor: LiveMonitor): string {
  return canonicalJsonPick(monitor, PLANNED_FROM_SORTED);
}
