import { defineConfig } from 'vitest/config';

// The package as users install it (tests/package): `npm pack` rebuilds dist/src for
// publishing (the prepack script), so this runs after the main suite, never beside it.
export default defineConfig({
  test: {
    include: ['tests/package/**/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
    pool: 'forks',
    poolOptions: { forks: { singleFork: true } },
  },
});
