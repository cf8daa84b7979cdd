// Whatever the bytes, the loader answers with diagnostics, never an exception, and
// every diagnostic of a file points inside it.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fileShapeProblems } from '../../src/load/checks/file-check.js';
import { loadDesiredState } from '../../src/load/index.js';
import { DEFAULTS, tempDir } from './temp-dir.js';

const pieces = [
  'monitors:',
  'defaults:',
  'moved:',
  'settings:',
  '\n',
  '\n  ',
  '\n    ',
  '- ',
  'name: ',
  'type: ',
  'url: ',
  'http',
  'tcp',
  'https://a.example.com/',
  '10.0.0.1',
  'port: ',
  '80',
  '-1',
  'null',
  '~',
  '[',
  ']',
  '{',
  '}',
  ', ',
  ': ',
  '"',
  "'",
  '#',
  '&a ',
  '*a',
  '!',
  '? ',
  '---',
  '\t',
  '${env:X}',
  '${env:',
  'id: ',
  'scope: ',
  'from: ',
  'to: ',
  'headers: |',
  'Authorization: x',
  '<<: ',
  'yes',
  '0o7',
  'timeout_seconds: ',
  '99999999999999999999',
];

describe('loader robustness', () => {
  it('a file of 200,000 bad items gets one problem each, not a stack overflow (push(...list) has an argument limit)', () => {
    const problems = fileShapeProblems({ monitors: new Array<string>(200_000).fill('x') });
    expect(problems).toHaveLength(200_000);
    expect(problems[199_999]).toMatchObject({ path: ['monitors', 199_999], code: 'schema.type' });
  });

  it('never throws and keeps every position inside the file', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'f.yaml');
    const text = fc.oneof(
      fc.array(fc.constantFrom(...pieces), { maxLength: 40 }).map((p) => p.join('')),
      fc
        .array(fc.constantFrom(...pieces), { maxLength: 20 })
        .map((p) => `${DEFAULTS}monitors:\n  - name: home\n    ${p.join('')}`),
    );
    await fc.assert(
      fc.asyncProperty(text, async (t) => {
        writeFileSync(file, t);
        const r = await loadDesiredState(['f.yaml'], { env: { X: 'x' }, cwd: dir });
        const lines = t.split('\n').length;
        for (const d of r.diagnostics) {
          expect(d.file).toBe('f.yaml');
          expect(d.line).toBeGreaterThanOrEqual(1);
          expect(d.line).toBeLessThanOrEqual(lines + 1);
          expect(d.col).toBeGreaterThanOrEqual(1);
          expect(d.code).toMatch(/^[a-z]+\.[a-z_A-Z]+$/);
        }
      }),
      { numRuns: Number(process.env.ROBUST_RUNS ?? 300) },
    );
  });
});
