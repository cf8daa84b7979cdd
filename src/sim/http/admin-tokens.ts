// Admin: revoke a token, end its owner's membership or move its expiry while the
// simulator runs. Tokens are addressed by their token id (8 hex of sha256), never by value.
import type { SimCore } from '../core.js';
import { errorReply, jsonReply, type Reply } from './reply.js';

export function patchToken(core: SimCore, id: string, body: unknown): Reply {
  const token = core.tokens.byId(id);
  if (!token) return errorReply('not_found', `no token with id "${id.slice(0, 16)}"`);
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return errorReply('validation_failed', 'the body must be an object');
  const { revoked, active_member: activeMember, expires_at: expiresAt, ...rest } = body as Record<string, unknown>;
  const unknown = Object.keys(rest)[0];
  if (unknown)
    return errorReply('validation_failed', `unknown field "${unknown}"; expected revoked, active_member, expires_at`);
  if (revoked !== undefined && typeof revoked !== 'boolean')
    return errorReply('validation_failed', 'revoked must be true or false');
  if (activeMember !== undefined && typeof activeMember !== 'boolean')
    return errorReply('validation_failed', 'active_member must be true or false');
  const expiry =
    expiresAt === undefined
      ? undefined
      : expiresAt === null
        ? null
        : typeof expiresAt === 'string'
          ? Date.parse(expiresAt)
          : NaN;
  if (expiry !== undefined && expiry !== null && Number.isNaN(expiry))
    return errorReply('validation_failed', 'expires_at must be an ISO date-time or null');
  if (revoked !== undefined) token.revoked = revoked;
  if (activeMember !== undefined) token.activeMember = activeMember;
  if (expiry !== undefined) token.expiresAt = expiry;
  return jsonReply(200, {
    data: {
      id,
      workspace: token.workspace,
      scopes: token.scopes,
      revoked: token.revoked,
      active_member: token.activeMember,
      expires_at: token.expiresAt === null ? null : new Date(token.expiresAt).toISOString(),
    },
  });
}
