// Special-purpose address blocks that are not globally reachable (IANA IPv4/IPv6
// special-purpose registries). A monitor may not point at them: the server refuses
// them and they would only ever probe the checker's own network.

interface V4Block {
  base: number;
  bits: number;
  label: string;
}

const v4 = (cidr: string, label: string): V4Block => {
  const [ip = '', bits = '32'] = cidr.split('/');
  return { base: ipv4ToNumber(ip) ?? 0, bits: Number(bits), label };
};

const IPV4_BLOCKS: readonly V4Block[] = [
  v4('0.0.0.0/8', '"this network" (0.0.0.0/8)'),
  v4('10.0.0.0/8', 'private network (RFC 1918)'),
  v4('100.64.0.0/10', 'carrier-grade NAT (100.64.0.0/10)'),
  v4('127.0.0.0/8', 'loopback'),
  v4('169.254.0.0/16', 'link-local'),
  v4('172.16.0.0/12', 'private network (RFC 1918)'),
  v4('192.0.0.0/24', 'IETF protocol assignments (192.0.0.0/24)'),
  v4('192.0.2.0/24', 'documentation range (TEST-NET-1)'),
  v4('192.88.99.0/24', '6to4 relay anycast (192.88.99.0/24)'),
  v4('192.168.0.0/16', 'private network (RFC 1918)'),
  v4('198.18.0.0/15', 'benchmarking range (198.18.0.0/15)'),
  v4('198.51.100.0/24', 'documentation range (TEST-NET-2)'),
  v4('203.0.113.0/24', 'documentation range (TEST-NET-3)'),
  v4('224.0.0.0/4', 'multicast'),
  v4('240.0.0.0/4', 'reserved (240.0.0.0/4, incl. broadcast)'),
];

export function ipv4ToNumber(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  let n = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return undefined;
    n = n * 256 + Number(part);
  }
  return n;
}

function v4Label(n: number): string | undefined {
  for (const block of IPV4_BLOCKS) {
    const size = 2 ** (32 - block.bits);
    if (n >= block.base && n < block.base + size) return block.label;
  }
  return undefined;
}

/** Why an IPv4 address (dotted quad) is not public, or undefined when it is. */
export function privateIpv4Reason(text: string): string | undefined {
  const n = ipv4ToNumber(text);
  return n === undefined ? undefined : v4Label(n);
}

/** Eight 16-bit groups of an IPv6 literal (hex groups, `::` allowed, optional dotted tail). */
export function parseIpv6(text: string): number[] | undefined {
  let body = text.toLowerCase();
  // A dotted IPv4 tail ("::ffff:1.2.3.4") is two hex groups written differently.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(body);
  if (dotted?.[1]) {
    const n = ipv4ToNumber(dotted[1]);
    if (n === undefined) return undefined;
    body = `${body.slice(0, dotted.index)}${Math.floor(n / 65536).toString(16)}:${(n % 65536).toString(16)}`;
  }
  const halves = body.split('::');
  if (halves.length > 2) return undefined;
  const groups = (s: string | undefined): number[] | undefined => {
    if (!s) return [];
    const out: number[] = [];
    for (const g of s.split(':')) {
      if (!/^[0-9a-f]{1,4}$/.test(g)) return undefined;
      out.push(parseInt(g, 16));
    }
    return out;
  };
  const head = groups(halves[0]);
  const rest = groups(halves[1]);
  if (!head || !rest) return undefined;
  const known = head.length + rest.length;
  if (halves.length === 1) return known === 8 ? head : undefined;
  if (known > 7) return undefined;
  return [...head, ...new Array<number>(8 - known).fill(0), ...rest];
}

const embeddedV4 = (hi: number, lo: number): string =>
  [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');

/** Why an IPv6 address is not public, or undefined when it is. */
export function privateIpv6Reason(text: string): string | undefined {
  const g = parseIpv6(text);
  if (!g) return undefined;
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(7) && g7 === 0) return 'unspecified address (::)';
  if (zeroUpTo(7) && g7 === 1) return 'loopback (::1)';
  if (zeroUpTo(5) && g5 === 0xffff) return mapped('IPv4-mapped', embeddedV4(g6, g7));
  if (zeroUpTo(6)) return mapped('IPv4-compatible', embeddedV4(g6, g7));
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return mapped('NAT64', embeddedV4(g6, g7));
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return 'local-use NAT64 (64:ff9b:1::/48)';
  if (g0 === 0x100 && g1 === 0 && g2 === 0 && g3 === 0) return 'discard-only block (100::/64)';
  if (g0 === 0x2001 && g1 === 0x0db8) return 'documentation range (2001:db8::/32)';
  if (g0 === 0x2002) return mapped('6to4', embeddedV4(g1, g2));
  if ((g0 & 0xfff0) === 0x3ff0 && g0 <= 0x3fff) return 'documentation range (3fff::/20)';
  if ((g0 & 0xfe00) === 0xfc00) return 'unique-local address (fc00::/7)';
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local address (fe80::/10)';
  if ((g0 & 0xffc0) === 0xfec0) return 'site-local address (fec0::/10)';
  if ((g0 & 0xff00) === 0xff00) return 'multicast (ff00::/8)';
  return undefined;
}

function mapped(kind: string, ip: string): string | undefined {
  const inner = privateIpv4Reason(ip);
  return inner ? `${kind} IPv6 form of ${ip}: ${inner}` : undefined;
}
