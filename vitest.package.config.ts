import { defineConfig } from 'vitest/config';

// The package as users install it (tests/package): `npm pack` rebuilds dist/cli for
// publishing (the prepack script), so this runs alone, never beside the main suite. `npm
// test` runs it first, so that the last summary printed (the one CI and people read) is the
// main suite's, not this file's.
export default defineConfig({
  test: {
    include: ['tests/package/**/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
    pool: 'forks',
    poolOptions: { forks: { singleFork: true } },
  },
});
