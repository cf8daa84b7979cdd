// The command-line values of `monitors check`, read the way curl reads them (--resolve and
// --connect-to: routes.ts).
import { isIP } from 'node:net';
import { MonitorsError } from '../errors.js';

/** `ip` or `ip:port` (IPv6 with a port as `[ip]:port`), as node:dns setServers() takes it. */
export function parseDnsServer(value: string): string {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(value);
  const [ip, port] = bracketed
    ? [bracketed[1]!, bracketed[2]]
    : isIP(value) === 6
      ? [value, undefined]
      : (value.split(':') as [string, string | undefined]);
  const portOk = port === undefined || (/^\d+$/.test(port) && Number(port) >= 1 && Number(port) <= 65535);
  if (isIP(ip) === 0 || !portOk || (!bracketed && isIP(value) !== 6 && value.split(':').length > 2)) {
    throw new MonitorsError('BAD_OPTION', `--dns-server ${value} is not an IP address with an optional port`, {
      hint: 'Write e.g. --dns-server 1.1.1.1, --dns-server 127.0.0.1:5353 or --dns-server [::1]:53.',
    });
  }
  return value;
}

export function parseConcurrency(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > 256)
    throw new MonitorsError('BAD_OPTION', `--concurrency must be a whole number from 1 to 256, not "${value}"`);
  return n;
}

/** `--rdap-url`: an http(s) base URL under which `domain/<name>` is asked. */
export function parseRdapUrl(value: string): string {
  const url = URL.parse(value);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new MonitorsError('BAD_OPTION', `--rdap-url must be an http(s) URL, not "${value}"`, {
      hint: 'e.g. --rdap-url https://rdap.verisign.com/com/v1/',
    });
  }
  return value;
}
