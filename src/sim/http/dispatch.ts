// Sends each request to the admin side (/__sim), the API (/api/v1) or a 404, and records
// API-side requests in the request log (and on --verbose).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { SimCore } from '../core.js';
import { formatLogLine } from '../request-log.js';
import { handleAdmin } from './admin-router.js';
import { handleApi } from './api-pipeline.js';
import { errorReply, sendReply, type Reply } from './reply.js';

export const API_PREFIX = '/api/v1';
export const ADMIN_PREFIX = '/__sim';

export async function dispatch(core: SimCore, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const pathname = q < 0 ? url : url.slice(0, q);
  const rawQuery = q < 0 ? '' : url.slice(q + 1);
  core.checks.runDue(); // whatever the request reads, the checks due by now have run
  if (pathname === ADMIN_PREFIX || pathname.startsWith(`${ADMIN_PREFIX}/`)) {
    sendReply(res, await handleAdmin(core, req, pathname.slice(ADMIN_PREFIX.length)));
    return;
  }
  const startedAtMs = core.options.now();
  const started = performance.now();
  let reply: Reply;
  let outcome: Awaited<ReturnType<typeof handleApi>> | undefined;
  if (pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`)) {
    try {
      outcome = await handleApi(core, req, pathname.slice(API_PREFIX.length), new URLSearchParams(rawQuery));
      reply = outcome.reply;
    } catch (error) {
      // A bug in a handler is answered (and logged) as a 500 ApiError; the server keeps running.
      if (req.socket.destroyed) throw error;
      reply = errorReply('internal_error', `simulator bug: ${(error as Error).message}`);
    }
  } else {
    reply = errorReply('not_found', `no endpoint ${pathname.slice(0, 200)}; the API lives under ${API_PREFIX}`);
  }
  const dropped = outcome?.dropped ?? false;
  const entry = core.log.add({
    method: req.method ?? 'GET',
    path: pathname.slice(0, 500),
    query: rawQuery.slice(0, 500),
    idempotencyKey: outcome?.flags.idempotencyKey ?? null,
    status: reply.status,
    startedAt: new Date(startedAtMs).toISOString(),
    startedAtMs,
    durationMs: Math.round((performance.now() - started) * 100) / 100,
    tokenId: outcome?.tokenId ?? null,
    workspace: outcome?.workspace ?? null,
    dropped,
    held: outcome?.flags.held ?? false,
    replayed: outcome?.flags.replayed ?? false,
    early: outcome?.flags.early ?? false,
    requestDigest: outcome?.flags.requestDigest ?? null,
  });
  core.options.onRequestLine?.(formatLogLine(entry));
  if (dropped) req.socket.destroy();
  else sendReply(res, reply);
}
