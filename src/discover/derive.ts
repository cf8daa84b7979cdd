// From resources to monitors (pure): each resource's routes (ingress.ts, httproute.ts,
// service.ts), its annotations applied (annotations.ts, gatus-endpoint.ts), hosts that are
// not public skipped (hosts.ts), one monitor per host and path, named (names.ts). The result
// depends on what the manifests say, never on the order of their documents or keys: the
// resources are taken in the order of their identity, and every list comes out sorted.
import { canonicalJson } from '../model/canonical-json.js';
import { compareText } from '../model/compare-text.js';
import { readAnnotations, type Overrides } from './annotations.js';
import type { Candidates } from './candidates.js';
import { skipOf } from './candidates.js';
import { gatewayKey } from './gateway.js';
import { readGatus } from './gatus-endpoint.js';
import { hostSkip } from './hosts.js';
import { httpRouteCandidates } from './httproute.js';
import { ingressCandidates } from './ingress.js';
import { fitName, hasPlaceholder, nameOf } from './names.js';
import { serviceCandidates } from './service.js';
import {
  DEFAULT_NAME_TEMPLATE,
  atText,
  refText,
  type DerivedMonitor,
  type Discovery,
  type InputProblem,
  type Note,
  type Resource,
  type Route,
  type Skip,
} from './types.js';

export interface DeriveOptions {
  /** --name (default: DEFAULT_NAME_TEMPLATE). */
  nameTemplate?: string;
}

interface Pending extends DerivedMonitor {
  /** The template the name came from: an annotation's plain name is widened when it names several monitors. */
  template: string;
  order: number;
}

export function deriveMonitors(
  resources: readonly Resource[],
  options: DeriveOptions = {},
): Omit<Discovery, 'resources'> {
  const sorted = [...resources].sort(byIdentity);
  const gateways = new Map(sorted.filter((r) => r.kind === 'Gateway').map((r) => [gatewayKey(r.namespace, r.name), r]));
  const skipped: Skip[] = [];
  const notes: Note[] = [];
  const problems: InputProblem[] = [];
  const pending: Pending[] = [];
  sorted.forEach((resource, order) => {
    if (resource.kind === 'Gateway') return;
    const read = readAnnotations(resource);
    problems.push(...read.problems);
    const gatus = readGatus(resource.annotations);
    for (const message of gatus.notes) notes.push({ resource: ref(resource), message, at: resource.annotationsAt });
    const overrides = merge(read.overrides, gatus);
    if (overrides.enabled === false) {
      skipped.push(
        skipOf(resource, 'discover.disabled', 'annotated monitors.dev/enabled: "false"', resource.annotationsAt),
      );
      return;
    }
    const candidates = candidatesOf(resource, gateways, overrides, gatus.enabled === true);
    skipped.push(...candidates.skipped);
    for (const note of candidates.notes) notes.push({ resource: ref(resource), ...note });
    for (const route of candidates.routes) {
      const skip = hostSkip(route.host);
      if (skip) {
        skipped.push(skipOf(resource, skip.code, skip.reason, route.at, { host: route.host, path: route.path }));
        continue;
      }
      const url = probeUrl(route, overrides);
      const urlProblem =
        url === undefined ? { code: 'discover.private_host' as const, reason: 'the URL does not parse' } : urlSkip(url);
      if (url === undefined || urlProblem) {
        const { code, reason } = urlProblem!;
        skipped.push(
          skipOf(resource, code, `${reason} (the probe URL ${url ?? ''})`, route.at, {
            host: route.host,
            path: route.path,
          }),
        );
        continue;
      }
      const template = overrides.name ?? options.nameTemplate ?? DEFAULT_NAME_TEMPLATE;
      pending.push({
        name: nameOf(template, route),
        template,
        type: overrides.type ?? 'http',
        url,
        fields: overrides.fields,
        route,
        order,
      });
    }
  });
  const kept = oneMonitorPerUrl(pending, skipped);
  widenPlainNames(kept);
  problems.push(...sameNames(kept));
  return {
    monitors: kept
      .map(({ name, type, url, fields, route }) => ({ name, type, url, fields, route }))
      .sort((a, b) => compareText(a.name, b.name)),
    skipped: skipped.sort(bySkip),
    notes: notes.sort(
      (a, b) => compareText(refText(a.resource), refText(b.resource)) || compareText(a.message, b.message),
    ),
    problems,
  };
}

function candidatesOf(
  resource: Resource,
  gateways: ReadonlyMap<string, Resource>,
  overrides: Overrides,
  gatusOn: boolean,
): Candidates {
  switch (resource.kind) {
    case 'Ingress':
      return ingressCandidates(resource, overrides.scheme);
    case 'HTTPRoute':
      return httpRouteCandidates(resource, gateways, overrides.scheme);
    default:
      return serviceCandidates(resource, {
        optedIn: overrides.enabled === true || gatusOn,
        ...(overrides.hosts ? { hosts: overrides.hosts } : {}),
        ...(overrides.scheme ? { scheme: overrides.scheme } : {}),
      });
  }
}

/** The monitors.dev/ annotations over gatus-sidecar's: each part from the first that says it. */
function merge(own: Overrides, gatus: ReturnType<typeof readGatus>): Overrides {
  const merged: Overrides = { ...own, fields: { ...gatus.fields, ...own.fields } };
  if (merged.enabled === undefined && gatus.enabled === false) merged.enabled = false;
  if (merged.name === undefined && gatus.name !== undefined) merged.name = gatus.name;
  if (merged.path === undefined && gatus.path !== undefined) merged.path = gatus.path;
  if (gatus.url !== undefined && own.path === undefined) merged.url = gatus.url;
  return merged;
}

/** Why a probe URL (an annotated one may name another host) gets no monitor. */
function urlSkip(url: string): ReturnType<typeof hostSkip> {
  const host = URL.parse(url)?.hostname;
  return host === undefined ? undefined : hostSkip(host.replace(/^\[|\]$/g, ''));
}

/** The URL a route is probed at: its scheme, host and port, and the annotated path or its own. */
function probeUrl(route: Route, overrides: Overrides): string | undefined {
  if (overrides.url !== undefined) return URL.parse(overrides.url)?.href;
  const host = route.host.includes(':') ? `[${route.host}]` : route.host;
  const origin = `${route.scheme}://${host}${route.port ? `:${route.port}` : ''}`;
  return URL.parse(`${origin}${overrides.path ?? route.path}`)?.href;
}

/**
 * One monitor per host and path: of the routes probed at one URL (the scheme aside), the one
 * served over https is kept, then the first in the order of identity; the others are skipped,
 * naming the one kept.
 */
function oneMonitorPerUrl(pending: Pending[], skipped: Skip[]): Pending[] {
  const byKey = new Map<string, Pending[]>();
  for (const p of pending) {
    const key = p.url.replace(/^https?:\/\//, '');
    byKey.set(key, [...(byKey.get(key) ?? []), p]);
  }
  const kept: Pending[] = [];
  for (const group of byKey.values()) {
    const [first, ...rest] = [...group].sort(
      (a, b) =>
        Number(b.url.startsWith('https:')) - Number(a.url.startsWith('https:')) ||
        a.order - b.order ||
        compareText(a.name, b.name),
    );
    kept.push(first!);
    for (const other of rest)
      skipped.push({
        code: 'discover.duplicate',
        resource: other.route.resource,
        host: other.route.host,
        path: other.route.path,
        reason: `${other.url} is already monitored as "${first!.name}" (${refText(first!.route.resource)})`,
        at: other.route.at,
      });
  }
  return kept;
}

/** A plain monitors.dev/name on a resource with several monitors: each gets its host and path after it. */
function widenPlainNames(kept: Pending[]): void {
  const count = new Map<string, number>();
  for (const p of kept) count.set(p.name, (count.get(p.name) ?? 0) + 1);
  for (const p of kept)
    if (!hasPlaceholder(p.template) && (count.get(p.name) ?? 0) > 1)
      p.name = fitName(`${p.template}: ${p.route.host}${p.route.path}`);
}

/** Two monitors of one name: the template does not tell them apart. */
function sameNames(kept: Pending[]): InputProblem[] {
  const byName = new Map<string, Pending[]>();
  for (const p of kept) byName.set(p.name, [...(byName.get(p.name) ?? []), p]);
  return [...byName.values()]
    .filter((group) => group.length > 1)
    .map((group) => {
      const [a, b] = group.sort((x, y) => x.order - y.order || compareText(x.url, y.url));
      return {
        code: 'discover.same_name',
        message: `two monitors would be named "${a!.name}": ${a!.url} (${refText(a!.route.resource)}) and ${b!.url} (${refText(b!.route.resource)}, ${atText(b!.route.at)})`,
        hint: 'Give the name template a placeholder that tells them apart ({host}, {path}, {namespace}), with --name or monitors.dev/name.',
        at: a!.route.at,
      };
    });
}

const ref = (r: Resource) => ({ kind: r.kind, namespace: r.namespace, name: r.name });

function byIdentity(a: Resource, b: Resource): number {
  return (
    compareText(a.kind, b.kind) ||
    compareText(a.namespace, b.namespace) ||
    compareText(a.name, b.name) ||
    compareText(canonicalJson(a.body), canonicalJson(b.body))
  );
}

/** The order of skips: by resource, host, path, code and reason, never by where they were read. */
export function bySkip(a: Skip, b: Skip): number {
  return (
    compareText(refText(a.resource), refText(b.resource)) ||
    compareText(a.host ?? '', b.host ?? '') ||
    compareText(a.path ?? '', b.path ?? '') ||
    compareText(a.code, b.code) ||
    compareText(a.reason, b.reason)
  );
}
