// domain: days until the registration expires, from the registry's RDAP service. When no
// RDAP service can be reached from here (offline, firewalled, no server for the TLD) the
// monitor is "not checked", never passed.
import { isIP } from 'node:net';
import { describeNetError } from '../net/errors.js';
import { httpExchange, type HttpExchangeResult } from '../net/http-exchange.js';
import { endpointOf } from '../target.js';
import type { CheckContext } from '../types.js';
import { domainVerdict, expiryOf, rdapBaseFor, rdapDomainUrl } from '../verdicts/rdap.js';
import { fail, fromVerdict, notChecked, pass, type Probe } from './probe.js';

export const IANA_RDAP_BOOTSTRAP = 'https://data.iana.org/rdap/dns.json';

export const domainProbe: Probe = async ({ monitor }, context, signal) => {
  const domain = endpointOf(monitor)?.host.toLowerCase();
  if (!domain || isIP(domain) !== 0) return fail('a domain check needs a domain name in url');
  const timeout = monitor.timeout_seconds;
  let base = context.rdapUrl;
  if (!base) {
    const bootstrap = await bootstrapOnce(context, signal);
    if (bootstrap instanceof Error)
      return notChecked(
        `not checkable from here: the RDAP bootstrap registry ${IANA_RDAP_BOOTSTRAP} could not be read (${describeNetError(bootstrap, timeout)})`,
      );
    base = rdapBaseFor(bootstrap, domain);
    if (!base)
      return notChecked(`not checkable from here: no RDAP service is known for ${domain} (IANA bootstrap registry)`);
  }
  const url = rdapDomainUrl(base, domain);
  const started = performance.now();
  let answer: HttpExchangeResult;
  try {
    answer = await getRdap(url, context, signal);
  } catch (error) {
    return notChecked(
      `not checkable from here: RDAP ${url.origin} not reachable (${describeNetError(error, timeout, signal)})`,
    );
  }
  const ms = Math.round(performance.now() - started);
  if (answer.kind !== 'answer')
    return notChecked(`not checkable from here: RDAP ${url.origin} redirected too often or elsewhere`);
  if (answer.status === 404) return fail(`${domain} is not registered (RDAP ${url.origin} answered 404)`);
  if (answer.status < 200 || answer.status > 299)
    return notChecked(`not checkable from here: RDAP ${url.origin} answered status ${answer.status}`);
  let rdap: unknown;
  try {
    rdap = JSON.parse(answer.body.toString('utf8'));
  } catch {
    return notChecked(`not checkable from here: RDAP ${url.origin} did not answer JSON`);
  }
  const expiry = expiryOf(rdap);
  if (!expiry) return notChecked(`not checkable from here: the RDAP answer for ${domain} has no expiration date`);
  const verdict = domainVerdict(expiry, context.now(), monitor.minimum_domain_days);
  return verdict.ok ? pass(verdict.detail, ms) : fromVerdict(verdict);
};

function getRdap(url: URL, context: CheckContext, signal: AbortSignal): Promise<HttpExchangeResult> {
  const headers: Array<[string, string]> = [
    ['Accept', 'application/rdap+json, application/json'],
    ['User-Agent', context.userAgent],
  ];
  return httpExchange({ url, method: 'GET', headers, followRedirects: true, maxRedirects: 5 }, context, signal);
}

/** The IANA bootstrap registry, read once per run by the first domain check that needs it. */
function bootstrapOnce(context: CheckContext, signal: AbortSignal): Promise<unknown> {
  let pending = context.cache.get(IANA_RDAP_BOOTSTRAP);
  if (!pending) {
    pending = getRdap(new URL(IANA_RDAP_BOOTSTRAP), context, signal).then(
      (answer) =>
        answer.kind === 'answer' && answer.status === 200
          ? (JSON.parse(answer.body.toString('utf8')) as unknown)
          : new Error(`status ${answer.kind === 'answer' ? answer.status : 'redirect'}`),
      (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
    );
    context.cache.set(IANA_RDAP_BOOTSTRAP, pending);
  }
  return pending;
}
