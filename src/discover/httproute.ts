// A Gateway API HTTPRoute (gateway.networking.k8s.io/v1): each of spec.hostnames (or, with
// none, the host its listener names) with each rule's path matches. A rule without matches
// matches every path (PathPrefix /), as the API defaults it. A match that also needs headers,
// query parameters or a method other than GET or HEAD is not what a probe sends; a
// RegularExpression path names no one URL; a rule that only redirects (RequestRedirect: the
// http-to-https route of a Gateway) routes to no backend of its own. Each is skipped with
// that reason. The scheme comes from the parent Gateway (gateway.ts).
import { asList, asRecord, asText, emptyCandidates, refOf, skipOf, type Candidates } from './candidates.js';
import { chooseScheme, listenerHosts } from './gateway.js';
import { normalHost } from './hosts.js';
import type { PathMatch, Resource, SourceRef } from './types.js';

const ROOT = { path: { type: 'PathPrefix', value: '/' } };

export function httpRouteCandidates(
  resource: Resource,
  gateways: ReadonlyMap<string, Resource>,
  schemeAnnotation: 'http' | 'https' | undefined,
): Candidates {
  const out = emptyCandidates();
  const { positions } = resource;
  const spec = asRecord(resource.body.spec);
  const written = asList(spec.hostnames).filter((h): h is string => typeof h === 'string' && h.trim() !== '');
  const hosts = [...new Set((written.length > 0 ? written : listenerHosts(resource, gateways)).map(normalHost))];
  if (hosts.length === 0) {
    out.skipped.push(
      skipOf(
        resource,
        'discover.no_host',
        'no hostnames, and no listener of a Gateway in the input names one: it answers any host, which names no one to probe',
        resource.at,
      ),
    );
    return out;
  }
  const rules = asList(spec.rules).length > 0 ? asList(spec.rules) : [{ matches: [ROOT] }];
  const rulesAt = positions.items(spec.rules);
  const schemes = new Map(hosts.map((host) => [host, chooseScheme(resource, host, gateways, schemeAnnotation)]));
  for (const [host, choice] of schemes) {
    if ('notAttached' in choice)
      out.skipped.push(skipOf(resource, 'discover.not_attached', choice.notAttached, resource.at, { host }));
    else if (choice.guessed) out.notes.push({ message: choice.guessed, at: resource.at });
  }
  rules.forEach((raw, i) => {
    const rule = asRecord(raw);
    const ruleAt = positions.of(raw) ?? rulesAt[i] ?? resource.at;
    if (
      asList(rule.filters).some((f) => asRecord(f).type === 'RequestRedirect') &&
      asList(rule.backendRefs).length === 0
    ) {
      for (const host of hosts)
        out.skipped.push(
          skipOf(
            resource,
            'discover.redirect',
            'the rule only redirects (RequestRedirect); the target it redirects to is what to monitor',
            ruleAt,
            { host },
          ),
        );
      return;
    }
    const matches = asList(rule.matches).length > 0 ? asList(rule.matches) : [ROOT];
    const matchesAt = positions.items(rule.matches);
    matches.forEach((rawMatch, j) => {
      const match = asRecord(rawMatch);
      const path = asRecord(match.path ?? ROOT.path);
      const type = asText(path.type) ?? 'PathPrefix';
      const value = typeof path.value === 'string' && path.value !== '' ? path.value : '/';
      const at: SourceRef = positions.of(match.path) ?? positions.of(rawMatch) ?? matchesAt[j] ?? ruleAt;
      const method = asText(match.method);
      const needs = [
        asList(match.headers).length > 0 && 'headers',
        asList(match.queryParams).length > 0 && 'query parameters',
        method && method !== 'GET' && method !== 'HEAD' && `the method ${method}`,
      ].filter((n): n is string => typeof n === 'string');
      for (const host of hosts) {
        const choice = schemes.get(host)!;
        if ('notAttached' in choice) continue;
        if (needs.length > 0) {
          out.skipped.push(
            skipOf(
              resource,
              'discover.header_match',
              `the match also needs ${needs.join(' and ')}, which a probe does not send; write its monitor by hand (with headers:)`,
              at,
              { host, path: value },
            ),
          );
          continue;
        }
        if (type !== 'PathPrefix' && type !== 'Exact') {
          out.skipped.push(
            skipOf(
              resource,
              'discover.path_type',
              `path ${value} is a ${type} match, so no one URL probes it; write its monitor by hand`,
              at,
              { host, path: value },
            ),
          );
          continue;
        }
        const kind: PathMatch = type === 'Exact' ? 'Exact' : 'Prefix';
        out.routes.push({
          resource: refOf(resource),
          scheme: choice.scheme,
          host,
          ...(choice.port ? { port: choice.port } : {}),
          path: value,
          match: kind,
          at,
        });
      }
    });
  });
  return out;
}
