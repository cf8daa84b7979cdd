// Saved plans (`plan --out FILE`): a round trip keeps the plan exactly; a damaged file is
// refused with PLAN_FILE_INVALID; bodies keep ${env:NAME} references, never values.
import { describe, expect, it } from 'vitest';
import { MonitorsError } from '../../src/errors.js';
import { parseSavedPlan, SAVED_PLAN_KIND, serializeSavedPlan } from '../../src/plan/saved-plan.js';
import { desired, input, liveOf, lockOf, monitorId, plan, recordOf, state } from './fixtures.js';

const SECRET = 'sekret-ONE-4b1d9f';
const HEADER_SECRET = 'sekret-TWO-9c7e21';
const X = monitorId(1);
const Y = monitorId(2);

const lock = lockOf([recordOf(X, desired('beta')), recordOf(Y, desired('gone'))]);
const samplePlan = plan(
  state([
    desired(
      'alpha',
      { auth_type: 'bearer', auth_secret: SECRET, headers: `X-Key: ${HEADER_SECRET}` },
      { envRefs: { auth_secret: '${env:SHOP_TOKEN}', headers: 'X-Key: ${env:HEADER_KEY}' } },
    ),
    desired('beta', { retry_count: 4 }),
  ]),
  [liveOf(X, input('beta'), 'spec'), liveOf(Y, input('gone'), 'spec')],
  lock,
);
const meta = {
  lockPath: 'monitors.lock.json',
  lock,
  toolVersion: '0.1.0',
  apiUrl: 'https://api.example.com/api/v1',
  now: new Date('2024-05-01T10:00:00Z'),
};
const text = serializeSavedPlan(samplePlan, meta);

function invalid(value: unknown): MonitorsError {
  try {
    parseSavedPlan(typeof value === 'string' ? value : JSON.stringify(value));
  } catch (error) {
    expect(error).toBeInstanceOf(MonitorsError);
    expect((error as MonitorsError).code).toBe('PLAN_FILE_INVALID');
    expect((error as MonitorsError).hint).toContain('monitors plan --out');
    return error as MonitorsError;
  }
  throw new Error('expected PLAN_FILE_INVALID');
}

describe('saved plans', () => {
  it('round-trip: the same plan, lock path, salt, url, time and version', () => {
    expect(samplePlan.changes.map((c) => c.action)).toEqual(['create', 'replace', 'delete']);
    const saved = parseSavedPlan(text);
    expect(saved.plan).toEqual(samplePlan);
    expect(saved).toMatchObject({
      lockPath: 'monitors.lock.json',
      salt: lock.salt,
      apiUrl: meta.apiUrl,
      createdAt: '2024-05-01T10:00:00.000Z',
      toolVersion: '0.1.0',
    });
    expect(JSON.parse(text)).toMatchObject({ kind: SAVED_PLAN_KIND, format_version: 1 });
    expect(text.endsWith('}\n')).toBe(true);
  });

  it('api_url is optional', () => {
    const { apiUrl: _omitted, ...noUrl } = meta;
    expect(parseSavedPlan(serializeSavedPlan(samplePlan, noUrl)).apiUrl).toBeUndefined();
  });

  it('bodies keep ${env:NAME} references and never the values', () => {
    const body = parseSavedPlan(text).plan.changes[0]!.body!;
    expect(body.auth_secret).toBe('${env:SHOP_TOKEN}');
    expect(body.headers).toBe('X-Key: ${env:HEADER_KEY}');
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(HEADER_SECRET);
  });

  describe('PLAN_FILE_INVALID', () => {
    const good = JSON.parse(text) as Record<string, unknown>;
    const goodPlan = good.plan as Record<string, unknown>;
    const changes = goodPlan.changes as Record<string, unknown>[];
    const withPlan = (over: Record<string, unknown>) => ({ ...good, plan: { ...goodPlan, ...over } });
    const withChange = (i: number, over: Record<string, unknown>) =>
      withPlan({ changes: changes.map((c, j) => (j === i ? { ...c, ...over } : c)) });

    it('not JSON, or not a saved plan', () => {
      expect(invalid('{"kind":').message).toContain('not JSON');
      expect(invalid({ ...good, kind: 'terraform-plan' }).message).toContain('monitors plan --out');
      invalid([good]);
      invalid(JSON.stringify(goodPlan)); // a --format json plan is not a saved plan
    });

    it('another format version', () => {
      expect(invalid({ ...good, format_version: 2 }).message).toContain('format_version 2');
    });

    it('creates in flight that are not a list of key, name and id (null or a string)', () => {
      const settled = [{ key: 'mon1.create.x.g0', name: 'x', id: null }];
      expect(parseSavedPlan(JSON.stringify(withPlan({ pending_creates: settled }))).plan.pending_creates).toEqual(
        settled,
      );
      expect(invalid(withPlan({ pending_creates: {} })).message).toContain('"pending_creates" is not a list');
      invalid(withPlan({ pending_creates: [{ key: 'k', name: 'x' }] }));
      invalid(withPlan({ pending_creates: [{ key: 'k', name: 'x', id: 7 }] }));
    });

    it('an incomplete plan', () => {
      invalid({ ...good, plan: undefined });
      invalid(withPlan({ changes: undefined }));
      invalid(withPlan({ live_fingerprint: undefined }));
      invalid(withPlan({ summary: null }));
    });

    it('no lock path or salt', () => {
      invalid({ ...good, lock_path: undefined });
      invalid({ ...good, lock_salt: 7 });
    });

    it('changes without action, name, key, id, body or lock record', () => {
      expect(invalid(withChange(0, { action: 'upsert' })).message).toContain('change 1');
      invalid(withChange(1, { name: undefined }));
      invalid(withChange(2, { idempotency_key: undefined }));
      expect(invalid(withChange(1, { id: null })).message).toContain('has no id');
      expect(invalid(withChange(2, { id: undefined })).message).toContain('delete of "gone"');
      expect(invalid(withChange(0, { body: undefined })).message).toContain('has no body');
      invalid(withChange(1, { lock_record: undefined }));
      invalid(withPlan({ changes: [...changes, 'oops'] }));
    });
  });
});
