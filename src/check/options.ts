// The command-line values of `monitors check`, read the way curl reads them.
import { isIP } from 'node:net';
import { MonitorsError } from '../errors.js';
import type { ResolveEntry } from './types.js';

/**
 * `HOST:PORT:ADDRESS[,ADDRESS...]` (curl's --resolve): PORT is a number or `*` (any port),
 * an IPv6 ADDRESS may be written in brackets.
 */
export function parseResolve(value: string): ResolveEntry {
  const first = value.indexOf(':');
  const second = first < 0 ? -1 : value.indexOf(':', first + 1);
  const bad = (why: string) =>
    new MonitorsError('BAD_OPTION', `--resolve ${value}: ${why}`, {
      hint: 'Write HOST:PORT:ADDRESS, e.g. --resolve shop.example.com:443:127.0.0.1 (PORT may be *).',
    });
  if (second < 0) throw bad('expected HOST:PORT:ADDRESS');
  const host = normalizeHost(value.slice(0, first));
  const portText = value.slice(first + 1, second);
  if (host === '') throw bad('the host is empty');
  const port = portText === '*' ? '*' : Number(portText);
  if (port !== '*' && !(/^\d+$/.test(portText) && port >= 1 && port <= 65535))
    throw bad(`"${portText}" is not a port (1-65535 or *)`);
  const addresses = value
    .slice(second + 1)
    .split(',')
    .map((a) => a.trim().replace(/^\[(.*)\]$/, '$1'));
  for (const address of addresses) if (isIP(address) === 0) throw bad(`"${address}" is not an IP address`);
  return { host, port, addresses };
}

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

/** Host names compare without case and without a trailing dot. */
export function normalizeHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/, '');
}
