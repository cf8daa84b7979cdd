// dns: the records of dns_record_type for the host. Without dns_expected any record passes;
// with it, one of the records must be that value, compared by meaning: addresses in any
// spelling, names without case or trailing dot, MX as "exchange" or "priority exchange",
// TXT as the record's strings joined, CAA as the value, "tag value" or "flags tag value".
import { isIP } from 'node:net';

export type DnsRecordType = 'A' | 'AAAA' | 'CNAME' | 'MX' | 'TXT' | 'NS' | 'CAA';

/** What node:dns resolve*() returns for each type, as one printable string per record. */
export function recordTexts(type: DnsRecordType, records: readonly unknown[]): string[] {
  return records.map((r) => {
    switch (type) {
      case 'MX': {
        const mx = r as { priority: number; exchange: string };
        return `${mx.priority} ${hostName(mx.exchange)}`;
      }
      case 'TXT':
        return (r as string[]).join('');
      case 'CAA': {
        const { critical, ...rest } = r as Record<string, unknown>;
        const [tag, value] = Object.entries(rest)[0] ?? ['', ''];
        return `${Number(critical ?? 0)} ${tag} "${String(value)}"`;
      }
      case 'CNAME':
      case 'NS':
        return hostName(String(r));
      default:
        return String(r);
    }
  });
}

export function dnsMatches(type: DnsRecordType, record: string, expected: string): boolean {
  const want = expected.trim();
  switch (type) {
    case 'A':
    case 'AAAA':
      return isIP(want) !== 0 && canonicalIp(want) === canonicalIp(record);
    case 'CNAME':
    case 'NS':
      return hostName(want) === record;
    case 'MX': {
      const [priority, exchange] = record.split(' ') as [string, string];
      const parts = want.split(/\s+/);
      return parts.length === 2
        ? parts[0] === priority && hostName(parts[1]!) === exchange
        : hostName(want) === exchange;
    }
    case 'TXT':
      return want === record || expected === record;
    case 'CAA': {
      const [flags, tag, ...value] = record.split(' ');
      const bare = value.join(' ').replace(/^"(.*)"$/, '$1');
      const text = unquote(want);
      return [bare, `${tag} ${bare}`, `${flags} ${tag} ${bare}`].some(
        (form) => form.toLowerCase() === text.toLowerCase(),
      );
    }
  }
}

export function dnsVerdict(
  type: DnsRecordType,
  records: readonly string[],
  expected: string | null | undefined,
  shownExpected: string,
): { ok: boolean; detail: string } {
  const list =
    records.length > 3 ? `${records.slice(0, 3).join(', ')} and ${records.length - 3} more` : records.join(', ');
  if (records.length === 0) return { ok: false, detail: `no ${type} record` };
  if (expected === null || expected === undefined || expected.trim() === '')
    return { ok: true, detail: `${type} ${list}` };
  if (records.some((r) => dnsMatches(type, r, expected)))
    return { ok: true, detail: `${type} ${JSON.stringify(shownExpected)} found` };
  return { ok: false, detail: `${type} is ${list}, expected ${JSON.stringify(shownExpected)}` };
}

function hostName(name: string): string {
  return name.trim().toLowerCase().replace(/\.$/, '');
}

function canonicalIp(ip: string): string {
  return isIP(ip) === 6 ? (URL.parse(`http://[${ip}]/`)?.hostname ?? ip) : ip;
}

/** `0 issue "ca.example"` and `0 issue ca.example` are one CAA value. */
function unquote(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/"([^"]*)"$/, '$1');
}
