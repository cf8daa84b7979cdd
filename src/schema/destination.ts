// The `url` of a monitor names a public destination: for HTTP-like types an absolute
// http(s) URL, for the others a URL or a bare host (host, host:port, IPv4, IPv6).
// Private and reserved destinations are rejected without any DNS lookup: only what the
// text itself says (IP literals in any form WHATWG URL accepts, and reserved names).
import { privateIpv4Reason, privateIpv6Reason } from './ip-ranges.js';

export type DestinationKind = 'http-url' | 'url-or-host';

export interface DestinationProblem {
  code: 'rule.url_invalid' | 'rule.url_scheme' | 'rule.url_credentials' | 'rule.private_destination';
  message: string;
}

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//;

// The common case, decided without a URL parser (which costs more than the rest of a
// monitor's checks): an http(s) URL, or where a host will do a bare host, whose host is a
// plain lower-case DNS name of two or more labels, the last starting with a letter, with
// maybe a port and anything after a / ? or #. WHATWG URL keeps such a host as written (no
// IDNA mapping: no xn-- label; no IPv4 number form: the last label starts with a letter),
// so only the reserved names are left to check. Anything else takes the whole check.
// tests/schema/destination.test.ts holds the two to the same answers.
const PLAIN =
  /^(?:(https?):\/\/)?((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z](?:[a-z0-9-]*[a-z0-9])?)(?::([0-9]{1,5}))?(?:[/?#]\S*)?$/;
const NOT_PLAIN = Symbol('not plain');

function plainDestinationProblem(
  url: string,
  kind: DestinationKind,
): DestinationProblem | undefined | typeof NOT_PLAIN {
  const match = PLAIN.exec(url);
  if (!match) return NOT_PLAIN;
  const [, scheme, host = '', port] = match;
  if (kind === 'http-url' && scheme === undefined) return NOT_PLAIN;
  if ((port !== undefined && Number(port) > 65535) || host.startsWith('xn--') || host.includes('.xn--'))
    return NOT_PLAIN;
  const reason = reservedNameReason(host);
  return reason ? privateDestination(reason) : undefined;
}

/** The problem with a monitor's `url`, or undefined when it names a public destination. */
export function destinationProblem(url: string, kind: DestinationKind): DestinationProblem | undefined {
  const plain = plainDestinationProblem(url, kind);
  return plain === NOT_PLAIN ? parsedDestinationProblem(url, kind) : plain;
}

/** destinationProblem through the URL parser, whatever the URL (exported for the test that holds the common case to it). */
export function parsedDestinationProblem(url: string, kind: DestinationKind): DestinationProblem | undefined {
  if (url.trim() === '') return { code: 'rule.url_invalid', message: 'url is empty' };
  if (/\s/.test(url)) return { code: 'rule.url_invalid', message: 'url contains whitespace' };
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  if (kind === 'http-url' && scheme !== 'http' && scheme !== 'https') {
    return {
      code: 'rule.url_scheme',
      message: scheme
        ? `url scheme "${scheme}" is not supported here; use https:// or http://`
        : 'url must be an absolute URL starting with https:// or http://',
    };
  }
  // WHATWG ends the host at a backslash, RFC 3986 parsers do not: in `https://a.example\@10.0.0.1/`
  // one reads the host a.example, another 10.0.0.1. Text that parsers disagree on is refused.
  const authority = (scheme ? url.slice(scheme.length + 3) : url).split(/[/?#]/, 1)[0] ?? '';
  if (authority.includes('\\')) {
    return {
      code: 'rule.url_invalid',
      message: 'url has a backslash before its path, which URL parsers read differently; write / or %5C',
    };
  }
  const parsed = parseHost(url, scheme);
  if (!parsed) return { code: 'rule.url_invalid', message: 'url is not a valid URL or hostname' };
  // `localhost..` or `a..example.com` is no DNS name (an empty label); one trailing dot is fine.
  if (!parsed.hostname.startsWith('[') && parsed.hostname.replace(/\.$/, '').split('.').includes('')) {
    return {
      code: 'rule.url_invalid',
      message: 'url has an empty label in its host name (two dots in a row, or a leading dot)',
    };
  }
  // WHATWG URL lets `$`, `{` and `}` into a host: there they are template text never expanded.
  if (/[${}]/.test(parsed.hostname)) {
    return {
      code: 'rule.url_invalid',
      message: `url's host "${parsed.hostname.slice(0, 80)}" holds template text ($, { or }); a host name has letters, digits, - and . only`,
    };
  }
  if (parsed.username !== '' || parsed.password !== '') {
    return {
      code: 'rule.url_credentials',
      message:
        'url must not contain credentials (user:password@); use auth_type basic with auth_username and auth_secret',
    };
  }
  const reason = privateHostReason(parsed.hostname);
  return reason ? privateDestination(reason) : undefined;
}

const privateDestination = (reason: string): DestinationProblem => ({
  code: 'rule.private_destination',
  message: `url points at a private or reserved destination (${reason}); monitors must target public hosts`,
});

/**
 * The host (WHATWG-normalised; IPv6 in brackets) and port of a monitor's `url`, whatever its
 * form: an http(s) URL, a URL of another scheme, `host`, `host:port` or a bare IPv6 address.
 */
export function destinationHost(url: string): { scheme?: string; hostname: string; port: string } | undefined {
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  const parsed = parseHost(url, scheme);
  if (!parsed) return undefined;
  // The re-parse as http:// drops a port 80 written after another scheme: read it as written.
  const port = scheme ? (URL.parse(url)?.port ?? parsed.port) : parsed.port;
  return { ...(scheme ? { scheme } : {}), hostname: parsed.hostname, port };
}

function parseHost(url: string, scheme: string | undefined): URL | undefined {
  // Re-parse as http:// so that every scheme gets the same host normalisation
  // (WHATWG normalises 0x7f.1 or 2130706433 to 127.0.0.1 only for special schemes).
  let rest = scheme ? url.slice(scheme.length + 3) : url;
  if (!scheme && rest.split(':').length > 2 && !rest.startsWith('[')) rest = `[${rest}]`; // bare IPv6
  try {
    const parsed = new URL(`http://${rest}`);
    return parsed.hostname === '' ? undefined : parsed;
  } catch {
    return undefined;
  }
}

const RESERVED_SUFFIXES: ReadonlyArray<[string, string]> = [
  ['localhost', 'localhost name'],
  ['local', 'multicast DNS name (.local)'],
  ['internal', 'private-use name (.internal)'],
  ['home.arpa', 'home network name (.home.arpa)'],
];

/** Why a (WHATWG-normalised) hostname is private or reserved, or undefined when public. */
export function privateHostReason(hostname: string): string | undefined {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[')) {
    const ip = host.slice(1, -1);
    const reason = privateIpv6Reason(ip);
    return reason && `${ip}: ${reason}`;
  }
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host)) {
    const reason = privateIpv4Reason(host);
    return reason && `${host}: ${reason}`;
  }
  return reservedNameReason(host);
}

/** Why a lower-case host name without a trailing dot is reserved, or undefined. */
function reservedNameReason(host: string): string | undefined {
  for (const [suffix, label] of RESERVED_SUFFIXES) {
    if (host.endsWith(suffix) && (host.length === suffix.length || host[host.length - suffix.length - 1] === '.'))
      return `${host}: ${label}`;
  }
  if (!host.includes('.')) return `${host}: single-label name, which only resolves inside a private network`;
  return undefined;
}
