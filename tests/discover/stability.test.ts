// The written file is a function of what the manifests say: permuting the documents (within
// a file and across files) and the keys of every mapping changes no byte of it, nor the
// skips. Property tests (fast-check) over a pool of resources that interact: two Ingresses
// on one host and path, an HTTPRoute whose scheme comes from a Gateway in another document,
// a canary, an annotated Service, kinds passed over.
import fc from 'fast-check';
import jsyaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { discover } from '../../src/discover/discover.js';
import { renderMonitorsYaml } from '../../src/discover/output-yaml.js';

const backend = { service: { name: 'web', port: { number: 80 } } };
const POOL: Record<string, unknown>[] = [
  {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'Ingress',
    metadata: {
      name: 'shop',
      namespace: 'shop',
      annotations: { 'monitors.dev/tags': 'shop,web', 'monitors.dev/interval-seconds': '300' },
    },
    spec: {
      tls: [{ hosts: ['shop.example.com'], secretName: 'shop' }],
      rules: [
        {
          host: 'shop.example.com',
          http: {
            paths: [
              { path: '/', pathType: 'Prefix', backend },
              { path: '/api', pathType: 'Exact', backend },
            ],
          },
        },
      ],
    },
  },
  {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'Ingress',
    metadata: { name: 'shop-copy', namespace: 'other' },
    spec: { rules: [{ host: 'shop.example.com', http: { paths: [{ path: '/', pathType: 'Prefix', backend }] } }] },
  },
  {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'Ingress',
    metadata: { name: 'canary', namespace: 'shop', annotations: { 'nginx.ingress.kubernetes.io/canary': 'true' } },
    spec: { rules: [{ host: 'shop.example.com', http: { paths: [{ path: '/', pathType: 'Prefix', backend }] } }] },
  },
  {
    apiVersion: 'gateway.networking.k8s.io/v1',
    kind: 'Gateway',
    metadata: { name: 'edge', namespace: 'infra' },
    spec: {
      gatewayClassName: 'x',
      listeners: [{ name: 'https', protocol: 'HTTPS', port: 443, hostname: '*.example.org' }],
    },
  },
  {
    apiVersion: 'gateway.networking.k8s.io/v1',
    kind: 'HTTPRoute',
    metadata: { name: 'store', namespace: 'store' },
    spec: {
      parentRefs: [{ name: 'edge', namespace: 'infra' }],
      hostnames: ['store.example.org', 'b.example.org'],
      rules: [
        { matches: [{ path: { type: 'PathPrefix', value: '/cart' } }, { headers: [{ name: 'x', value: 'y' }] }] },
        {},
      ],
    },
  },
  {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'lb', namespace: 'net', annotations: { 'monitors.dev/host': 'lb.example.net' } },
    spec: { type: 'LoadBalancer', ports: [{ port: 8080 }] },
  },
  { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { replicas: 2 } },
  { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' } },
];

/** A copy whose mappings list their keys in an order drawn from `seeds`. */
function permuteKeys(value: unknown, seeds: number[], depth = 0): unknown {
  if (Array.isArray(value)) return value.map((v) => permuteKeys(v, seeds, depth + 1));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value);
  const seed = seeds[depth % seeds.length] ?? 0;
  entries.sort(
    ([a], [b]) =>
      ((a.length * 31 + seed) % 7) - ((b.length * 31 + seed) % 7) ||
      (seed % 2 ? a.localeCompare(b) : b.localeCompare(a)),
  );
  return Object.fromEntries(entries.map(([k, v]) => [k, permuteKeys(v, seeds, depth + 1)]));
}

const asFiles = (objects: unknown[], split: number) => {
  const text = (list: unknown[]) => list.map((o) => jsyaml.dump(o)).join('---\n');
  return [
    { file: 'a.yaml', text: text(objects.slice(0, split)) },
    { file: 'b.yaml', text: text(objects.slice(split)) },
  ];
};

async function outcome(objects: unknown[], split: number) {
  const d = await discover(asFiles(objects, split));
  return {
    yaml: renderMonitorsYaml(d.monitors, ['k8s/']),
    skipped: d.skipped.map(({ code, resource, host, path, reason }) => ({ code, resource, host, path, reason })),
    problems: d.problems.length,
  };
}

describe('stability', () => {
  it('permuting documents, files and keys changes no byte of the YAML, nor the skips', async () => {
    const reference = await outcome(POOL, POOL.length);
    expect(reference.problems).toBe(0);
    expect(reference.yaml).toContain('https://store.example.org/cart');
    await fc.assert(
      fc.asyncProperty(
        fc.shuffledSubarray(POOL, { minLength: POOL.length, maxLength: POOL.length }),
        fc.array(fc.nat(1000), { minLength: 1, maxLength: 5 }),
        fc.nat(POOL.length),
        async (order, seeds, split) => {
          const permuted = order.map((o) => permuteKeys(o, seeds));
          expect(await outcome(permuted, split)).toEqual(reference);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('a changed manifest changes only its monitors', async () => {
    const before = (await outcome(POOL, 3)).yaml.split('\n');
    const changed = structuredClone(POOL);
    (changed[5]!.metadata as { annotations: Record<string, string> }).annotations['monitors.dev/host'] =
      'lb2.example.net';
    const after = (await outcome(changed, 3)).yaml.split('\n');
    const removed = before.filter((l) => !after.includes(l));
    const added = after.filter((l) => !before.includes(l));
    expect(removed).toEqual(['  - name: "net/lb: lb.example.net:8080/"', '    url: http://lb.example.net:8080/']);
    expect(added).toEqual(['  - name: "net/lb: lb2.example.net:8080/"', '    url: http://lb2.example.net:8080/']);
  });
});
