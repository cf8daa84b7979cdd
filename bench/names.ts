// The benchmarks `npm run bench` runs (run.ts), in its order, each bench/NAME.ts a process
// of its own. tests/bench/benches-run.test.ts runs each in its smoke size and fails on a
// file of bench/ that is neither one of these nor one of their helpers.
export const BENCHES = [
  'startup',
  'validate',
  'templates',
  'policy',
  'sim',
  'plan',
  'apply',
  'lock-size',
  'scale',
  'status-page',
  'lsp',
  'env-all',
  'discover',
] as const;
