import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderValidatorsModule } from '../../src/load/checks/validators-source.js';
import { loaderValidators } from '../../src/load/checks/validators.js';
import { schemaProblems } from '../../src/schema/check-input.js';
import { httpInput } from './valid-input.js';

describe('precompiled validators', () => {
  it('the committed src/load/generated/validators.ts matches the schemas (regenerate: node dist/src/load/checks/write-validators.js)', () => {
    const committed = readFileSync(new URL('../../src/load/generated/validators.ts', import.meta.url), 'utf8');
    expect(committed === renderValidatorsModule()).toBe(true);
  });

  it('agree with the runtime-compiled monitor schema on valid and invalid inputs', () => {
    const inputs = [
      httpInput(),
      httpInput({ name: 'x', timeout_seconds: 61, bogus: 1 }),
      httpInput({ udp_payload: 'zz', locations: ['x'.repeat(33)] }),
      {},
    ];
    const { monitor } = loaderValidators();
    for (const input of inputs) {
      const ok = monitor(input);
      const keywords = (monitor.errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`);
      expect(ok).toBe(schemaProblems(input).length === 0);
      expect(keywords.length).toBe(schemaProblems(input).length);
    }
  });

  it('count maxLength in code points, like JSON Schema', () => {
    const { monitor } = loaderValidators();
    expect(monitor(httpInput({ group: '😀'.repeat(60) }))).toBe(true);
    expect(monitor(httpInput({ group: '😀'.repeat(61) }))).toBe(false);
  });
});
