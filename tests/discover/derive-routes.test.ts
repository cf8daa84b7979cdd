// How `discover k8s` derives monitors from hand-written manifests (src/discover/), part two:
// HTTPRoutes and their Gateways, LoadBalancer Services, one monitor per host and path, and
// the names. Ingresses and annotations are in derive.test.ts.
import { describe, expect, it } from 'vitest';
import { discover } from '../../src/discover/discover.js';
import type { Discovery } from '../../src/discover/types.js';

const run = (text: string, nameTemplate?: string): Promise<Discovery> =>
  discover([{ file: 'k8s.yaml', text }], nameTemplate ? { nameTemplate } : {});
const urls = (d: Discovery) => d.monitors.map((m) => m.url);
const skips = (d: Discovery) => d.skipped.map((s) => [s.code, `${s.host ?? ''}${s.path ?? ''}`]);

const ingress = (name: string, body: string, annotations = '') => `apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: ${name}
  namespace: shop
${annotations ? `  annotations:\n${annotations.replace(/^/gm, '    ')}\n` : ''}spec:
${body.replace(/^/gm, '  ')}
`;

const rule = (host: string, ...paths: string[]) =>
  `- host: ${host}\n  http:\n    paths:\n${paths.map((p) => `    - path: ${p.split(' ')[0]}\n      pathType: ${p.split(' ')[1] ?? 'Prefix'}\n      backend: {service: {name: web, port: {number: 80}}}`).join('\n')}`;

const gateway = (listeners: string, name = 'public') => `apiVersion: gateway.networking.k8s.io/v1
kind: Gateway
metadata: {name: ${name}, namespace: infra}
spec:
  gatewayClassName: x
  listeners:
${listeners.replace(/^/gm, '  ')}
`;
const route = (parentRef: string, rest: string, annotations = '') => `apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata:
  name: store
  namespace: shop
${annotations ? `  annotations: {${annotations}}\n` : ''}spec:
  parentRefs: [${parentRef}]
${rest.replace(/^/gm, '  ')}
`;

describe('HTTPRoute', () => {
  it('derives hostnames x path matches; https from a parent HTTPS listener covering the host, its port when not 443', async () => {
    const d = await run(
      `${gateway('- {name: http, protocol: HTTP, port: 80, hostname: "*.example.com"}\n- {name: https, protocol: HTTPS, port: 8443, hostname: "*.example.com", tls: {mode: Terminate}}')}---\n${route(
        '{name: public, namespace: infra}',
        'hostnames: [store.example.com, "*.example.com"]\nrules:\n- matches:\n  - path: {type: PathPrefix, value: /cart}\n  - path: {type: Exact, value: /status}\n  - path: {type: RegularExpression, value: "/v[0-9]"}\n- backendRefs: [{name: web, port: 80}]',
      )}`,
    );
    expect(urls(d)).toEqual([
      'https://store.example.com:8443/',
      'https://store.example.com:8443/cart',
      'https://store.example.com:8443/status',
    ]);
    // A RegularExpression match is judged before the host, so the wildcard host shows it too.
    expect(skips(d)).toEqual([
      ['discover.wildcard_host', '*.example.com/'],
      ['discover.wildcard_host', '*.example.com/cart'],
      ['discover.wildcard_host', '*.example.com/status'],
      ['discover.path_type', '*.example.com/v[0-9]'],
      ['discover.path_type', 'store.example.com/v[0-9]'],
    ]);
  });

  it('is http on an HTTP-only Gateway, and not attached where no listener takes the host', async () => {
    const plain = await run(
      `${gateway('- {name: web, protocol: HTTP, port: 80}')}---\n${route('{name: public, namespace: infra}', 'hostnames: [a.example.com]')}`,
    );
    expect(urls(plain)).toEqual(['http://a.example.com/']);
    const other = await run(
      `${gateway('- {name: web, protocol: HTTPS, port: 443, hostname: other.example.org}')}---\n${route('{name: public, namespace: infra}', 'hostnames: [a.example.com]')}`,
    );
    expect(skips(other)).toEqual([['discover.not_attached', 'a.example.com']]);
  });

  it('without its Gateway: the annotation, else what the parentRef says, else https with a note', async () => {
    const annotated = await run(
      route('{name: gone, sectionName: https}', 'hostnames: [a.example.com]', 'monitors.dev/scheme: http'),
    );
    expect(urls(annotated)).toEqual(['http://a.example.com/']);
    const named = await run(route('{name: gone, sectionName: http}', 'hostnames: [a.example.com]'));
    expect(urls(named)).toEqual(['http://a.example.com/']);
    const guessed = await run(route('{name: gone}', 'hostnames: [a.example.com]'));
    expect(urls(guessed)).toEqual(['https://a.example.com/']);
    expect(guessed.notes[0]!.message).toMatch(/^https guessed for a\.example\.com: its Gateway is not in the input/);
  });

  it('skips a match that needs headers, a redirect-only rule, and a route without hostnames', async () => {
    const d = await run(
      route(
        '{name: gone}',
        'hostnames: [a.example.com]\nrules:\n- matches: [{path: {value: /x}, headers: [{name: env, value: canary}]}]\n- filters: [{type: RequestRedirect, requestRedirect: {scheme: https}}]\n- matches: [{path: {value: /get}, method: GET}]',
      ),
    );
    expect(urls(d)).toEqual(['https://a.example.com/get']);
    expect(skips(d)).toEqual([
      ['discover.redirect', 'a.example.com'],
      ['discover.header_match', 'a.example.com/x'],
    ]);
    const none = await run(route('{name: gone}', 'rules: [{backendRefs: [{name: web, port: 80}]}]'));
    expect(skips(none)).toEqual([['discover.no_host', '']]);
  });
});

describe('Service', () => {
  const service = (annotations: string, extra = '') => `apiVersion: v1
kind: Service
metadata:
  name: edge
  namespace: net
${annotations ? `  annotations: {${annotations}}\n` : ''}spec:
  type: LoadBalancer
  ports: [{port: 443}, {port: 80}]
${extra}`;

  it('gives a monitor only when annotated, from monitors.dev/host, external-dns or the status', async () => {
    expect(skips(await run(service('')))).toEqual([['discover.not_annotated', '']]);
    expect(urls(await run(service('monitors.dev/host: edge.example.com')))).toEqual(['https://edge.example.com/']);
    const dns = await run(
      service('monitors.dev/enabled: "true", external-dns.alpha.kubernetes.io/hostname: "a.example.com,b.example.com"'),
    );
    expect(urls(dns)).toEqual(['https://a.example.com/', 'https://b.example.com/']);
    const status = await run(
      service('monitors.dev/enabled: "true"', 'status: {loadBalancer: {ingress: [{ip: 203.0.113.9}, {ip: 8.8.4.4}]}}'),
    );
    expect(urls(status)).toEqual(['https://8.8.4.4/']);
    expect(skips(status)[0]![0]).toBe('discover.private_host'); // 203.0.113.0/24 is documentation space
  });

  it('passes over other Services quietly', async () => {
    const d = await run('apiVersion: v1\nkind: Service\nmetadata: {name: db}\nspec: {type: ClusterIP}\n');
    expect(d.monitors).toEqual([]);
    expect(d.skipped).toEqual([]);
  });
});

describe('one monitor per host and path, and names', () => {
  it('keeps the https one, then the first by identity, and says which one the others duplicate', async () => {
    const d = await run(
      `${ingress('b-second', `rules:\n${rule('a.example.com', '/')}`)}---\n${ingress('a-first', `rules:\n${rule('a.example.com', '/')}`)}---\n${ingress('c-tls', `tls: [{hosts: [a.example.com]}]\nrules:\n${rule('a.example.com', '/')}`)}`,
    );
    expect(d.monitors.map((m) => m.name)).toEqual(['shop/c-tls: a.example.com/']);
    expect(d.skipped.map((s) => [s.resource.name, s.reason])).toEqual([
      ['a-first', 'http://a.example.com/ is already monitored as "shop/c-tls: a.example.com/" (Ingress shop/c-tls)'],
      ['b-second', 'http://a.example.com/ is already monitored as "shop/c-tls: a.example.com/" (Ingress shop/c-tls)'],
    ]);
  });

  it('names from --name, widens a plain annotated name over several monitors, and refuses a template that merges two', async () => {
    const text = ingress('web', `rules:\n${rule('a.example.com', '/', '/api')}`);
    expect((await run(text, '{kind} {name} {scheme}://{host}{path}')).monitors.map((m) => m.name)).toEqual([
      'Ingress web http://a.example.com/',
      'Ingress web http://a.example.com/api',
    ]);
    const plain = await run(ingress('web', `rules:\n${rule('a.example.com', '/', '/api')}`, 'monitors.dev/name: Shop'));
    expect(plain.monitors.map((m) => m.name)).toEqual(['Shop: a.example.com/', 'Shop: a.example.com/api']);
    const merged = await run(text, '{namespace}: {host}');
    expect(merged.problems.map((p) => p.code)).toEqual(['discover.same_name']);
    expect(merged.problems[0]!.hint).toMatch(/\{path\}/);
  });

  it('keeps names within the API limit of 100 characters, still stable', async () => {
    const long = `${'a'.repeat(60)}.example.com`;
    const d = await run(ingress('web', `rules:\n${rule(long, '/' + 'p'.repeat(40))}`));
    const name = d.monitors[0]!.name;
    expect(name).toHaveLength(100);
    expect(name).toMatch(/^shop\/web: a+\.example\.com\/p+~[0-9a-f]{8}$/);
    expect((await run(ingress('web', `rules:\n${rule(long, '/' + 'p'.repeat(40))}`))).monitors[0]!.name).toBe(name);
  });
});
