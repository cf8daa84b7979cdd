// Secret hashes made ahead on the thread pool are the very hashes the planner would make.
import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SCRYPT_PARAMS, secretHash, warmSecretHashes } from '../../src/plan/fingerprint.js';

const expected = (value: string, salt: string) =>
  `scrypt-n15r8p1:${scryptSync(value, salt, 32, SCRYPT_PARAMS).toString('base64url')}`;

describe('warmSecretHashes', () => {
  it('memoises, per distinct value, the salted scrypt hash secretHash returns', async () => {
    const salt = `warm-${Math.random()}`;
    const started = performance.now();
    await warmSecretHashes(['one', 'two', 'one'], salt);
    const warming = performance.now() - started;
    const reading = performance.now();
    const hashes = [secretHash('one', salt), secretHash('two', salt)];
    expect(performance.now() - reading).toBeLessThan(warming); // memo hits: no scrypt on this thread
    expect(hashes).toEqual([expected('one', salt), expected('two', salt)]);
  });

  it('leaves values already hashed alone and accepts an empty list', async () => {
    const salt = `again-${Math.random()}`;
    const first = secretHash('x', salt);
    await warmSecretHashes(['x'], salt);
    await warmSecretHashes([], salt);
    expect(secretHash('x', salt)).toBe(first);
  });
});
