// A random but reproducible chaos scenario: what the YAML wants before and during the
// faulty run, which monitors were made by hand, which faults the simulator injects, and
// when the CLI gets SIGKILLed.
import fc from 'fast-check';

export interface ChaosScenario {
  seed: number;
  /** Applied cleanly first, so the chaotic run has replaces and deletes as well as creates. */
  before: MonitorSpec[];
  /** What the YAML wants during the chaotic run and after. */
  after: MonitorSpec[];
  /** Made in the dashboard (never in the YAML): must be untouched. */
  unmanaged: MonitorSpec[];
  faults: {
    errorRate: number;
    dropRate: number;
    holdWritesMs: number;
    latencyMs: number;
    jitterMs: number;
    rateLimitRps: number;
  };
  /** Signal the CLI after this many ms; undefined: let it finish. */
  killAfterMs: number | undefined;
  /** SIGKILL (a killed job) or SIGINT (Ctrl-C: stop starting, finish what is in flight). */
  killSignal: 'SIGKILL' | 'SIGINT';
}

export interface MonitorSpec {
  name: string;
  path: string;
  timeout: number;
}

const spec = (prefix: string) =>
  fc
    .record({
      n: fc.integer({ min: 0, max: 40 }),
      path: fc.constantFrom('/', '/health', '/status', '/api/ping'),
      timeout: fc.integer({ min: 2, max: 60 }),
    })
    .map(({ n, path, timeout }): MonitorSpec => ({ name: `${prefix}-${n}`, path, timeout }));
const uniqueSpecs = (prefix: string, max: number) =>
  fc.uniqueArray(spec(prefix), { maxLength: max, selector: (m) => m.name });

const scenarioArb = fc.record({
  before: uniqueSpecs('app', 8),
  added: uniqueSpecs('new', 6),
  keepMask: fc.array(fc.constantFrom('keep', 'change', 'drop'), { minLength: 8, maxLength: 8 }),
  unmanaged: uniqueSpecs('manual', 3),
  errorRate: fc.constantFrom(0, 0.1, 0.2, 0.3),
  dropRate: fc.constantFrom(0, 0.05, 0.15),
  holdWritesMs: fc.constantFrom(0, 0, 300),
  latencyMs: fc.constantFrom(0, 5, 20),
  rateLimitRps: fc.constantFrom(0, 0, 0, 20),
  killAfterMs: fc.option(fc.integer({ min: 30, max: 1500 }), { nil: undefined }),
  killSignal: fc.constantFrom('SIGKILL' as const, 'SIGKILL' as const, 'SIGINT' as const),
});

export function chaosScenario(seed: number): ChaosScenario {
  const [drawn] = fc.sample(scenarioArb, { seed, numRuns: 1 });
  const s = drawn!;
  const after: MonitorSpec[] = [];
  s.before.forEach((m, i) => {
    const fate = s.keepMask[i] ?? 'keep';
    if (fate === 'keep') after.push(m);
    if (fate === 'change') after.push({ ...m, timeout: m.timeout === 60 ? 2 : m.timeout + 1 });
  });
  after.push(...s.added);
  return {
    seed,
    before: s.before,
    after,
    unmanaged: s.unmanaged,
    faults: {
      errorRate: s.errorRate,
      dropRate: s.dropRate,
      holdWritesMs: s.holdWritesMs,
      latencyMs: s.latencyMs,
      jitterMs: s.latencyMs,
      rateLimitRps: s.rateLimitRps,
    },
    killAfterMs: s.killAfterMs,
    killSignal: s.killSignal,
  };
}

export function yamlFor(monitors: readonly MonitorSpec[]): string {
  const lines = [
    'defaults:',
    '  type: http',
    '  method: GET',
    '  interval_seconds: 300',
    '  retry_count: 1',
    '  confirmation_attempts: 2',
    '  slow_threshold_ms: 2000',
    '  expected_status_min: 200',
    '  expected_status_max: 299',
    '  max_redirects: 3',
    '  auth_type: none',
    '  execution_mode: single_location',
    '  locations: [eu-west]',
    '  consensus_threshold: 1',
    monitors.length === 0 ? 'monitors: []' : 'monitors:',
  ];
  for (const m of monitors)
    lines.push(
      `  - name: ${m.name}`,
      `    url: https://shop.example.com${m.path}`,
      `    timeout_seconds: ${m.timeout}`,
    );
  return `${lines.join('\n')}\n`;
}
