// An Ingress (networking.k8s.io/v1): each rule's host and each of its paths. https when one
// of spec.tls[] names the host (a wildcard there covers one label, as a certificate does; a
// TLS entry without hosts covers every host), else as monitors.dev/scheme says, else http.
// A path of type ImplementationSpecific (or, under ingress-nginx's use-regex, one holding a
// regular expression) means what the controller makes of it: no one URL probes it.
import { hostCovers, normalHost } from './hosts.js';
import { asList, asRecord, asText, emptyCandidates, refOf, skipOf, type Candidates } from './candidates.js';
import type { Resource } from './types.js';

const REGEX = /[()[\]{}*+?|^$\\]/;

export function ingressCandidates(resource: Resource, schemeAnnotation: 'http' | 'https' | undefined): Candidates {
  const out = emptyCandidates();
  const { positions } = resource;
  const spec = asRecord(resource.body.spec);
  const annotations = resource.annotations;
  if (annotations['nginx.ingress.kubernetes.io/canary'] === 'true') {
    out.skipped.push(
      skipOf(
        resource,
        'discover.canary',
        'a canary Ingress shares the host and path of the Ingress it splits traffic with, which is the one monitored',
        resource.at,
      ),
    );
    return out;
  }
  const tls = asList(spec.tls).map(asRecord);
  const tlsCovers = (host: string) =>
    tls.some((entry) => {
      const hosts = asList(entry.hosts).filter((h): h is string => typeof h === 'string');
      return hosts.length === 0 || hosts.some((h) => hostCovers(h, host, 'one label'));
    });
  const useRegex = annotations['nginx.ingress.kubernetes.io/use-regex'] === 'true';
  const rules = asList(spec.rules);
  if (rules.length === 0) {
    out.skipped.push(
      skipOf(
        resource,
        'discover.no_host',
        'no rules: a default backend answers any host, which names no one to probe',
        resource.at,
      ),
    );
    return out;
  }
  const rulesAt = positions.items(spec.rules);
  rules.forEach((raw, i) => {
    const rule = asRecord(raw);
    const ruleAt = positions.of(raw) ?? rulesAt[i] ?? resource.at;
    const written = asText(rule.host);
    if (written === undefined) {
      out.skipped.push(
        skipOf(
          resource,
          'discover.no_host',
          'a rule without a host answers any host name, which names no one to probe',
          ruleAt,
        ),
      );
      return;
    }
    const host = normalHost(written);
    const http = asRecord(rule.http);
    const paths = asList(http.paths);
    if (paths.length === 0) {
      out.skipped.push(skipOf(resource, 'discover.no_host', 'the rule routes no paths', ruleAt, { host }));
      return;
    }
    const pathsAt = positions.items(http.paths);
    const scheme = tlsCovers(host) ? 'https' : (schemeAnnotation ?? 'http');
    paths.forEach((rawPath, j) => {
      const entry = asRecord(rawPath);
      const at = positions.of(rawPath) ?? pathsAt[j] ?? ruleAt;
      const path = typeof entry.path === 'string' && entry.path !== '' ? entry.path : '/';
      const type = typeof entry.pathType === 'string' ? entry.pathType : 'ImplementationSpecific';
      if (type !== 'Prefix' && type !== 'Exact') {
        out.skipped.push(
          skipOf(
            resource,
            'discover.path_type',
            `path ${path} is ${type}: its meaning is the controller's (a regular expression for ingress-nginx), so no one URL probes it; write its monitor by hand`,
            at,
            { host, path },
          ),
        );
        return;
      }
      if (useRegex && REGEX.test(path)) {
        out.skipped.push(
          skipOf(
            resource,
            'discover.path_type',
            `path ${path} is a regular expression (nginx.ingress.kubernetes.io/use-regex), so no one URL probes it; write its monitor by hand`,
            at,
            { host, path },
          ),
        );
        return;
      }
      out.routes.push({ resource: refOf(resource), scheme, host, path, match: type, at });
    });
  });
  return out;
}
