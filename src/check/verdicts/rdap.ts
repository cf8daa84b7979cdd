// domain: days until the registration expires, from the registry's RDAP answer (RFC 9083:
// an event with eventAction "expiration"). The RDAP server of a name comes from IANA's
// bootstrap registry (RFC 9224), or --rdap-url.
import { DAY_MS } from './certificate.js';

/** Base URLs of the longest matching label suffix in IANA's dns.json, https first. */
export function rdapBaseFor(bootstrap: unknown, domain: string): string | undefined {
  const services = (bootstrap as { services?: unknown })?.services;
  if (!Array.isArray(services)) return undefined;
  const labels = domain.split('.');
  for (let i = 0; i < labels.length; i++) {
    const suffix = labels.slice(i).join('.');
    for (const service of services) {
      const [suffixes, urls] = Array.isArray(service) ? (service as [unknown, unknown]) : [];
      if (
        !Array.isArray(suffixes) ||
        !Array.isArray(urls) ||
        !suffixes.some((s) => typeof s === 'string' && s.toLowerCase() === suffix)
      )
        continue;
      const strings = urls.filter((u): u is string => typeof u === 'string');
      return strings.find((u) => u.startsWith('https://')) ?? strings[0];
    }
  }
  return undefined;
}

/** `<base>/domain/<name>`, whether or not the base ends in a slash. */
export function rdapDomainUrl(base: string, domain: string): URL {
  return new URL(`domain/${encodeURIComponent(domain)}`, base.endsWith('/') ? base : `${base}/`);
}

export function expiryOf(rdap: unknown): Date | undefined {
  const events = (rdap as { events?: unknown })?.events;
  if (!Array.isArray(events)) return undefined;
  for (const event of events) {
    const e = event as { eventAction?: unknown; eventDate?: unknown };
    if (e?.eventAction !== 'expiration' || typeof e.eventDate !== 'string') continue;
    const date = new Date(e.eventDate);
    if (!Number.isNaN(date.getTime())) return date;
  }
  return undefined;
}

export function domainVerdict(
  expiry: Date,
  now: Date,
  minimumDays: number | null | undefined,
): { ok: boolean; detail: string } {
  const days = Math.floor((expiry.getTime() - now.getTime()) / DAY_MS);
  const date = expiry.toISOString().slice(0, 10);
  if (days < 0) return { ok: false, detail: `registration expired on ${date}` };
  const when = `registration expires in ${days} day${days === 1 ? '' : 's'} (${date})`;
  if (minimumDays !== null && minimumDays !== undefined && days < minimumDays)
    return { ok: false, detail: `${when}, fewer than minimum_domain_days ${minimumDays}` };
  return { ok: true, detail: when };
}
