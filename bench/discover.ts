// Benchmark of `monitors discover k8s` as a whole process on one manifest of 5,000 resources
// (BENCH_SMOKE=1: 500), the shape of a large cluster's `helm template` output: Ingresses
// with TLS and two paths, HTTPRoutes behind their Gateways, annotated LoadBalancer
// Services, and the Deployments and Services that route nothing. Judged by two ratios: its
// time against 2 s (issue 43: "a manifest of 5,000 resources is read in under 2 s"), and
// against its floor measured in the same run (bare-discover.ts: read and parse, nothing
// else), target 3x. The two alternate, run by run, medians of RUNS runs.
// Run: npm run bench -- discover
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchEnv, markdownTable, measureCli, measureScript, median, type Measured } from './measure-process.js';
import { reportRatio } from './ratios.js';

const SMOKE = process.env.BENCH_SMOKE === '1';
const RESOURCES = SMOKE ? 500 : 5_000;
const RUNS = SMOKE ? 1 : 9;
const LIMIT_MS = 2_000;
const FLOOR_TARGET = 3;
const BARE = fileURLToPath(new URL('./bare-discover.js', import.meta.url));

/** One resource of the manifest; the kinds in turn, a tenth of them routing nothing. */
function resource(i: number): string {
  const ns = `team-${i % 40}`;
  switch (i % 5) {
    case 0:
      return `apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata:\n  name: app-${i}\n  namespace: ${ns}\n  annotations:\n    monitors.dev/tags: "team-${i % 40},web"\nspec:\n  ingressClassName: nginx\n  tls:\n  - hosts:\n    - app-${i}.example.com\n    secretName: app-${i}-tls\n  rules:\n  - host: app-${i}.example.com\n    http:\n      paths:\n      - path: /\n        pathType: Prefix\n        backend:\n          service:\n            name: app-${i}\n            port:\n              number: 80\n      - path: /api\n        pathType: Prefix\n        backend:\n          service:\n            name: app-${i}-api\n            port:\n              number: 8080\n`;
    case 1:
      return `apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata:\n  name: route-${i}\n  namespace: ${ns}\nspec:\n  parentRefs:\n  - name: gw-${i % 40}\n    namespace: infra\n  hostnames:\n  - route-${i}.example.org\n  rules:\n  - matches:\n    - path:\n        type: PathPrefix\n        value: /shop\n    backendRefs:\n    - name: shop-${i}\n      port: 8080\n`;
    case 2:
      return i % 25 === 2
        ? `apiVersion: gateway.networking.k8s.io/v1\nkind: Gateway\nmetadata:\n  name: gw-${(i / 25) | 0}\n  namespace: infra\nspec:\n  gatewayClassName: public\n  listeners:\n  - name: https\n    protocol: HTTPS\n    port: 443\n    hostname: "*.example.org"\n    tls:\n      certificateRefs:\n      - name: wildcard\n`
        : `apiVersion: v1\nkind: Service\nmetadata:\n  name: lb-${i}\n  namespace: ${ns}\n  annotations:\n    monitors.dev/host: lb-${i}.example.net\nspec:\n  type: LoadBalancer\n  ports:\n  - port: 443\n`;
    case 3:
      return `apiVersion: v1\nkind: Service\nmetadata:\n  name: app-${i}\n  namespace: ${ns}\nspec:\n  selector:\n    app: app-${i}\n  ports:\n  - port: 80\n    targetPort: 8080\n`;
    default:
      return `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: app-${i}\n  namespace: ${ns}\nspec:\n  replicas: 2\n  selector:\n    matchLabels:\n      app: app-${i}\n  template:\n    metadata:\n      labels:\n        app: app-${i}\n    spec:\n      containers:\n      - name: app\n        image: registry.example.com/app:${i}\n        ports:\n        - containerPort: 8080\n`;
  }
}

function checked(run: Measured, what: string): Measured {
  if (run.code !== 0)
    throw new Error(`${what} failed (exit ${run.code}):\n${(run.stdout + run.stderr).slice(0, 2000)}`);
  return run;
}

const dir = mkdtempSync(path.join(tmpdir(), 'bench-discover-'));
try {
  const file = path.join(dir, 'cluster.yaml');
  const text = Array.from(
    { length: RESOURCES },
    (_, i) => `# Source: chart/templates/${i % 5}.yaml\n${resource(i)}`,
  ).join('---\n');
  writeFileSync(file, text);
  const env = benchEnv();
  const discoverOnce = async () =>
    checked(await measureCli(['discover', 'k8s', file, '--format', 'json'], env), 'monitors discover k8s');
  const bareOnce = async () => checked(await measureScript(BARE, [file], env), 'the floor');
  await discoverOnce(); // warm the file cache
  await bareOnce();
  const discover: Measured[] = [];
  const bare: Measured[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    discover.push(await discoverOnce());
    bare.push(await bareOnce());
  }
  const monitors = (JSON.parse(discover[0]!.stdout) as { monitors: unknown[] }).monitors.length;
  const times = (runs: Measured[]) => runs.map((r) => r.wallMs);
  const row = (name: string, runs: Measured[]) => [
    name,
    `${Math.round(Math.min(...times(runs)))} ms`,
    `${Math.round(median(times(runs)))} ms`,
    `${Math.round(Math.max(...times(runs)))} ms`,
  ];
  const limit = reportRatio({
    bench: 'discover',
    what: `${RESOURCES} resources: time / 2 s`,
    value: median(times(discover)) / LIMIT_MS,
    kind: 'at most',
    target: 1,
  });
  const floor = reportRatio({
    bench: 'discover',
    what: `${RESOURCES} resources: time / floor`,
    value: median(discover.map((r, i) => r.wallMs / bare[i]!.wallMs)),
    kind: 'at most',
    target: FLOOR_TARGET,
  });
  process.stdout.write(
    [
      `monitors discover k8s: ${RESOURCES.toLocaleString('en')} resources in one manifest (${(text.length / 1e6).toFixed(1)} MB), ${monitors.toLocaleString('en')} monitors derived, ${RUNS} runs each, alternating`,
      '',
      markdownTable(
        ['process', 'min', 'median', 'max'],
        [row('monitors discover k8s', discover), row('floor: read, js-yaml loadAll', bare)],
      ),
      '',
      `time / 2 s (median): ${limit}`,
      `time / floor (median of the rounds' ratios): ${floor}`,
      '',
    ].join('\n'),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
