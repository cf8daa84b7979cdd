// Bearer tokens: each belongs to one workspace and carries scopes. The presented token is
// compared against every configured one in constant time (no early exit, digests of
// equal length), and only a short digest of it (its "token id") is ever logged.
import { createHash, timingSafeEqual } from 'node:crypto';

export const SCOPES = ['account:read', 'monitors:read', 'monitors:write', 'incidents:read'] as const;
export type Scope = (typeof SCOPES)[number];

export interface SimToken {
  token: string;
  workspace: string;
  scopes: Scope[];
  /** Epoch ms; null = never expires. */
  expiresAt: number | null;
  revoked: boolean;
  activeMember: boolean;
}

export type AuthResult =
  { ok: true; token: SimToken; tokenId: string } | { ok: false; reason: string; tokenId: string | undefined };

/** First 8 hex characters of sha256: enough to tell tokens apart in a log, useless to an attacker. */
export function tokenId(token: string): string {
  return digest(token).toString('hex').slice(0, 8);
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

export class TokenRegistry {
  private readonly entries: { digest: Buffer; token: SimToken; id: string }[];

  constructor(tokens: readonly SimToken[]) {
    this.entries = tokens.map((token) => ({ digest: digest(token.token), token, id: tokenId(token.token) }));
  }

  get size(): number {
    return this.entries.length;
  }

  byId(id: string): SimToken | undefined {
    return this.entries.find((e) => e.id === id)?.token;
  }

  authenticate(header: string | undefined, now: number): AuthResult {
    const match = /^Bearer[ \t]+(\S+)\s*$/i.exec(header ?? '');
    if (!match?.[1]) {
      return {
        ok: false,
        reason: header ? 'the Authorization header is not "Bearer <token>"' : 'no bearer token was sent',
        tokenId: undefined,
      };
    }
    const presented = digest(match[1]);
    const id = presented.toString('hex').slice(0, 8);
    let found: SimToken | undefined;
    for (const entry of this.entries) {
      if (timingSafeEqual(entry.digest, presented)) found = entry.token;
    }
    if (!found) return { ok: false, reason: 'the token is not valid', tokenId: id };
    if (found.revoked) return { ok: false, reason: 'the token has been revoked', tokenId: id };
    if (!found.activeMember)
      return { ok: false, reason: "the token's owner is no longer an active member of the workspace", tokenId: id };
    if (found.expiresAt !== null && found.expiresAt <= now)
      return { ok: false, reason: 'the token has expired', tokenId: id };
    return { ok: true, token: found, tokenId: id };
  }
}

export function fullScopeToken(token: string, workspace = 'default'): SimToken {
  return { token, workspace, scopes: [...SCOPES], expiresAt: null, revoked: false, activeMember: true };
}
