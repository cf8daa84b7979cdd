// Where a check connects: a --connect-to rule for the host and port first (it may change
// both), then for the host it names a --resolve entry (curl's rules), then the
// --dns-server resolvers, then the system's resolver. The host name itself stays what the
// monitor says: TLS SNI, certificate names and the Host header are the monitor's.
import { lookup as systemLookup, Resolver } from 'node:dns/promises';
import { connect as netConnect, isIP, type LookupFunction, type Socket } from 'node:net';
import { connect as tlsConnect, type ConnectionOptions, type TLSSocket } from 'node:tls';
import { connectEndpoint, resolveEntryFor } from '../routes.js';
import type { CheckContext } from '../types.js';
import { markWaiting, unmarkWaiting } from './dns-wait.js';
import { dnsServersText, whileAsking } from './dns-servers.js';

export interface Address {
  address: string;
  family: 4 | 6;
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
  if (signal) markWaiting(signal, dnsServersText([]));
  const found = await systemLookup(bare, { all: true, verbatim: true }).finally(() => {
    if (signal && !signal.aborted) unmarkWaiting(signal);
  });
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
    return await whileAsking(signal, servers, async (): Promise<Address[]> => {
      // No A record (NODATA): the name may still have AAAA records. NXDOMAIN ends it.
      const v4 = await resolver
        .resolve4(host)
        .catch((error: NodeJS.ErrnoException) => (error.code === 'ENODATA' ? [] : Promise.reject(error)));
      if (v4.length > 0) return v4.map((address) => ({ address, family: 4 }));
      const v6 = await resolver.resolve6(host);
      return v6.map((address) => ({ address, family: 6 }));
    });
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

/**
 * A TCP connection to host:port (TLS with `tls`: SNI and certificate names stay the
 * monitor's host), sent where --connect-to and --resolve say.
 */
export function openConnection(
  host: string,
  port: number,
  context: CheckContext,
  signal: AbortSignal | undefined,
  tls?: Omit<ConnectionOptions, 'host' | 'port' | 'lookup' | 'servername'>,
): Socket | TLSSocket {
  const to = connectEndpoint(context.connectTo, host, port);
  const route = { host: to.host, port: to.port, lookup: lookupFunction(to.port, context, signal) };
  if (!tls) return netConnect(route);
  return tlsConnect({ ...route, ...tls, ...(isIP(host) === 0 ? { servername: host } : {}) });
}
