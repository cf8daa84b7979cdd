import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // tests/package packs and installs the package: its own run after this one (vitest.package.config.ts).
    exclude: ['dist/**', 'node_modules/**', 'tests/package/**'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // The e2e and chaos suites spawn the built CLI and the simulator; two cores are the limit.
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
