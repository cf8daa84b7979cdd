// Special-purpose address blocks that are not globally reachable (the IANA IPv4 and IPv6
// special-purpose registries, column "Globally Reachable": False). A monitor may not
// point at them: the server refuses them and they would only ever probe the checker's
// own network. ipaddr.js parses and matches; the table below names each block the way
// messages show it ("private network (RFC 1918)"). ipaddr.js's own range() names are
// coarser (documentation, benchmarking and 240/4 are all "reserved"), which is why the
// labels stay here; tests/schema/ip-ranges.test.ts holds this table and ipaddr.js's
// ranges to the same verdicts.
import type ipaddr from 'ipaddr.js';
import { ipaddrLib } from './ipaddr-lib.js';

type Address = ReturnType<typeof ipaddr.parse>;

/** Blocks inside refused ones that IANA marks globally reachable (or not applicable): accepted. */
const REACHABLE = [
  '192.0.0.9/32', // Port Control Protocol anycast
  '192.0.0.10/32', // TURN anycast
  '2001::/32', // Teredo (not applicable)
  '2001:1::1/128', // Port Control Protocol anycast
  '2001:1::2/128', // TURN anycast
  '2001:3::/32', // AMT
  '2001:4:112::/48', // AS112-v6
  '2001:10::/28', // deprecated ORCHID (not applicable)
  '2001:20::/28', // ORCHIDv2
  '2001:30::/28', // drone remote ID entity tags
];

/** label -> blocks; the first match wins, so a narrower block comes before a wider one. */
const REFUSED: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['"this network" (0.0.0.0/8)', ['0.0.0.0/8']],
  ['private network (RFC 1918)', ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16']],
  ['carrier-grade NAT (100.64.0.0/10)', ['100.64.0.0/10']],
  ['loopback', ['127.0.0.0/8']],
  ['link-local', ['169.254.0.0/16']],
  ['IETF protocol assignments (192.0.0.0/24)', ['192.0.0.0/24']],
  ['documentation range (TEST-NET-1)', ['192.0.2.0/24']],
  ['6to4 relay anycast (192.88.99.0/24)', ['192.88.99.0/24']],
  ['benchmarking range (198.18.0.0/15)', ['198.18.0.0/15']],
  ['documentation range (TEST-NET-2)', ['198.51.100.0/24']],
  ['documentation range (TEST-NET-3)', ['203.0.113.0/24']],
  ['multicast', ['224.0.0.0/4']],
  ['reserved (240.0.0.0/4, incl. broadcast)', ['240.0.0.0/4']],
  ['unspecified address (::)', ['::/128']],
  ['loopback (::1)', ['::1/128']],
  ['local-use NAT64 (64:ff9b:1::/48)', ['64:ff9b:1::/48']],
  ['discard-only block (100::/64)', ['100::/64']],
  ['benchmarking range (2001:2::/48)', ['2001:2::/48']],
  ['documentation range (2001:db8::/32)', ['2001:db8::/32']],
  ['IETF protocol assignments (2001::/23)', ['2001::/23']],
  ['documentation range (3fff::/20)', ['3fff::/20']],
  ['segment routing SIDs (5f00::/16)', ['5f00::/16']],
  ['unique-local address (fc00::/7)', ['fc00::/7']],
  ['link-local address (fe80::/10)', ['fe80::/10']],
  ['site-local address (fec0::/10)', ['fec0::/10']],
  ['multicast (ff00::/8)', ['ff00::/8']],
];

/** IPv6 blocks that carry an IPv4 address: judged by that address. `at` is its first 16-bit group. */
const EMBEDDING: ReadonlyArray<{ kind: string; cidr: string; at: number }> = [
  { kind: 'IPv4-mapped', cidr: '::ffff:0:0/96', at: 6 },
  { kind: 'IPv4-translated', cidr: '::ffff:0:0:0/96', at: 6 },
  { kind: 'IPv4-compatible', cidr: '::/96', at: 6 },
  { kind: 'NAT64', cidr: '64:ff9b::/96', at: 6 },
  { kind: '6to4', cidr: '2002::/16', at: 1 },
];

const PUBLIC = 'public';
// Parsed on first use: most runs never meet an IP literal, and every run would pay at start.
interface Tables {
  ranges: Record<string, [Address, number][]>;
  embedded: { kind: string; at: number; range: [ipaddr.IPv6, number] }[];
}
let parsed: Tables | undefined;
function tables(): Tables {
  const ipaddr = ipaddrLib();
  return (parsed ??= {
    ranges: {
      [PUBLIC]: REACHABLE.map((cidr) => ipaddr.parseCIDR(cidr)),
      ...Object.fromEntries(REFUSED.map(([label, cidrs]) => [label, cidrs.map((cidr) => ipaddr.parseCIDR(cidr))])),
    },
    embedded: EMBEDDING.map((e) => ({ ...e, range: ipaddr.IPv6.parseCIDR(e.cidr) })),
  });
}

function reasonFor(address: Address): string | undefined {
  const ipaddr = ipaddrLib();
  if (address.kind() === 'ipv6') {
    const inner = embeddedIpv4(address as ipaddr.IPv6);
    if (inner) {
      const reason = reasonFor(inner.ipv4);
      return reason ? `${inner.kind} IPv6 form of ${inner.ipv4.toString()}: ${reason}` : undefined;
    }
  }
  const label = ipaddr.subnetMatch(address, tables().ranges, PUBLIC);
  return label === PUBLIC ? undefined : label;
}

function embeddedIpv4(address: ipaddr.IPv6): { kind: string; ipv4: ipaddr.IPv4 } | undefined {
  const ipaddr = ipaddrLib();
  const parts = address.parts;
  if (parts.slice(0, 7).every((p) => p === 0) && (parts[7] ?? 0) <= 1) return undefined; // :: and ::1 are themselves
  const found = tables().embedded.find((e) => address.match(e.range));
  if (!found) return undefined;
  const [hi = 0, lo = 0] = parts.slice(found.at, found.at + 2);
  return { kind: found.kind, ipv4: new ipaddr.IPv4([hi >> 8, hi & 255, lo >> 8, lo & 255]) };
}

/** Why an IPv4 address (dotted quad) is not public, or undefined when it is. */
export function privateIpv4Reason(text: string): string | undefined {
  const ipaddr = ipaddrLib();
  return ipaddr.IPv4.isValidFourPartDecimal(text) ? reasonFor(ipaddr.IPv4.parse(text)) : undefined;
}

/** Why an IPv6 address is not public, or undefined when it is. */
export function privateIpv6Reason(text: string): string | undefined {
  // Read as WHATWG URL reads it first: ipaddr.js takes `::1.2.3.4` for `::ffff:1.2.3.4`.
  const normal = whatwgIpv6(text);
  const ipaddr = ipaddrLib();
  return normal !== undefined && ipaddr.IPv6.isValid(normal) ? reasonFor(ipaddr.IPv6.parse(normal)) : undefined;
}

function whatwgIpv6(text: string): string | undefined {
  try {
    return new URL(`http://[${text}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
}
