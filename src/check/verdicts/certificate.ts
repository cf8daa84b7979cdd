// ssl: the certificate chain the server presents is valid for the host (trusted issuer,
// in its validity period, naming the host), and the certificate that expires first has at
// least minimum_tls_days left. Days are whole days left (rounded down).
import { describeTlsError } from '../net/errors.js';

export const DAY_MS = 86_400_000;

export interface PresentedChain {
  /** False when Node's verification (chain and host name) failed; the error code in `error`. */
  authorized: boolean;
  error?: string;
  /** Each certificate's common name (or subject text) and expiry, leaf first. */
  certificates: ReadonlyArray<{ name: string; validTo: Date }>;
}

export function certificateVerdict(
  chain: PresentedChain,
  now: Date,
  minimumDays: number | null | undefined,
): { ok: boolean; detail: string } {
  if (!chain.authorized) return { ok: false, detail: describeTlsError(chain.error ?? 'verification failed') };
  const first = [...chain.certificates].sort((a, b) => a.validTo.getTime() - b.validTo.getTime())[0];
  if (!first) return { ok: false, detail: 'TLS: the server presented no certificate' };
  const days = Math.floor((first.validTo.getTime() - now.getTime()) / DAY_MS);
  const which =
    chain.certificates[0] === first ? 'certificate' : `certificate ${JSON.stringify(first.name)} of the chain`;
  const when = `${which} expires in ${days} day${days === 1 ? '' : 's'} (${first.validTo.toISOString().slice(0, 10)})`;
  if (minimumDays !== null && minimumDays !== undefined && days < minimumDays)
    return { ok: false, detail: `${when}, fewer than minimum_tls_days ${minimumDays}` };
  return { ok: true, detail: `valid chain, ${when}` };
}
