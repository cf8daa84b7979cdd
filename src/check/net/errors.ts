// Network and TLS errors in the words a person reading a check result needs. Messages from
// Node may quote the host; they never hold request headers, so no secret can reach them.
import { waitedForDns } from './dns-wait.js';

const BY_CODE: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset by the server',
  EPIPE: 'connection closed by the server',
  ENOTFOUND: 'host name not found (DNS)',
  ENODATA: 'host name has no address (DNS)',
  EAI_AGAIN: 'DNS lookup failed (temporary failure)',
  ESERVFAIL: 'DNS server failure',
  EREFUSED: 'DNS query refused',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connection timed out',
  ETIMEOUT: 'DNS query timed out',
  ECANCELLED: 'DNS query cancelled (timed out)',
  UND_ERR_SOCKET: 'connection closed by the server',
  HPE_INVALID_CONSTANT: 'the answer is not HTTP',
  ERR_INVALID_HTTP_RESPONSE: 'the answer is not HTTP',
  CERT_HAS_EXPIRED: 'TLS: the certificate has expired',
  CERT_NOT_YET_VALID: 'TLS: the certificate is not yet valid',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'TLS: self-signed certificate',
  SELF_SIGNED_CERT_IN_CHAIN: 'TLS: self-signed certificate in the chain (an untrusted root; --ca adds one)',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE:
    'TLS: unable to verify the certificate (an incomplete chain or an untrusted issuer; --ca adds one)',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'TLS: the issuer is not trusted (--ca adds a CA)',
  ERR_TLS_CERT_ALTNAME_INVALID: 'TLS: the certificate does not name this host',
  CERT_REVOKED: 'TLS: the certificate is revoked',
  EPROTO: 'TLS handshake failed',
};

export function timeoutReason(timeoutSeconds: number): string {
  return `timed out after ${timeoutSeconds} s (timeout_seconds)`;
}

/**
 * A short reason for a failed connection, request or handshake. Once the attempt's signal
 * has aborted, whatever error the abort caused (a reset stream, a cancelled query) is the timeout.
 */
export function describeNetError(error: unknown, timeoutSeconds: number, signal?: AbortSignal): string {
  if (error instanceof Error && (error as { code?: unknown }).code === 'DNS_SERVER_FAILED') return error.message;
  if (signal?.aborted || isTimeout(error)) {
    const dns = waitedForDns(signal);
    return `${timeoutReason(timeoutSeconds)}${dns ? ` waiting for ${dns}` : ''}`;
  }
  const e = error as NodeJS.ErrnoException & { reason?: string };
  const code = typeof e?.code === 'string' ? e.code : undefined;
  if (code && BY_CODE[code]) return BY_CODE[code];
  if (code === 'ERR_SSL_WRONG_VERSION_NUMBER' || /wrong version number/i.test(e?.message ?? ''))
    return 'TLS handshake failed (is the port plain, not TLS?)';
  const message = e instanceof Error ? e.message : String(error);
  return code ? `${message} (${code})` : message;
}

/** A Node error code in words, when it is one of the known ones. */
export function describeCode(code: string): string | undefined {
  return BY_CODE[code];
}

/** A TLS verification error code (socket.authorizationError) in words. */
export function describeTlsError(code: string): string {
  return BY_CODE[code] ?? `TLS: ${code}`;
}

/** Our own timeout (an aborted signal) in any of the shapes Node reports it. */
export function isTimeout(error: unknown): boolean {
  const e = error as { name?: string; code?: string; cause?: unknown };
  return (
    e?.name === 'TimeoutError' ||
    e?.name === 'AbortError' ||
    e?.code === 'ABORT_ERR' ||
    (e?.cause !== undefined && e.cause !== e && isTimeout(e.cause))
  );
}
