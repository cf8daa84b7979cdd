// Where a check connects: a --resolve entry for the host and port wins (curl's rule), then
// the --dns-server resolvers, then the system's resolver. The host name itself stays what
// the monitor says: TLS SNI, certificate names and the Host header are the monitor's.
import { lookup as systemLookup, Resolver } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { normalizeHost } from '../options.js';
import type { CheckContext, ResolveEntry } from '../types.js';

export interface Address {
  address: string;
  family: 4 | 6;
}

export function resolveEntryFor(
  entries: readonly ResolveEntry[],
  host: string,
  port: number,
): ResolveEntry | undefined {
  const name = normalizeHost(host);
  return (
    entries.find((e) => e.host === name && e.port === port) ?? entries.find((e) => e.host === name && e.port === '*')
  );
}

/** The addresses to try for host:port, in order. Rejects with a Node-style error (code ENOTFOUND, ...). */
export async function lookupHost(
  host: string,
  port: number,
  context: CheckContext,
  signal?: AbortSignal,
): Promise<Address[]> {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  const literal = isIP(bare);
  if (literal !== 0) return [{ address: bare, family: literal as 4 | 6 }];
  const entry = resolveEntryFor(context.resolve, bare, port);
  if (entry) return entry.addresses.map((address) => ({ address, family: isIP(address) as 4 | 6 }));
  if (context.dnsServers.length > 0) return resolveWith(context.dnsServers, bare, signal);
  const found = await systemLookup(bare, { all: true, verbatim: true });
  if (found.length === 0) throw Object.assign(new Error(`no address for ${bare}`), { code: 'ENOTFOUND' });
  return found.map((a) => ({ address: a.address, family: a.family as 4 | 6 }));
}

/** A resolver asking the given servers (--dns-server; none = the system's), each once. */
export function resolverFor(servers: readonly string[], timeoutMs: number): Resolver {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  if (servers.length > 0) resolver.setServers([...servers]);
  return resolver;
}

async function resolveWith(servers: readonly string[], host: string, signal?: AbortSignal): Promise<Address[]> {
  const resolver = resolverFor(servers, 5000); // the check's own timeout cancels it sooner
  const cancel = () => resolver.cancel();
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    // No A record (NODATA): the name may still have AAAA records. NXDOMAIN ends it.
    const v4 = await resolver
      .resolve4(host)
      .catch((error: NodeJS.ErrnoException) => (error.code === 'ENODATA' ? [] : Promise.reject(error)));
    if (v4.length > 0) return v4.map((address) => ({ address, family: 4 }));
    const v6 = await resolver.resolve6(host);
    return v6.map((address) => ({ address, family: 6 }));
  } finally {
    signal?.removeEventListener('abort', cancel);
  }
}

/** The `lookup` option of net/tls/http connections to `port`, answering as dns.lookup does. */
export function lookupFunction(port: number, context: CheckContext, signal?: AbortSignal): LookupFunction {
  return (hostname, options, callback) => {
    lookupHost(hostname, port, context, signal).then(
      (found) => {
        const wanted =
          options.family === 4 || options.family === 6 ? found.filter((a) => a.family === options.family) : found;
        const list = wanted.length > 0 ? wanted : found;
        if (options.all) (callback as (e: null, a: Address[]) => void)(null, list);
        else (callback as (e: null, a: string, f: number) => void)(null, list[0]!.address, list[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}
