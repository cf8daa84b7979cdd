// The scheme (and port) an HTTPRoute's host is served on, from the Gateways it attaches to.
// When a parent Gateway is in the input, its listeners decide: those the parentRef selects
// (sectionName, port) whose hostname covers the host; https when one of them terminates TLS
// (protocol HTTPS, or TLS in Terminate mode), else http. A route whose parents are all in the
// input but none of whose listeners takes the host is not attached. With no parent in the
// input: monitors.dev/scheme, else the parentRef's listener name or port where it says
// (`https`, `tls`, 443: https; `http`, 80: http), else https, with a note (docs/discover.md,
// "The scheme of an HTTPRoute").
import { hostCovers } from './hosts.js';
import { asList, asRecord, asText } from './candidates.js';
import type { Resource } from './types.js';

const GATEWAY_GROUP = 'gateway.networking.k8s.io';

export type SchemeChoice = { scheme: 'http' | 'https'; port?: number; guessed?: string } | { notAttached: string };

export const gatewayKey = (namespace: string, name: string): string => `${namespace}/${name}`;

interface ParentRef {
  namespace: string;
  name: string;
  sectionName?: string;
  port?: number;
}

export function parentRefs(route: Resource): ParentRef[] {
  return asList(asRecord(route.body.spec).parentRefs)
    .map(asRecord)
    .filter(
      (ref) => (asText(ref.kind) ?? 'Gateway') === 'Gateway' && (asText(ref.group) ?? GATEWAY_GROUP) === GATEWAY_GROUP,
    )
    .flatMap((ref) => {
      const name = asText(ref.name);
      if (!name) return [];
      const sectionName = asText(ref.sectionName);
      const port = typeof ref.port === 'number' ? ref.port : undefined;
      return [
        {
          namespace: asText(ref.namespace) ?? route.namespace,
          name,
          ...(sectionName ? { sectionName } : {}),
          ...(port ? { port } : {}),
        },
      ];
    });
}

interface Listener {
  name: string;
  hostname?: string;
  port: number;
  protocol: string;
  terminates: boolean;
}

function listenersOf(gateway: Resource, ref: ParentRef): Listener[] {
  return asList(asRecord(gateway.body.spec).listeners)
    .map(asRecord)
    .map((l) => {
      const protocol = asText(l.protocol) ?? '';
      const mode = asText(asRecord(l.tls).mode) ?? 'Terminate';
      const hostname = asText(l.hostname);
      return {
        name: asText(l.name) ?? '',
        ...(hostname ? { hostname } : {}),
        port: typeof l.port === 'number' ? l.port : 0,
        protocol,
        terminates: protocol === 'HTTPS' || (protocol === 'TLS' && mode === 'Terminate'),
      };
    })
    .filter(
      (l) =>
        (ref.sectionName === undefined || l.name === ref.sectionName) &&
        (ref.port === undefined || l.port === ref.port),
    );
}

/** The listeners' names an HTTPRoute without hostnames takes its hosts from: those naming one host. */
export function listenerHosts(route: Resource, gateways: ReadonlyMap<string, Resource>): string[] {
  const hosts = new Set<string>();
  for (const ref of parentRefs(route)) {
    const gateway = gateways.get(gatewayKey(ref.namespace, ref.name));
    if (!gateway) continue;
    for (const l of listenersOf(gateway, ref))
      if (l.hostname && !l.hostname.includes('*')) hosts.add(l.hostname.toLowerCase());
  }
  return [...hosts].sort();
}

export function chooseScheme(
  route: Resource,
  host: string,
  gateways: ReadonlyMap<string, Resource>,
  annotation: 'http' | 'https' | undefined,
): SchemeChoice {
  const refs = parentRefs(route);
  const found = refs.flatMap((ref) => {
    const gateway = gateways.get(gatewayKey(ref.namespace, ref.name));
    return gateway ? [{ ref, gateway }] : [];
  });
  if (found.length > 0) {
    const listeners = found
      .flatMap(({ gateway, ref }) => listenersOf(gateway, ref))
      .filter((l) => l.hostname === undefined || hostCovers(l.hostname, host, 'any labels'));
    const secure = listeners.filter((l) => l.terminates);
    if (secure.length > 0) return withPort('https', Math.min(...secure.map((l) => l.port)));
    const plain = listeners.filter((l) => l.protocol === 'HTTP');
    if (plain.length > 0) return withPort('http', Math.min(...plain.map((l) => l.port)));
    if (found.length === refs.length)
      return {
        notAttached: `no listener of ${found.map(({ gateway }) => `Gateway ${gateway.namespace}/${gateway.name}`).join(' or ')} takes ${host}, so the route is not attached there`,
      };
  }
  if (annotation) return { scheme: annotation };
  const said = refs.map(schemeSaid).find((s) => s !== undefined);
  if (said) return { scheme: said };
  return {
    scheme: 'https',
    guessed: `https guessed for ${host}: its Gateway is not in the input; give the Gateway too, or annotate monitors.dev/scheme`,
  };
}

/** What a parentRef's listener name or port says of its scheme, if anything. */
function schemeSaid(ref: ParentRef): 'http' | 'https' | undefined {
  const name = ref.sectionName?.toLowerCase() ?? '';
  if (ref.port === 443 || /https|tls|secure/.test(name)) return 'https';
  if (ref.port === 80 || /^http(?:$|[-_])|[-_]http$/.test(name)) return 'http';
  return undefined;
}

function withPort(scheme: 'http' | 'https', port: number): SchemeChoice {
  const standard = scheme === 'https' ? 443 : 80;
  return port > 0 && port !== standard ? { scheme, port } : { scheme };
}
