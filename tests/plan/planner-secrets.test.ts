// Secrets and env-filled fields: rotation is detected through the salted scrypt hashes in
// the lock; no value ever lands in a plan. Only two distinct secrets (scrypt is memoised
// per value, ~0.1 s each).
import { describe, expect, it } from 'vitest';
import type { DesiredMonitor } from '../../src/model/monitor.js';
import { fieldHash, inputFingerprint } from '../../src/plan/fingerprint.js';
import { normalizeInput } from '../../src/plan/normalize.js';
import { desired, input, liveOf, lockOf, monitorId, plan, recordOf, state } from './fixtures.js';

const X = monitorId(1);
const ONE = 'sekret-ONE-4b1d9f';
const TWO = 'sekret-TWO-9c7e21';

const withSecret = (secret: string, overrides: Record<string, unknown> = {}): DesiredMonitor =>
  desired(
    'alpha',
    { auth_type: 'bearer', auth_secret: secret, ...overrides },
    { envRefs: { auth_secret: '${env:SHOP_TOKEN}' } },
  );

function expectNoSecret(value: unknown): void {
  const text = JSON.stringify(value);
  expect(text).not.toContain(ONE);
  expect(text).not.toContain(TWO);
}

describe('planner and secrets', () => {
  it('a create shows the secret as sensitive, sends the template and records a scrypt hash', () => {
    const p = plan(state([withSecret(ONE)]), [], lockOf([]));
    const c = p.changes[0]!;
    expect(c.fields.find((f) => f.field === 'auth_secret')).toEqual({
      field: 'auth_secret',
      oldKnown: true,
      sensitive: true,
    });
    expect(c.body?.auth_secret).toBe('${env:SHOP_TOKEN}');
    expect(c.lock_record?.secrets?.auth_secret).toMatch(/^scrypt-n15r8p1:[A-Za-z0-9_-]{43}$/);
    expect(c.lock_record?.values).not.toHaveProperty('auth_secret');
    expect(c.lock_record).not.toHaveProperty('fields'); // nothing here comes from the environment
    expectNoSecret(p);
  });

  it('the same secret again: unchanged', () => {
    const p = plan(
      state([withSecret(ONE)]),
      [liveOf(X, input('alpha', { auth_type: 'bearer' }), 'full')],
      lockOf([recordOf(X, withSecret(ONE))]),
    );
    expect(p.summary).toEqual({ create: 0, replace: 0, delete: 0, unchanged: 1 });
  });

  it('a rotated secret: changed_since_apply with only a sensitive field, and another key', () => {
    const live = [liveOf(X, input('alpha', { auth_type: 'bearer' }), 'spec')];
    const lock = lockOf([recordOf(X, withSecret(ONE))]);
    const p = plan(state([withSecret(TWO)]), live, lock);
    expect(p.changes).toHaveLength(1);
    expect(p.changes[0]).toMatchObject({
      action: 'replace',
      id: X,
      reason: 'changed_since_apply',
      fields: [{ field: 'auth_secret', oldKnown: false, sensitive: true }],
    });
    expect(p.changes[0]!.lock_record?.secrets?.auth_secret).not.toBe(lock.monitors[0]!.secrets?.auth_secret);
    expectNoSecret(p);
    // Fingerprints without secrets are equal; the key still differs, so a replay cannot skip the rotation.
    const rotatedBack = plan(state([withSecret(ONE, { timeout_seconds: 11 })]), live, lock);
    expect(rotatedBack.changes[0]!.idempotency_key).not.toBe(p.changes[0]!.idempotency_key);
  });

  it('a rotated secret with visible drift: both shown, the secret without values', () => {
    const p = plan(
      state([withSecret(TWO)]),
      [liveOf(X, input('alpha', { auth_type: 'bearer', timeout_seconds: 30 }), 'full')],
      lockOf([recordOf(X, withSecret(ONE))]),
    );
    expect(p.changes[0]).toMatchObject({ reason: 'drift' });
    expect(p.changes[0]!.fields).toEqual([
      { field: 'timeout_seconds', old: 30, new: 10, oldKnown: true, oldSource: 'server' },
      { field: 'auth_secret', oldKnown: false, sensitive: true },
    ]);
    expectNoSecret(p);
  });

  it('a secret removed from the YAML is a sensitive change too', () => {
    const p = plan(
      state([desired('alpha', { auth_type: 'bearer' })]),
      [liveOf(X, input('alpha', { auth_type: 'bearer' }), 'spec')],
      lockOf([recordOf(X, withSecret(ONE))]),
    );
    expect(p.changes[0]).toMatchObject({
      reason: 'changed_since_apply',
      fields: [{ field: 'auth_secret', oldKnown: false, sensitive: true }],
    });
  });

  it('a field filled from ${env:NAME} is shown as sensitive, and the body keeps the template', () => {
    const value = `X-Api-Key: ${TWO}`;
    const d = desired('alpha', { headers: value }, { envRefs: { headers: 'X-Api-Key: ${env:API_KEY}' } });
    const created = plan(state([d]), [], lockOf([]));
    expect(created.changes[0]!.fields.find((f) => f.field === 'headers')).toEqual({
      field: 'headers',
      oldKnown: true,
      sensitive: true,
    });
    expect(created.changes[0]!.body?.headers).toBe('X-Api-Key: ${env:API_KEY}');
    expectNoSecret(created);

    const drifted = plan(
      state([d]),
      [liveOf(X, input('alpha', { headers: `X-Api-Key: ${ONE}` }), 'full')],
      lockOf([recordOf(X, d)]),
    );
    expect(drifted.changes[0]).toMatchObject({
      reason: 'drift',
      fields: [{ field: 'headers', oldKnown: true, sensitive: true }],
    });
    expectNoSecret(drifted);
  });

  it('the salt matters: the same secret under another salt gives another hash', () => {
    const a = recordOf(X, withSecret(ONE), 'salt-aaaaaaaa');
    const b = recordOf(X, withSecret(ONE), 'salt-bbbbbbbb');
    expect(a.secrets?.auth_secret).not.toBe(b.secrets?.auth_secret);
    expectNoSecret([a, b]);
  });

  describe('a field filled from ${env:NAME} in the lock file', () => {
    const withKeyHeader = (key: string, template = 'X-Api-Key: ${env:API_KEY}'): DesiredMonitor =>
      desired(
        'alpha',
        { headers: template.replace('${env:API_KEY}', key) },
        { envRefs: { headers: template }, envValues: { API_KEY: key } },
      );
    const withHost = (host: string): DesiredMonitor =>
      desired(
        'alpha',
        { url: `https://${host}/health` },
        { envRefs: { url: 'https://${env:HOST}/health' }, envValues: { HOST: host } },
      );

    it('keeps no fast hash of the value: neither the field hash nor the fingerprint is one of the resolved input', () => {
      const record = plan(state([withKeyHeader(ONE)]), [], lockOf([])).changes[0]!.lock_record!;
      const resolved = normalizeInput(input('alpha', { headers: `X-Api-Key: ${ONE}` }));
      expect(record.fields?.headers).toMatch(/^[A-Za-z0-9_-]{12}$/);
      expect(record.fields?.headers).not.toBe(fieldHash(resolved.headers));
      expect(record.fingerprint).not.toBe(inputFingerprint(resolved));
      // Fields not filled from the environment keep their values as written (they are in the YAML anyway), and no hash.
      expect(Object.keys(record.fields ?? {})).toEqual(['headers']);
      expect(record.values).not.toHaveProperty('headers');
      expect(record.values?.timeout_seconds).toBe(10);
      expectNoSecret(record);
    });

    it('is unchanged under the same value, changed_since_apply (sensitive) under a rotated one', () => {
      const live = [liveOf(X, input('alpha'), 'spec')];
      const lock = lockOf([recordOf(X, withKeyHeader(ONE))]);
      expect(plan(state([withKeyHeader(ONE)]), live, lock).summary.unchanged).toBe(1);
      const rotated = plan(state([withKeyHeader(TWO)]), live, lock);
      expect(rotated.changes[0]).toMatchObject({
        action: 'replace',
        reason: 'changed_since_apply',
        fields: [{ field: 'headers', oldKnown: false, sensitive: true }],
      });
      expectNoSecret(rotated);
    });

    it('sees a change of the template as written even when the variable keeps its value', () => {
      const lock = lockOf([recordOf(X, withKeyHeader(ONE))]);
      const p = plan(
        state([withKeyHeader(ONE, 'X-Api-Token: ${env:API_KEY}')]),
        [liveOf(X, input('alpha'), 'spec')],
        lock,
      );
      expect(p.changes[0]).toMatchObject({
        reason: 'changed_since_apply',
        fields: [{ field: 'headers', sensitive: true }],
      });
    });

    it('never shows a value on either side when a field moves between a plain value and ${env:NAME}', () => {
      const plain = desired('alpha', { headers: `X-Api-Key: ${ONE}` }); // a literal the YAML held (and the lock kept)
      const live = [liveOf(X, input('alpha'), 'spec')];
      const toEnv = plan(state([withKeyHeader(TWO)]), live, lockOf([recordOf(X, plain)]));
      expect(toEnv.changes[0]!.fields).toEqual([{ field: 'headers', oldKnown: true, sensitive: true }]);
      expectNoSecret(toEnv.changes[0]!.fields);
      // Back to a plain value: the new one is shown, the old one was never kept.
      const toPlain = plan(
        state([desired('alpha', { headers: 'Accept: */*' })]),
        live,
        lockOf([recordOf(X, withKeyHeader(ONE))]),
      );
      expect(toPlain.changes[0]!.fields).toEqual([
        { field: 'headers', new: 'Accept: */*', oldKnown: false, oldSource: 'environment' },
      ]);
      expectNoSecret(toPlain);
    });

    it('tells a changed variable (changed_since_apply) from a server-side edit (drift) of a visible templated field', () => {
      const lock = lockOf([recordOf(X, withHost('one.example.com'))]);
      const asApplied = liveOf(X, input('alpha', { url: 'https://one.example.com/health' }), 'full');
      expect(plan(state([withHost('two.example.com')]), [asApplied], lock).changes[0]).toMatchObject({
        reason: 'changed_since_apply',
      });
      const edited = liveOf(X, input('alpha', { url: 'https://three.example.com/health' }), 'full');
      expect(plan(state([withHost('one.example.com')]), [edited], lock).changes[0]).toMatchObject({ reason: 'drift' });
      expect(plan(state([withHost('one.example.com')]), [asApplied], lock).summary.unchanged).toBe(1);
    });
  });
});
