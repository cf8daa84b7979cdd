// When the resolver itself fails (--dns-server, or the system's), the reason must say so:
// "connection refused" would read as the monitor's host refusing the check.
import { markWaiting, unmarkWaiting } from './dns-wait.js';
import { describeCode } from './errors.js';

/** A resolver that did not answer (refused, timed out, failed), as opposed to an answer (NXDOMAIN, no records). */
export class DnsServerError extends Error {
  readonly code = 'DNS_SERVER_FAILED';
}

/** "the DNS server 127.0.0.1:5353", "the DNS servers a, b", or the system's. */
export function dnsServersText(servers: readonly string[]): string {
  if (servers.length === 0) return "this system's DNS server";
  return `the DNS server${servers.length > 1 ? 's' : ''} ${servers.join(', ')}`;
}

const BY_CODE: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'refused the connection (is a DNS server listening there?)',
  ETIMEOUT: 'did not answer',
  ECANCELLED: 'did not answer',
  EREFUSED: 'refused the query',
  ESERVFAIL: 'failed to answer (SERVFAIL)',
  EBADRESP: 'gave an answer that is not DNS',
  ECONNRESET: 'closed the connection',
};

/** The resolver's failure, naming the servers; answers (NXDOMAIN, no data) are not failures and come back as they are. */
export function dnsServerFailure(error: unknown, servers: readonly string[]): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === undefined || code === 'ENOTFOUND' || code === 'ENODATA') return error;
  const what = BY_CODE[code] ?? `failed: ${describeCode(code) ?? code}`;
  return new DnsServerError(`${dnsServersText(servers)} ${what}`);
}

/** Runs `query` for an attempt, so that a failure names the servers, and a timeout during it too. */
export async function whileAsking<T>(
  signal: AbortSignal | undefined,
  servers: readonly string[],
  query: () => Promise<T>,
): Promise<T> {
  if (signal) markWaiting(signal, dnsServersText(servers));
  try {
    const result = await query();
    if (signal) unmarkWaiting(signal);
    return result;
  } catch (error) {
    // After a timeout the mark stays: the attempt's reason is worded from it later.
    if (signal?.aborted) throw error;
    if (signal) unmarkWaiting(signal);
    throw dnsServerFailure(error, servers);
  }
}
