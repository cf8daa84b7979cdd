// How `discover k8s` derives monitors from hand-written manifests (src/discover/): each kind,
// the scheme rules, every reason to skip, the annotations (ours and gatus-sidecar's), one
// monitor per host and path, and the names. The real manifests are in real-manifests.test.ts.
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

describe('Ingress', () => {
  it('gives one http monitor per host and path, https where spec.tls names the host', async () => {
    const d = await run(
      ingress(
        'web',
        `tls:\n- hosts: [shop.example.com]\n  secretName: shop-tls\nrules:\n${rule('shop.example.com', '/', '/api Exact')}\n${rule('Blog.Example.com.', '/')}`,
      ),
    );
    expect(d.monitors.map((m) => [m.name, m.type, m.url])).toEqual([
      ['shop/web: blog.example.com/', 'http', 'http://blog.example.com/'],
      ['shop/web: shop.example.com/', 'http', 'https://shop.example.com/'],
      ['shop/web: shop.example.com/api', 'http', 'https://shop.example.com/api'],
    ]);
    expect(d.monitors.find((m) => m.route.path === '/api')!.route).toMatchObject({
      match: 'Exact',
      at: { file: 'k8s.yaml', line: 17 },
    });
    expect(d.skipped).toEqual([]);
  });

  it('takes a TLS wildcard for one label, and a TLS entry without hosts for every host', async () => {
    const wildcard = await run(
      ingress(
        'w',
        `tls:\n- hosts: ["*.example.com"]\nrules:\n${rule('a.example.com', '/')}\n${rule('a.b.example.com', '/')}`,
      ),
    );
    expect(urls(wildcard)).toEqual(['http://a.b.example.com/', 'https://a.example.com/']);
    const all = await run(ingress('w', `tls:\n- secretName: default-cert\nrules:\n${rule('a.example.com', '/')}`));
    expect(urls(all)).toEqual(['https://a.example.com/']);
  });

  it('skips wildcard, private and internal hosts, rules without a host, and paths no URL probes', async () => {
    const d = await run(
      ingress(
        'mixed',
        `rules:\n${rule('"*.example.com"', '/')}\n${rule('web.shop.svc', '/')}\n${rule('web.shop.svc.cluster.local', '/')}\n${rule('intranet', '/')}\n${rule('localhost', '/')}\n${rule('app.internal', '/')}\n${rule('printer.local', '/')}\n${rule('10.1.2.3', '/')}\n- http:\n    paths:\n    - {path: /, pathType: Prefix, backend: {service: {name: x, port: {number: 80}}}}\n${rule('ok.example.com', '/x(.*) ImplementationSpecific', '/ok')}`,
      ),
    );
    expect(d.problems).toEqual([]);
    expect(urls(d)).toEqual(['http://ok.example.com/ok']);
    expect(skips(d)).toEqual([
      ['discover.no_host', ''],
      ['discover.wildcard_host', '*.example.com/'],
      ['discover.private_host', '10.1.2.3/'],
      ['discover.private_host', 'app.internal/'],
      ['discover.private_host', 'intranet/'],
      ['discover.private_host', 'localhost/'],
      ['discover.path_type', 'ok.example.com/x(.*)'],
      ['discover.private_host', 'printer.local/'],
      ['discover.private_host', 'web.shop.svc/'],
      ['discover.private_host', 'web.shop.svc.cluster.local/'],
    ]);
  });

  it('skips a regex path under ingress-nginx use-regex, a canary Ingress, and a resource annotated enabled: "false"', async () => {
    const regex = await run(
      ingress(
        'r',
        `rules:\n${rule('a.example.com', '/api/v[0-9]+', '/plain')}`,
        'nginx.ingress.kubernetes.io/use-regex: "true"',
      ),
    );
    expect(urls(regex)).toEqual(['http://a.example.com/plain']);
    expect(skips(regex)).toEqual([['discover.path_type', 'a.example.com/api/v[0-9]+']]);
    const canary = await run(
      ingress('c', `rules:\n${rule('a.example.com', '/')}`, 'nginx.ingress.kubernetes.io/canary: "true"'),
    );
    expect(skips(canary)).toEqual([['discover.canary', '']]);
    const off = await run(ingress('o', `rules:\n${rule('a.example.com', '/')}`, 'monitors.dev/enabled: "false"'));
    expect(off.monitors).toEqual([]);
    expect(off.skipped[0]).toMatchObject({ code: 'discover.disabled', at: { line: 7 } });
  });
});

describe('annotations', () => {
  it('monitors.dev/ sets the probe path, name, interval, tags, scheme and type with its fields', async () => {
    const d = await run(
      ingress(
        'web',
        `rules:\n${rule('shop.example.com', '/')}`,
        [
          'monitors.dev/path: /healthz?full=1',
          'monitors.dev/name: "shop: {host}"',
          'monitors.dev/interval-seconds: "300"',
          'monitors.dev/tags: "team-shop, web,team-shop"',
          'monitors.dev/scheme: https',
          'monitors.dev/type: keyword',
          'monitors.dev/keyword: Welcome',
          'monitors.dev/keyword-case-sensitive: "false"',
        ].join('\n'),
      ),
    );
    expect(d.monitors).toHaveLength(1);
    expect(d.monitors[0]).toMatchObject({
      name: 'shop: shop.example.com',
      type: 'keyword',
      url: 'https://shop.example.com/healthz?full=1',
      fields: { interval_seconds: 300, tags: 'team-shop,web', keyword: 'Welcome', keyword_case_sensitive: false },
    });
  });

  it('a json type takes its pointer, operator and expected value', async () => {
    const d = await run(
      ingress(
        'api',
        `rules:\n${rule('api.example.com', '/health Exact')}`,
        'monitors.dev/type: json\nmonitors.dev/json-pointer: /status\nmonitors.dev/json-operator: equals\nmonitors.dev/json-expected: ok',
      ),
    );
    expect(d.monitors[0]!.fields).toEqual({ json_pointer: '/status', json_operator: 'equals', json_expected: 'ok' });
  });

  it('a value that cannot be used stops the run, located at the annotations, with what to write', async () => {
    const d = await run(
      ingress(
        'bad',
        `rules:\n${rule('a.example.com', '/')}`,
        'monitors.dev/interval-seconds: "60"\nmonitors.dev/type: json\nmonitors.dev/pathh: /x\nmonitors.dev/keyword: x',
      ),
    );
    expect(d.problems.map((p) => [p.message.replace(/^Ingress shop\/bad: /, ''), p.at.line])).toEqual([
      ['annotation monitors.dev/pathh is not one discover reads', 7],
      ['annotation monitors.dev/interval-seconds is "60"', 7],
      ['annotation monitors.dev/keyword needs monitors.dev/type: keyword', 7],
      ['annotation monitors.dev/json-pointer is missing', 7],
      ['annotation monitors.dev/json-operator is missing', 7],
    ]);
    expect(d.problems[0]!.hint).toBe('Did you mean monitors.dev/path?');
    expect(d.problems[1]!.hint).toMatch(/at least 120/);
  });

  it("reads gatus-sidecar's endpoint annotation: name, url, path, interval and [STATUS] conditions; the rest noted", async () => {
    const endpoint = [
      'gatus.home-operations.com/endpoint: |',
      '  name: Shop front',
      '  path: /ready',
      '  interval: 5m',
      '  conditions:',
      '    - "[STATUS] == 200"',
      '    - "[RESPONSE_TIME] < 500"',
      '  alerts:',
      '    - type: slack',
    ].join('\n');
    const d = await run(ingress('gatus', `rules:\n${rule('shop.example.com', '/')}`, endpoint));
    expect(d.monitors[0]).toMatchObject({
      name: 'Shop front',
      url: 'http://shop.example.com/ready',
      fields: { interval_seconds: 300, expected_status_min: 200, expected_status_max: 200 },
    });
    expect(d.notes.map((n) => n.message)).toEqual([
      'gatus.home-operations.com/endpoint: alerts left out (no meaning for a monitor here)',
      'gatus.home-operations.com/endpoint: conditions "[RESPONSE_TIME] < 500" left out (only [STATUS] comparisons are taken)',
    ]);
    const url = await run(
      ingress(
        'u',
        `rules:\n${rule('shop.example.com', '/a', '/b')}`,
        'gatus.home-operations.com/endpoint: "url: https://status.example.com/ping"',
      ),
    );
    expect(urls(url)).toEqual(['https://status.example.com/ping']);
    const inside = await run(
      ingress(
        'i',
        `rules:\n${rule('shop.example.com', '/')}`,
        'gatus.home-operations.com/endpoint: "url: http://shop.shop.svc:8080/"',
      ),
    );
    expect(skips(inside)).toEqual([['discover.private_host', 'shop.example.com/']]);
    expect(inside.skipped[0]!.reason).toMatch(/the probe URL http:\/\/shop\.shop\.svc:8080\/\)$/);
    const off = await run(
      ingress('g', `rules:\n${rule('shop.example.com', '/')}`, 'gatus.home-operations.com/enabled: "false"'),
    );
    expect(skips(off)).toEqual([['discover.disabled', '']]);
    const ours = await run(
      ingress(
        'g',
        `rules:\n${rule('shop.example.com', '/')}`,
        `${endpoint}\nmonitors.dev/path: /own\nmonitors.dev/name: Own`,
      ),
    );
    expect(ours.monitors[0]).toMatchObject({ name: 'Own', url: 'http://shop.example.com/own' });
  });
});
