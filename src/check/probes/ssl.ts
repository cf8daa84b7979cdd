// ssl: a TLS handshake with the host (SNI = the monitor's host name, even with --resolve),
// the chain verified against Node's bundled roots plus --ca, and its earliest expiry.
import { rootCertificates, type DetailedPeerCertificate, type TLSSocket } from 'node:tls';
import { openConnection } from '../net/lookup.js';
import { endpointOf } from '../target.js';
import { certificateVerdict, type PresentedChain } from '../verdicts/certificate.js';
import { abortable } from './abortable.js';
import { fail, fromVerdict, type Probe } from './probe.js';

export const sslProbe: Probe = async ({ monitor }, context, signal) => {
  const endpoint = endpointOf(monitor);
  if (!endpoint?.port) return fail('no host and port to connect to');
  const { host, port } = endpoint;
  const chain = await abortable<PresentedChain>(signal, (resolve, reject, onAbort) => {
    const socket = openConnection(host, port, context, signal, {
      ...(context.extraCa.length > 0 ? { ca: [...rootCertificates, ...context.extraCa] } : {}),
      // Verified below by its result, so that an invalid chain is a reason, not a thrown error.
      rejectUnauthorized: false,
    }) as TLSSocket;
    onAbort(() => socket.destroy());
    socket.once('secureConnect', () => {
      // Typed as an Error, but Node sets the verification error's code (a string).
      const error = socket.authorizationError as unknown;
      const presented: PresentedChain = {
        authorized: socket.authorized,
        ...(error
          ? {
              error: error instanceof Error ? error.message : typeof error === 'string' ? error : JSON.stringify(error),
            }
          : {}),
        certificates: chainOf(socket.getPeerCertificate(true)),
      };
      socket.destroy();
      resolve(presented);
    });
    socket.once('error', reject);
  });
  return fromVerdict(certificateVerdict(chain, context.now(), monitor.minimum_tls_days));
};

/** Leaf first, up the issuer links until a self-signed certificate (whose issuer is itself). */
function chainOf(leaf: DetailedPeerCertificate): PresentedChain['certificates'] {
  const out: Array<{ name: string; validTo: Date }> = [];
  const seen = new Set<DetailedPeerCertificate>();
  for (
    let cert: DetailedPeerCertificate | undefined = leaf;
    cert && cert.valid_to && !seen.has(cert);
    cert = cert.issuerCertificate
  ) {
    seen.add(cert);
    out.push({ name: String(cert.subject?.CN ?? cert.subject?.O ?? 'certificate'), validTo: new Date(cert.valid_to) });
  }
  return out;
}
