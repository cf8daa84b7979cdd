// `discover k8s` on real manifests from public repositories (Gateway API and ingress-nginx
// examples, the OpenTelemetry demo chart's `helm template` output, a `kubectl get -o yaml`
// List), read in place from ../shared/k8s-manifests (SOURCES.md there names each one's
// repository, commit and license): what each gives, where each route is located, and that
// the List gives what the manifests it was made from give.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { discover } from '../../src/discover/discover.js';
import type { Discovery } from '../../src/discover/types.js';
import { sharedPath } from '../helpers/shared-dir.js';

const MANIFESTS = sharedPath('k8s-manifests');

async function discoverFolder(folder: string): Promise<Discovery> {
  const dir = join(MANIFESTS, folder);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort();
  return discover(files.map((f) => ({ file: `${folder}/${f}`, text: readFileSync(join(dir, f), 'utf8') })));
}

describe('real manifests', () => {
  it('real/: Ingresses (TLS, canary, regex, no host), HTTPRoutes behind an HTTPS Gateway, helm output', async () => {
    const d = await discoverFolder('real');
    expect(d.problems).toEqual([]);
    expect(d.monitors.map((m) => [m.name, m.url, `${m.route.at.file}:${m.route.at.line}`])).toEqual([
      ['default/approot: approot.bar.com/', 'http://approot.bar.com/', 'real/ingress-nginx--rewrite-readme.yaml:37'],
      [
        'default/bar: bar.example.com/',
        'https://bar.example.com/',
        'real/gateway-api--simple-http-https--bar-route.yaml:16',
      ],
      [
        'default/external-auth: external-auth-01.sample.com/',
        'http://external-auth-01.sample.com/',
        'real/ingress-nginx--auth-external-auth-ingress.yaml:13',
      ],
      ['default/foo-tls: bar.baz.com/', 'https://bar.baz.com/', 'real/ingress-nginx--multi-tls.yaml:129'],
      ['default/foo-tls: foo.bar.com/', 'https://foo.bar.com/', 'real/ingress-nginx--multi-tls.yaml:119'],
      [
        'default/foo: foo.example.com/',
        'https://foo.example.com/',
        'real/gateway-api--simple-http-https--foo-route.yaml:16',
      ],
      [
        'default/foo: foo.example.com/orders',
        'https://foo.example.com/orders',
        'real/gateway-api--simple-http-https--foo-route.yaml:23',
      ],
      [
        'default/frontend-proxy: otel-demo.example.com/',
        'http://otel-demo.example.com/',
        'real/otel-demo-helm--component.yaml:2696',
      ],
      ['default/http-app-1: foo.com/bar', 'http://foo.com/bar', 'real/gateway-api--basic-http.yaml:37'],
      [
        'default/nginx-configuration-snippet: custom.configuration.com/',
        'http://custom.configuration.com/',
        'real/ingress-nginx--configuration-snippets-ingress.yaml:14',
      ],
      [
        'default/nginx-test: stickyingress.example.com/',
        'http://stickyingress.example.com/',
        'real/ingress-nginx--affinity-cookie-ingress.yaml:17',
      ],
      [
        'default/otel-collector: otel-demo-collector.example.com/',
        'http://otel-demo-collector.example.com/',
        'real/otel-demo-helm--opentelemetry-collector-ingress.yaml:22',
      ],
      [
        'default/production: echo.prod.mydomain.com/',
        'http://echo.prod.mydomain.com/',
        'real/ingress-nginx--canary-readme.yaml:126',
      ],
    ]);
    expect(
      d.skipped.map((s) => [s.code, `${s.resource.kind} ${s.resource.name}`, `${s.at.file}:${s.at.line}`]),
    ).toEqual([
      ['discover.header_match', 'HTTPRoute http-app-1', 'real/gateway-api--basic-http.yaml:52'],
      [
        'discover.redirect',
        'HTTPRoute tls-redirect',
        'real/gateway-api--simple-http-https--tls-redirect-route.yaml:15',
      ],
      [
        'discover.redirect',
        'HTTPRoute tls-redirect',
        'real/gateway-api--simple-http-https--tls-redirect-route.yaml:15',
      ],
      ['discover.canary', 'Ingress canary', 'real/ingress-nginx--canary-readme.yaml:135'],
      ['discover.no_host', 'Ingress ingress-nginx', 'real/ingress-nginx--static-ip-nginx-ingress.yaml:11'],
      ['discover.path_type', 'Ingress rewrite', 'real/ingress-nginx--rewrite-readme.yaml:16'],
      ['discover.not_annotated', 'Service ingress-nginx-lb', 'real/ingress-nginx--static-ip-svc.yaml:2'],
    ]);
    // Every object is read: the helm output alone has 25 Deployments, 22 Services, a ConfigMap and an Ingress.
    expect(d.resources).toBe(75); // the files' top-level `kind:` lines
  });

  it('list/: the `kubectl get ingress -A -o yaml` List gives the monitors of the Ingresses it was made from', async () => {
    const list = await discoverFolder('list');
    const real = await discoverFolder('real');
    expect(list.problems).toEqual([]);
    const ingressOnly = (d: Discovery) =>
      d.monitors.filter((m) => m.route.resource.kind === 'Ingress').map((m) => [m.name, m.url]);
    expect(ingressOnly(list)).toEqual(ingressOnly(real));
    expect(list.monitors.find((m) => m.name === 'default/foo-tls: foo.bar.com/')!.route.at).toEqual({
      file: 'list/ingresses-list.yaml',
      line: 105,
      col: 11,
    });
  });

  it('gateway-http/: an HTTP-only Gateway gives http; header matches are skipped, a rule without matches is /', async () => {
    const d = await discoverFolder('gateway-http');
    expect(d.monitors.map((m) => m.url)).toEqual([
      'http://bar.example.com/',
      'http://default-match.com/example/exact',
      'http://example.com/',
      'http://foo.example.com/login',
    ]);
    expect(d.monitors.find((m) => m.url.endsWith('/exact'))!.route.match).toBe('Exact');
    expect(d.skipped.map((s) => [s.code, s.host])).toEqual([
      ['discover.header_match', 'bar.example.com'],
      ['discover.header_match', 'default-match.com'],
    ]);
  });
});
