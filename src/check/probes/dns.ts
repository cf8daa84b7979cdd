// dns: the host's records of dns_record_type, asked of --dns-server (else the system's
// resolvers, as /etc/resolv.conf names them); --resolve plays no part here.
import { isIP } from 'node:net';
import { whileAsking } from '../net/dns-servers.js';
import { resolverFor } from '../net/lookup.js';
import { endpointOf } from '../target.js';
import { dnsVerdict, recordTexts } from '../verdicts/dns.js';
import { fail, fromVerdict, type Probe } from './probe.js';

export const dnsProbe: Probe = async ({ monitor, shown }, context, signal) => {
  const host = endpointOf(monitor)?.host;
  if (!host || isIP(host) !== 0) return fail('a DNS check needs a host name in url');
  const type = monitor.dns_record_type ?? 'A';
  // c-ares gives up a little after our timeout, so that the check's own timeout speaks.
  const resolver = resolverFor(context.dnsServers, monitor.timeout_seconds * 1000 + 500);
  const cancel = () => resolver.cancel();
  signal.addEventListener('abort', cancel, { once: true });
  let records: unknown[];
  try {
    // A resolver that fails (refused, no answer) is named: the reason is the server's, not the name's.
    records = (await whileAsking(signal, context.dnsServers, () => resolver.resolve(host, type))) as unknown[];
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTFOUND') return fail(`${host} does not exist (NXDOMAIN)`);
    if (code !== 'ENODATA') throw signal.aborted ? signal.reason : error;
    records = [];
  } finally {
    signal.removeEventListener('abort', cancel);
  }
  return fromVerdict(dnsVerdict(type, recordTexts(type, records), monitor.dns_expected, shown('dns_expected')));
};
