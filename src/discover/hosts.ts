// Which hosts get a monitor: a public DNS name or address. Wildcards name no one host; the
// private and reserved names and addresses are those `monitors validate` refuses in a url
// (src/schema/destination.ts: localhost, .local, .internal, .home.arpa, single-label names,
// private and reserved IPs), plus Kubernetes' own service names (`*.svc`, and
// `*.cluster.local` through .local), which resolve only inside a cluster.
import { privateHostReason } from '../schema/destination.js';
import type { SkipCode } from './types.js';

/** A host as it is compared and written: lower case, without the trailing dot of a fully qualified name. */
export function normalHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/, '');
}

/** Why a host gets no monitor, or undefined when it is public. */
export function hostSkip(host: string): { code: SkipCode; reason: string } | undefined {
  if (host.includes('*'))
    return { code: 'discover.wildcard_host', reason: `${host} is a wildcard: it names no one host to probe` };
  const name = normalHost(host);
  const literal =
    /^\d+\.\d+\.\d+\.\d+$/.test(name) || name.includes(':') ? (name.includes(':') ? `[${name}]` : name) : name;
  if (name === 'svc' || name.endsWith('.svc'))
    return {
      code: 'discover.private_host',
      reason: `${name} is a Kubernetes service name, which resolves only inside the cluster`,
    };
  const reason = privateHostReason(literal);
  if (reason) return { code: 'discover.private_host', reason: `private or internal host (${reason})` };
  if (!/^[a-z0-9.[\]:-]+$/.test(literal) || literal.startsWith('.') || literal.includes('..'))
    return { code: 'discover.private_host', reason: `${host} is not a host name` };
  return undefined;
}

/**
 * Whether a host pattern covers a host: equal, or `*.rest` and labels before the rest. A
 * Gateway listener's wildcard takes any number of labels (Gateway API); a certificate's (an
 * Ingress's spec.tls) exactly one, as TLS name matching does.
 */
export function hostCovers(pattern: string, host: string, depth: 'one label' | 'any labels'): boolean {
  const p = normalHost(pattern);
  if (!p.startsWith('*.')) return p === host;
  const rest = p.slice(1); // ".example.com"
  if (!host.endsWith(rest) || host.length <= rest.length) return false;
  return depth === 'any labels' || !host.slice(0, -rest.length).includes('.');
}
