// The lock's record of the policy in force at the last apply: stable sorted JSON that
// round-trips, absent for a set without policy (such a lock is what earlier versions
// wrote), refused with LOCK_INVALID when hand-edited into something else; and the lock
// branch's three-way merge takes the side that changed it.
import { describe, expect, it } from 'vitest';
import { MonitorsError } from '../../src/errors.js';
import { parseLock, serializeLock } from '../../src/lock/lock-file.js';
import { mergeLocks } from '../../src/lock/merge-locks.js';
import type { LockFile, LockPolicy } from '../../src/lock/types.js';

const lock = (policy?: LockPolicy): LockFile => ({
  format_version: 1,
  salt: 'salt-0123456789abcdef',
  monitors: [{ id: 'm1', name: 'shop: home', fingerprint: 'sha256:1' }],
  ...(policy ? { policy } : {}),
});
const policy = (level: 'mandatory' | 'advisory', require = 'r1'): LockPolicy => ({
  rules: {
    'team-tag': { fingerprint: `fp-${level}-${require}`, level, parts: { where: 'w1', require } },
    naming: { fingerprint: 'fp-naming', level: 'advisory', parts: {} },
  },
});

describe('the policy in the lock file', () => {
  it('is written sorted (rules by id, parts by key) after the salt, and parses back to the same lock', () => {
    const text = serializeLock(lock(policy('mandatory')));
    expect(text).toContain(
      [
        '  "policy": {',
        '    "rules": {',
        '      "naming": {',
        '        "fingerprint": "fp-naming",',
        '        "level": "advisory",',
        '        "parts": {}',
        '      },',
        '      "team-tag": {',
        '        "fingerprint": "fp-mandatory-r1",',
        '        "level": "mandatory",',
        '        "parts": {',
        '          "require": "r1",',
        '          "where": "w1"',
        '        }',
      ].join('\n'),
    );
    expect(text.indexOf('"salt"')).toBeLessThan(text.indexOf('"policy"'));
    const parsed = parseLock(text, 'monitors.lock.json');
    expect(parsed).toEqual(lock(policy('mandatory')));
    expect(serializeLock(parsed)).toBe(text);
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(lock(policy('mandatory')))));
  });

  it('is absent without a policy: the lock text has no "policy" member', () => {
    const text = serializeLock(lock());
    expect(text).not.toContain('"policy"');
    expect(parseLock(text, 'monitors.lock.json')).toEqual(lock());
  });

  it.each([
    ['not an object', '[]', '"policy" needs an object "rules"'],
    ['rules missing', '{}', '"policy" needs an object "rules"'],
    ['a bad level', '{"rules":{"a":{"fingerprint":"f","level":"strict","parts":{}}}}', 'policy rule "a" needs'],
    ['no fingerprint', '{"rules":{"a":{"level":"advisory","parts":{}}}}', 'policy rule "a" needs'],
    ['parts not strings', '{"rules":{"a":{"fingerprint":"f","level":"advisory","parts":{"x":1}}}}', 'policy rule "a"'],
  ])('refuses %s with LOCK_INVALID, naming the file', (_what, value, message) => {
    const text = `{"format_version":1,"salt":"salt-0123456789","policy":${value},"monitors":[]}`;
    let thrown: unknown;
    try {
      parseLock(text, 'locks/prod.lock.json');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(MonitorsError);
    expect((thrown as MonitorsError).code).toBe('LOCK_INVALID');
    expect((thrown as MonitorsError).message).toContain('locks/prod.lock.json');
    expect((thrown as MonitorsError).message).toContain(message);
  });
});

describe('mergeLocks and the policy', () => {
  const base = lock(policy('advisory'));

  it('takes the side that changed it since the base', () => {
    const changed = lock(policy('mandatory'));
    expect(mergeLocks(base, changed, base).lock.policy).toEqual(changed.policy);
    expect(mergeLocks(base, base, changed).lock.policy).toEqual(changed.policy);
  });

  it('takes ours when both sides changed it (this apply checked its plan against it)', () => {
    const ours = lock(policy('mandatory'));
    const theirs = lock(policy('advisory', 'r2'));
    expect(mergeLocks(base, ours, theirs).lock.policy).toEqual(ours.policy);
  });

  it('drops it when one side removed it (the policy was deleted) and keeps it when a side added it', () => {
    expect(mergeLocks(base, lock(), base).lock.policy).toBeUndefined();
    expect(mergeLocks(base, base, lock()).lock.policy).toBeUndefined();
    expect(mergeLocks(undefined, lock(), lock(policy('advisory'))).lock.policy).toEqual(policy('advisory'));
    expect(mergeLocks(lock(), lock(policy('mandatory')), lock()).lock.policy).toEqual(policy('mandatory'));
  });
});
