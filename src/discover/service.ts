// A Service of type LoadBalancer, only when annotated (monitors.dev/enabled: "true", or a
// monitors.dev/host, or gatus-sidecar's enabled annotation): a Service has no host name of
// its own, and most load balancers are not web sites. Its hosts: monitors.dev/host, else
// external-dns's hostname annotation, else the addresses in status.loadBalancer (what
// `kubectl get -o yaml` shows). https when it serves port 443 (or monitors.dev/scheme says).
import { asList, asRecord, asText, emptyCandidates, refOf, skipOf, type Candidates } from './candidates.js';
import { normalHost } from './hosts.js';
import type { Resource } from './types.js';

const EXTERNAL_DNS = 'external-dns.alpha.kubernetes.io/hostname';

export function serviceCandidates(
  resource: Resource,
  annotated: { optedIn: boolean; hosts?: string[]; scheme?: 'http' | 'https' },
): Candidates {
  const out = emptyCandidates();
  const spec = asRecord(resource.body.spec);
  if (spec.type !== 'LoadBalancer') return out;
  if (!annotated.optedIn && !annotated.hosts) {
    out.skipped.push(
      skipOf(
        resource,
        'discover.not_annotated',
        'a LoadBalancer Service is monitored only when annotated monitors.dev/enabled: "true" (with monitors.dev/host when it has a DNS name)',
        resource.at,
      ),
    );
    return out;
  }
  const fromDns = asText(resource.annotations[EXTERNAL_DNS])
    ?.split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  const fromStatus = asList(asRecord(asRecord(resource.body.status).loadBalancer).ingress)
    .map(asRecord)
    .map((i) => asText(i.hostname) ?? asText(i.ip))
    .filter((h): h is string => h !== undefined);
  const hosts = [...new Set((annotated.hosts ?? fromDns ?? fromStatus).map(normalHost))];
  if (hosts.length === 0) {
    out.skipped.push(
      skipOf(
        resource,
        'discover.no_host',
        'the Service has no public host name or address in the input; annotate monitors.dev/host',
        resource.at,
      ),
    );
    return out;
  }
  const ports = asList(spec.ports)
    .map((p) => asRecord(p).port)
    .filter((p): p is number => typeof p === 'number');
  const scheme = annotated.scheme ?? (ports.includes(443) ? 'https' : 'http');
  const standard = scheme === 'https' ? 443 : 80;
  const port = ports.includes(standard) || ports.length === 0 ? undefined : ports[0];
  for (const host of hosts)
    out.routes.push({
      resource: refOf(resource),
      scheme,
      host,
      ...(port ? { port } : {}),
      path: '/',
      match: 'Prefix',
      at: resource.at,
    });
  return out;
}
