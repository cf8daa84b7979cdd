import { defineConfig } from 'vitest/config';

// The package as users install it (tests/package): `npm pack` rebuilds dist/cli for
// publishing (the prepack script) and removes dist/src, so this runs alone, never beside the
// main suite. `npm test` runs it first, then the build the main suite needs, then the main
// suite, so that the last summary printed (the one CI and people read) is the whole suite's.
export default defineConfig({
  test: {
    include: ['tests/package/**/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
    pool: 'forks',
    poolOptions: { forks: { singleFork: true } },
  },
});
