// Where a check's connections go, as curl's --resolve and --connect-to say: read from the
// command line, and matched against each connection's host and port. The host name the
// monitor names stays what the server sees (TLS SNI, certificate check, Host header).
import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';
import { MonitorsError } from '../errors.js';
import type { ConnectToRule, ResolveEntry } from './types.js';

const RESOLVE_HINT =
  'Write HOST:PORT:ADDRESS, e.g. --resolve shop.example.com:443:127.0.0.1 (HOST may be * for any host, PORT * for any port).';
const CONNECT_TO_HINT =
  'Write HOST:PORT:CONNECT-HOST:CONNECT-PORT, e.g. --connect-to shop.example.com:443:127.0.0.1:8443; an empty HOST or PORT (or *) matches any, an empty CONNECT-HOST or CONNECT-PORT keeps the one of the URL.';

/** `https://...`: a URL where a host name belongs. */
const URL_START = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * `[+]HOST:PORT:ADDRESS[,ADDRESS...]` (curl's --resolve): HOST may be `*` (any host, tried
 * after the named ones), PORT a number or `*` (any port), an IPv6 ADDRESS in brackets or bare.
 */
export function parseResolve(value: string): ResolveEntry {
  const bad = (why: string, hint = RESOLVE_HINT) =>
    new MonitorsError('BAD_OPTION', `--resolve ${value}: ${why}`, { hint });
  // curl's + (an entry that expires) means nothing for one run of checks.
  const text = value.startsWith('+') ? value.slice(1) : value;
  if (URL_START.test(text)) throw bad('HOST is a host name, not a URL');
  const parts = splitColons(text);
  if (parts.length < 3) throw bad('expected HOST:PORT:ADDRESS');
  const [hostText, portText, ...rest] = parts as [string, string, ...string[]];
  const host = hostText.trim() === '*' ? '*' : hostName(hostText);
  if (host === undefined) throw bad(`"${hostText}" is not a host name (or * for any host)`);
  const port = portText === '*' ? '*' : portNumber(portText);
  if (port === undefined) throw bad(`"${portText}" is not a port (1-65535 or *)`);
  // HOST:PORT:ADDRESS:PORT is a port mapping, which --resolve cannot say.
  if (rest.length === 2 && isIP(bare(rest[0]!)) !== 0 && portNumber(rest[1]!) !== undefined)
    throw bad(
      'an ADDRESS has no port (--resolve keeps the port of the URL)',
      `To connect to another port, use --connect-to ${hostText}:${portText}:${rest[0]}:${rest[1]}.`,
    );
  const addresses = rest
    .join(':')
    .split(',')
    .map((a) => bare(a.trim()));
  for (const address of addresses) if (isIP(address) === 0) throw bad(`"${address}" is not an IP address`);
  return { host, port, addresses };
}

/**
 * `HOST:PORT:CONNECT-HOST:CONNECT-PORT` (curl's --connect-to): a connection to HOST on PORT
 * goes to CONNECT-HOST on CONNECT-PORT instead. An empty (or `*`) HOST or PORT matches any;
 * an empty CONNECT-HOST or CONNECT-PORT keeps the URL's. IPv6 addresses in brackets.
 */
export function parseConnectTo(value: string): ConnectToRule {
  const bad = (why: string) =>
    new MonitorsError('BAD_OPTION', `--connect-to ${value}: ${why}`, { hint: CONNECT_TO_HINT });
  if (URL_START.test(value)) throw bad('HOST is a host name, not a URL');
  const parts = splitColons(value);
  if (parts.length !== 4) throw bad('expected HOST:PORT:CONNECT-HOST:CONNECT-PORT (four parts, some may be empty)');
  const [hostText, portText, toHostText, toPortText] = parts as [string, string, string, string];
  const rule: ConnectToRule = { text: value };
  if (hostText !== '' && hostText !== '*') {
    const host = hostName(hostText);
    if (host === undefined) throw bad(`"${hostText}" is not a host name`);
    rule.host = host;
  }
  if (portText !== '' && portText !== '*') {
    const port = portNumber(portText);
    if (port === undefined) throw bad(`"${portText}" is not a port (1-65535, or empty for any)`);
    rule.port = port;
  }
  if (toHostText !== '') {
    const toHost = hostName(toHostText);
    if (toHost === undefined) throw bad(`"${toHostText}" is not a host name or IP address to connect to`);
    rule.toHost = toHost;
  }
  if (toPortText !== '') {
    const toPort = portNumber(toPortText);
    if (toPort === undefined) throw bad(`"${toPortText}" is not a port to connect to (1-65535)`);
    rule.toPort = toPort;
  }
  if (rule.toHost === undefined && rule.toPort === undefined)
    throw bad('it names neither a host nor a port to connect to');
  return rule;
}

/** The --resolve entry for host:port: the host's own entries first, then `*` (curl's order). */
export function resolveEntryFor(
  entries: readonly ResolveEntry[],
  host: string,
  port: number,
): ResolveEntry | undefined {
  const name = normalizeHost(host);
  for (const [h, p] of [
    [name, port],
    [name, '*'],
    ['*', port],
    ['*', '*'],
  ] as const) {
    const found = entries.find((e) => e.host === h && e.port === p);
    if (found) return found;
  }
  return undefined;
}

/** Where a connection to host:port goes: the first --connect-to rule that matches, else host:port itself. */
export function connectEndpoint(
  rules: readonly ConnectToRule[],
  host: string,
  port: number,
): { host: string; port: number } {
  const name = normalizeHost(host);
  const rule = rules.find(
    (r) => (r.host === undefined || r.host === name) && (r.port === undefined || r.port === port),
  );
  return { host: rule?.toHost ?? host, port: rule?.toPort ?? port };
}

/** Host names compare without case and without a trailing dot. */
export function normalizeHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/, '');
}

/** Splits on the colons outside [brackets] (IPv6 addresses keep theirs). */
function splitColons(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === '[') depth += 1;
    else if (text[i] === ']') depth = Math.max(0, depth - 1);
    else if (text[i] === ':' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

const bare = (text: string): string => text.replace(/^\[(.*)\]$/, '$1');

function portNumber(text: string): number | undefined {
  const n = Number(text);
  return /^\d+$/.test(text) && n >= 1 && n <= 65535 ? n : undefined;
}

/** A host name (IDN as its ASCII form) or an IP address (IPv6 without brackets), normalized; undefined if neither. */
function hostName(text: string): string | undefined {
  const ip = bare(text.trim());
  if (isIP(ip) !== 0) return ip.toLowerCase();
  const name = normalizeHost(text);
  if (/[\s/\\?#@[\]%]/.test(name)) return undefined;
  const ascii = domainToASCII(name);
  return /^[a-z0-9_-]+(?:\.[a-z0-9_-]+)*$/.test(ascii) ? ascii : undefined;
}
