// One request under /api/v1, in the order a real service would take it: network latency,
// authentication (401), rate limit (429), injected 5xx (before anything is committed),
// route (404/405), scope (403), the handler, and finally a possible cut connection
// (after the handler: a write is committed and its key stored, but no answer arrives).
import { setTimeout as sleep } from 'node:timers/promises';
import type { IncomingMessage } from 'node:http';
import type { SimCore } from '../core.js';
import type { ApiContext } from './api-context.js';
import { errorReply, faultReply, type Reply } from './reply.js';
import { matchRoute } from './routes.js';

export interface ApiOutcome {
  reply: Reply;
  dropped: boolean;
  tokenId: string | null;
  workspace: string | null;
  flags: ApiContext['flags'];
}

export async function handleApi(
  core: SimCore,
  req: IncomingMessage,
  path: string,
  query: URLSearchParams,
): Promise<ApiOutcome> {
  const method = req.method ?? 'GET';
  const flags: ApiContext['flags'] = { held: false, replayed: false, early: false, idempotencyKey: headerKey(req) };
  const arrivedAt = core.options.now();
  const outcome = (reply: Reply, extra: Partial<ApiOutcome> = {}): ApiOutcome => ({
    reply,
    dropped: false,
    tokenId: null,
    workspace: null,
    flags,
    ...extra,
  });

  const delay = core.faults.delayMs();
  if (delay > 0) await sleep(delay, undefined, { signal: core.shutdown }).catch(() => {});
  if (core.shutdown.aborted) return outcome(errorReply('service_unavailable', 'the simulator is shutting down'));

  const auth = core.tokens.authenticate(req.headers.authorization, core.options.now());
  if (!auth.ok) {
    const reply = errorReply(
      'unauthorized',
      `${auth.reason}; send "Authorization: Bearer <token>" with a valid token`,
      { headers: { 'www-authenticate': 'Bearer' } },
    );
    return outcome(reply, { tokenId: auth.tokenId ?? null });
  }
  const who = { tokenId: auth.tokenId, workspace: auth.token.workspace };

  flags.early = core.limiter.isEarly(auth.tokenId, arrivedAt);
  const rate = core.limiter.take(auth.tokenId);
  const rateHeaders: Record<string, string> = rate
    ? { 'x-ratelimit-limit': String(rate.limit), 'x-ratelimit-remaining': rate.allowed ? String(rate.remaining) : '0' }
    : {};
  if (rate && !rate.allowed) {
    const reply = errorReply(
      'rate_limited',
      `too many requests for this token; retry after ${rate.retryAfterSeconds} s`,
      {
        headers: { ...rateHeaders, 'retry-after': String(rate.retryAfterSeconds) },
      },
    );
    return outcome(reply, who);
  }

  const faults = core.faults.forRequest(method, path);
  if (faults.errorStatus !== undefined) return outcome(withHeaders(faultReply(faults.errorStatus), rateHeaders), who);
  const ctx: ApiContext = {
    core,
    req,
    method,
    path,
    query,
    token: auth.token,
    workspace: core.state.workspace(auth.token.workspace),
    faults,
    flags,
  };
  const reply = await routed(ctx);
  return outcome(withHeaders(reply, rateHeaders), { ...who, dropped: faults.drop() });
}

async function routed(ctx: ApiContext): Promise<Reply> {
  const { method, path } = ctx;
  const route = matchRoute(method, path);
  if (route.kind === 'none') return errorReply('not_found', `no endpoint ${path} under /api/v1`);
  if (route.kind === 'wrong_method') {
    return errorReply('method_not_allowed', `${method} is not allowed on ${path}; allowed: ${route.allow.join(', ')}`, {
      headers: { allow: route.allow.join(', ') },
    });
  }
  if (!ctx.token.scopes.includes(route.scope))
    return errorReply('forbidden', `the token lacks the scope ${route.scope} needed for ${method} ${path}`);
  return route.handler(ctx, route.id);
}

function withHeaders(reply: Reply, headers: Record<string, string>): Reply {
  return { ...reply, headers: { ...reply.headers, ...headers } };
}

function headerKey(req: IncomingMessage): string | null {
  const raw = req.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw.join(',') : raw;
  return key === undefined ? null : key.slice(0, 120);
}
