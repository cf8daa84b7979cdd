// `npm test` ends with the whole suite's summary (CI and people read the last one), not the
// package test's few lines: the package test runs first (it removes dist/src to pack as
// from a fresh clone), then the build the main suite runs, then the main vitest run, last.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const pkg = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

describe('npm test', () => {
  it('runs the package test before the whole suite, which comes last', () => {
    const steps = pkg.scripts.test!.split('&&').map((s) => s.trim());
    expect(steps.at(-1)).toBe('vitest run');
    expect(steps).toContain('npm run test:package');
    expect(steps.indexOf('npm run test:package')).toBeLessThan(steps.indexOf('npm run build'));
    expect(steps.indexOf('npm run build')).toBe(steps.length - 2);
    expect(pkg.scripts['test:package']).toContain('vitest.package.config.ts');
  });
});
