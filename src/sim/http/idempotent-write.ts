// The idempotency rules of spec section 4 around one write: key checked (400), key
// claimed for (method, path, body), the stored response replayed or a 409, the write
// held in flight when a fault says so, and a successful outcome stored under the key.
import { setTimeout as sleep } from 'node:timers/promises';
import { requestFingerprint } from '../canonical-json.js';
import type { ApiContext } from './api-context.js';
import { errorReply, type Reply } from './reply.js';

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,100}$/;

/** The Idempotency-Key header, or the 400 that refuses it. */
export function idempotencyKey(ctx: ApiContext): { key: string } | { reply: Reply } {
  const raw = ctx.req.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw.join(',') : raw;
  if (key === undefined || key === '') {
    return {
      reply: errorReply('idempotency_key_missing', `${ctx.method} ${ctx.path} needs an Idempotency-Key header`),
    };
  }
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    return {
      reply: errorReply(
        'idempotency_key_invalid',
        'Idempotency-Key must be 8 to 100 characters of letters, digits, _ . : -',
      ),
    };
  }
  return { key };
}

export async function idempotentWrite(
  ctx: ApiContext,
  key: string,
  body: unknown,
  execute: () => Reply,
): Promise<Reply> {
  const { core, workspace } = ctx;
  const request = requestFingerprint(ctx.method, ctx.path, body);
  ctx.flags.requestDigest = request.secretTag ? `${request.fingerprint}.${request.secretTag}` : request.fingerprint;
  const claim = core.idempotency.claim(workspace.name, key, request);
  if (claim.kind === 'replay') {
    ctx.flags.replayed = true;
    const { status, headers, body: stored } = claim.response;
    const replayed: Record<string, string> = { ...headers, 'idempotent-replayed': 'true' };
    if (headers.location !== undefined) replayed.location = rebaseLocation(headers.location, core.baseUrl);
    return { status, headers: replayed, body: stored };
  }
  if (claim.kind === 'conflict') {
    const message =
      claim.code === 'idempotency_key_reused'
        ? 'this Idempotency-Key was already used for another request (method, path or body differ); use a new key'
        : 'a request with this Idempotency-Key is still being processed; retry later with the same key';
    return errorReply(claim.code, message);
  }
  let reply: Reply = errorReply('service_unavailable', 'the simulator is shutting down');
  try {
    if (ctx.faults.holdMs > 0) {
      ctx.flags.held = true;
      await sleep(ctx.faults.holdMs, undefined, { signal: core.shutdown });
    }
    reply = execute();
    return reply;
  } catch (error) {
    if (core.shutdown.aborted) return reply;
    throw error;
  } finally {
    claim.finish({ status: reply.status, headers: reply.headers, body: reply.body });
  }
}

/**
 * A stored Location under the current base URL: a record restored from the state file was
 * stored by a simulator that may have listened on another port.
 */
export function rebaseLocation(location: string, baseUrl: string): string {
  const prefix = new URL(baseUrl).pathname; // /api/v1
  const at = location.indexOf(`${prefix}/`);
  return at < 0 ? location : baseUrl + location.slice(at + prefix.length);
}
