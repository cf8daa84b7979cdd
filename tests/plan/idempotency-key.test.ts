// Keys derived from the change: valid for the spec, stable across runs, distinct whenever
// operation, target, body or generation differ.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { idempotencyKey, keyForGeneration, type KeyInput } from '../../src/plan/idempotency-key.js';
import { desired, input, liveOf, lockOf, monitorId, plan, recordOf, state } from './fixtures.js';

const KEY_PATTERN = /^[A-Za-z0-9_.:-]+$/;

// The real domains: targets are names or ids (one line), body fingerprints are 43-character
// base64url sha256 digests. (Fields are joined with newlines, so a target holding a newline
// plus a fake digest could alias another; no real name and digest pair can.)
const keyInput: fc.Arbitrary<KeyInput> = fc.record(
  {
    operation: fc.constantFrom('create' as const, 'replace' as const, 'delete' as const),
    target: fc.string({ minLength: 1, maxLength: 120, unit: 'binary' }).filter((t) => !t.includes('\n')),
    bodyFingerprint: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    generation: fc.nat({ max: 1000 }),
  },
  { requiredKeys: ['operation', 'target', 'generation'] },
);

describe('idempotency keys', () => {
  it('match the spec pattern and length, whatever the target holds', () => {
    fc.assert(
      fc.property(keyInput, (k) => {
        const key = idempotencyKey(k);
        expect(key).toMatch(KEY_PATTERN);
        expect(key.length).toBeGreaterThanOrEqual(8);
        expect(key.length).toBeLessThanOrEqual(100);
      }),
    );
  });

  it('are deterministic', () => {
    fc.assert(fc.property(keyInput, (k) => idempotencyKey({ ...k }) === idempotencyKey(k)));
    // Frozen: a saved plan or a re-run after an upgrade must send the keys it sent before.
    expect(idempotencyKey({ operation: 'create', target: 'alpha', bodyFingerprint: 'fp', generation: 0 })).toBe(
      'mon1.create.1QCN65J3R5Y0MFH6P40C6TX823.g0',
    );
  });

  it('differ when any of operation, target, body fingerprint or generation differs', () => {
    fc.assert(
      fc.property(keyInput, keyInput, (a, b) => {
        const same =
          a.operation === b.operation &&
          a.target === b.target &&
          (a.bodyFingerprint ?? '') === (b.bodyFingerprint ?? '') &&
          a.generation === b.generation;
        fc.pre(!same);
        expect(idempotencyKey(a)).not.toBe(idempotencyKey(b));
      }),
    );
    const base: KeyInput = { operation: 'replace', target: monitorId(1), bodyFingerprint: 'fp-a', generation: 0 };
    const variants = [
      base,
      { ...base, operation: 'create' as const },
      { ...base, target: monitorId(2) },
      { ...base, bodyFingerprint: 'fp-b' },
      { ...base, generation: 1 },
    ];
    expect(new Set(variants.map(idempotencyKey)).size).toBe(variants.length);
  });

  it('keyForGeneration(change, 0) is the key in the plan; later generations differ', () => {
    const X = monitorId(1);
    const p = plan(
      state([desired('alpha'), desired('beta', { retry_count: 2 })]),
      [liveOf(X, input('beta'), 'spec'), liveOf(monitorId(2), input('gone'), 'spec')],
      lockOf([recordOf(X, desired('beta')), recordOf(monitorId(2), desired('gone'))]),
    );
    expect(p.changes.map((c) => c.action)).toEqual(['create', 'replace', 'delete']);
    for (const change of p.changes) {
      expect(keyForGeneration(change, 0)).toBe(change.idempotency_key);
      const later = [1, 2, 3].map((g) => keyForGeneration(change, g));
      expect(new Set([change.idempotency_key, ...later]).size).toBe(4);
      expect(later[0]).toMatch(/\.g1$/);
    }
  });

  it('a replace is keyed by the live updated_at too: the same body after other writes is a new request', () => {
    // A -> B -> A -> B: the last PUT has the body of the second; with a key from the body
    // alone, a server that still remembers that key replays it and changes nothing.
    const X = monitorId(1);
    const replaceAt = (updatedAt: string) =>
      plan(
        state([desired('beta', { retry_count: 2 })]),
        [liveOf(X, input('beta'), 'spec', { updated_at: updatedAt })],
        lockOf([recordOf(X, desired('beta'))]),
      ).changes[0]!;
    const first = replaceAt('2024-05-01T10:00:00.000Z');
    const later = replaceAt('2024-05-01T10:05:00.000Z');
    expect([first.action, later.action]).toEqual(['replace', 'replace']);
    expect(later.body_fingerprint).toBe(first.body_fingerprint);
    expect(later.idempotency_key).not.toBe(first.idempotency_key);
    expect(replaceAt('2024-05-01T10:00:00.000Z').idempotency_key).toBe(first.idempotency_key); // a re-run of the same plan: same key
    expect(keyForGeneration(later, 0)).toBe(later.idempotency_key);
  });

  it('the body part follows the bytes sent: a re-ordered list or re-spaced header is another key, with the same lock fingerprint', () => {
    const body = {
      locations: ['us-east', 'eu-west'],
      headers: 'X-A:  1\nX-B: 2',
      tags: 'b, a',
      execution_mode: 'multi_location',
    };
    const variants = [
      body,
      { ...body, locations: ['eu-west', 'us-east'] },
      { ...body, headers: 'X-A: 1\nX-B: 2' },
      { ...body, tags: 'a,b' },
      { ...body, group: null },
    ];
    const creates = variants.map((v) => plan(state([desired('alpha', v)]), [], lockOf([])).changes[0]!);
    expect(new Set(creates.map((c) => c.lock_record!.fingerprint)).size, 'compared by meaning: one fingerprint').toBe(
      1,
    );
    expect(new Set(creates.map((c) => c.body_fingerprint)).size, 'sent as written: a key each').toBe(variants.length);
    expect(new Set(creates.map((c) => c.idempotency_key)).size).toBe(variants.length);
    // Stable: the same YAML gives the same key in every run.
    expect(plan(state([desired('alpha', body)]), [], lockOf([])).changes[0]!.idempotency_key).toBe(
      creates[0]!.idempotency_key,
    );
  });

  it('a create is keyed by name, a replace by id: renaming in YAML changes a create key only', () => {
    const createA = plan(state([desired('alpha')]), [], undefined).changes[0]!;
    const createB = plan(
      state([desired('alpha', { name: 'alpha2', url: 'https://alpha.example.com/' })]),
      [],
      undefined,
    ).changes[0]!;
    expect(createA.idempotency_key).not.toBe(createB.idempotency_key);
    expect(createA.idempotency_key).toMatch(/^mon1\.create\./);
  });
});
