// The refused address blocks against ipaddr.js's own special ranges: at the first and last
// address of every range it knows, an address is refused exactly when ipaddr.js names a
// range that IANA does not mark globally reachable; plus the messages that name each block.
import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { privateIpv4Reason, privateIpv6Reason } from '../../src/schema/ip-ranges.js';

/** ipaddr.js range names of blocks that are globally reachable (IANA) or not applicable: accepted. */
const ACCEPTED = new Set([
  'unicast',
  'as112',
  'amt',
  'as112v6',
  'orchid2',
  'droneRemoteIdProtocolEntityTags',
  'teredo',
  'deprecatedOrchid',
]);

type Range = [{ kind(): string; toNormalizedString(): string; toByteArray(): number[] }, number];
const specialRanges = (kind: 'IPv4' | 'IPv6') =>
  Object.entries(
    (ipaddr[kind].prototype as unknown as { SpecialRanges: Record<string, Range | Range[]> }).SpecialRanges,
  ).flatMap(([name, list]) =>
    (Array.isArray(list[0]) ? (list as Range[]) : [list as Range]).map((range) => ({ name, range })),
  );

/** The first and the last address of a block. */
function ends([base, bits]: Range): string[] {
  const bytes = base.toByteArray();
  const last = bytes.map((byte, i) => {
    const hostBits = Math.min(8, Math.max(0, (i + 1) * 8 - bits));
    return byte | ((1 << hostBits) - 1);
  });
  return [bytes, last].map((b) => ipaddr.fromByteArray(b).toString());
}

const reason = (address: string) => (address.includes(':') ? privateIpv6Reason(address) : privateIpv4Reason(address));
const samples = [...specialRanges('IPv4'), ...specialRanges('IPv6')].flatMap(({ range }) => ends(range));

describe('special-purpose addresses', () => {
  it('knows the ranges of ipaddr.js it is checked against', () => {
    expect(samples.length).toBeGreaterThan(50);
  });

  it.each(samples)('%s is refused exactly when ipaddr.js names a range that is not globally reachable', (address) => {
    const name = ipaddr.parse(address).range();
    const embeds = ['ipv4Mapped', 'rfc6145', 'rfc6052', '6to4'].includes(name);
    if (embeds) return; // judged by the IPv4 address inside: see below
    expect({ name, refused: reason(address) !== undefined }).toEqual({ name, refused: !ACCEPTED.has(name) });
  });

  it('judges IPv6 forms that carry an IPv4 address by that address', () => {
    expect(privateIpv6Reason('::ffff:10.0.0.1')).toBe('IPv4-mapped IPv6 form of 10.0.0.1: private network (RFC 1918)');
    expect(privateIpv6Reason('::ffff:0:127.0.0.1')).toBe('IPv4-translated IPv6 form of 127.0.0.1: loopback');
    expect(privateIpv6Reason('::192.168.0.1')).toBe(
      'IPv4-compatible IPv6 form of 192.168.0.1: private network (RFC 1918)',
    );
    expect(privateIpv6Reason('64:ff9b::a9fe:a9fe')).toBe('NAT64 IPv6 form of 169.254.169.254: link-local');
    expect(privateIpv6Reason('2002:c0a8:101::1')).toBe('6to4 IPv6 form of 192.168.1.1: private network (RFC 1918)');
    for (const publicForm of ['::ffff:8.8.8.8', '::ffff:0:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1'])
      expect(privateIpv6Reason(publicForm)).toBeUndefined();
  });

  it('names the block in its message', () => {
    expect(privateIpv4Reason('172.20.1.1')).toBe('private network (RFC 1918)');
    expect(privateIpv4Reason('198.51.100.7')).toBe('documentation range (TEST-NET-2)');
    expect(privateIpv4Reason('255.255.255.255')).toBe('reserved (240.0.0.0/4, incl. broadcast)');
    expect(privateIpv6Reason('2001:db8::1')).toBe('documentation range (2001:db8::/32)');
    expect(privateIpv6Reason('2001:2::1')).toBe('benchmarking range (2001:2::/48)');
    expect(privateIpv4Reason('8.8.8.8')).toBeUndefined();
    expect(privateIpv4Reason('192.0.0.9')).toBeUndefined(); // PCP anycast: globally reachable
    expect(privateIpv4Reason('1.2.3')).toBeUndefined(); // not a dotted quad: the URL parser normalises first
  });
});
