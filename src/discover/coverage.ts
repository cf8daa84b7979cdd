// `discover k8s --check --against DIR`: which routed hosts and paths no monitor of the
// repository covers. A monitor covers a route when its URL is the one discover would probe
// (compared in canonical form, src/model/canonical-url.ts: case, default ports, the "/" of
// a bare origin), or when its URL is one the route serves: the same host (and port, when not
// the default), and the route is the one that path reaches on that host: an Exact path
// equal to it, else the longest Prefix path it falls under, element by element as Ingress
// and Gateway API match prefixes. So a monitor of https://shop.example.com/api/health
// covers the Prefix route /api, not the route / beside it; the scheme does not matter (a
// host served on both is one route).
import { canonicalUrl } from '../model/canonical-url.js';
import { compareText } from '../model/compare-text.js';
import type { DerivedMonitor, Route } from './types.js';

/** A monitor of the repository, as far as coverage needs it. */
export interface ExistingMonitor {
  name: string;
  type: string;
  url: string;
}

const HTTP_TYPES = new Set(['http', 'keyword', 'json']);

/** The derived monitors whose route no existing monitor covers, in name order. */
export function uncovered(derived: readonly DerivedMonitor[], existing: readonly ExistingMonitor[]): DerivedMonitor[] {
  const urls = new Set<string>();
  const probes: { key: string; path: string }[] = [];
  for (const monitor of existing) {
    if (!HTTP_TYPES.has(monitor.type)) continue;
    const parsed = URL.parse(monitor.url);
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) continue;
    urls.add(parsed.href);
    probes.push({ key: hostKey(parsed.hostname, parsed.port), path: parsed.pathname });
  }
  const routesByHost = new Map<string, Route[]>();
  for (const { route } of derived) {
    const key = routeKey(route);
    routesByHost.set(key, [...(routesByHost.get(key) ?? []), route]);
  }
  const covered = new Set<Route>();
  for (const probe of probes) {
    const served = servingRoute(routesByHost.get(probe.key) ?? [], probe.path);
    if (served) covered.add(served);
  }
  return derived
    .filter((m) => !covered.has(m.route) && !urls.has(canonicalUrl(m.url) ?? m.url))
    .sort((a, b) => compareText(a.name, b.name));
}

const hostKey = (hostname: string, port: string): string =>
  `${hostname.replace(/^\[|\]$/g, '')}${port ? `:${port}` : ''}`;
const routeKey = (route: Route): string => hostKey(route.host, route.port ? String(route.port) : '');

/** The route a request for `path` reaches among one host's routes: Exact first, then the longest Prefix. */
export function servingRoute(routes: readonly Route[], path: string): Route | undefined {
  const exact = routes.find((r) => r.match === 'Exact' && r.path === path);
  if (exact) return exact;
  let best: Route | undefined;
  for (const route of routes) {
    if (route.match !== 'Prefix' || !prefixMatches(route.path, path)) continue;
    if (!best || trimmed(route.path).length > trimmed(best.path).length) best = route;
  }
  return best;
}

const trimmed = (path: string): string => path.replace(/\/+$/, '');

/** Prefix matching by path elements: /api matches /api and /api/x, not /apix; a trailing / is ignored. */
function prefixMatches(prefix: string, path: string): boolean {
  const p = trimmed(prefix);
  return p === '' || path === p || path.startsWith(`${p}/`);
}
