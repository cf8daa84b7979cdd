// startSimServer: the simulator as an in-process HTTP server on 127.0.0.1. The CLI's
// `monitors sim` and the tests both start it through here.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { MonitorsError } from '../errors.js';
import { monitorInputValidator } from '../schema/check-input.js';
import type { SimCore } from './core.js';
import { patchFaults } from './fault-settings.js';
import { FaultInjector } from './faults.js';
import { handleAdmin } from './http/admin-router.js';
import { handleApi } from './http/api-pipeline.js';
import { errorReply, sendReply, type Reply } from './http/reply.js';
import { IdempotencyStore } from './idempotency.js';
import { createIdGenerator } from './ids.js';
import { defaultFaults, resolveOptions, type FaultSettings, type SimOptions } from './options.js';
import { seededRandom } from './prng.js';
import { RateLimiter } from './rate-limiter.js';
import { RequestLog, formatLogLine, type RequestLogEntry } from './request-log.js';
import { SimState } from './state.js';
import { StateWriter, loadStateFile, restoreSnapshot, snapshotOf } from './state-file.js';
import { TokenRegistry } from './tokens.js';

export type { SimOptions } from './options.js';

export interface SimServer {
  /** http://127.0.0.1:<port>/api/v1 */
  baseUrl: string;
  /** http://127.0.0.1:<port>/__sim */
  adminUrl: string;
  port: number;
  close(): Promise<void>;
  /** Direct access for in-process tests (the same objects the HTTP side uses). */
  core: SimCore;
  faults(): FaultSettings;
  setFaults(patch: Partial<FaultSettings>): FaultSettings;
  requests(): readonly RequestLogEntry[];
  clearRequests(): void;
  /** Writes the state file now (no-op without one). */
  flush(): Promise<void>;
}

export const API_PREFIX = '/api/v1';
export const ADMIN_PREFIX = '/__sim';
const HOST = '127.0.0.1';

export async function startSimServer(options: SimOptions = {}): Promise<SimServer> {
  const resolved = resolveOptions(options);
  const checked = patchFaults(defaultFaults(), resolved.faults);
  if ('problems' in checked) throw new MonitorsError('SIM_BAD_OPTION', `invalid fault settings: ${checked.problems.map((p) => p.message).join('; ')}`);
  const { now } = resolved;
  monitorInputValidator(); // compile the schema now, not on the first write
  let writer: StateWriter | undefined;
  const onChange = () => writer?.schedule();
  const state = new SimState(createIdGenerator(now), now, onChange);
  const idempotency = new IdempotencyStore(resolved.idempotencyTtlMs, now, onChange);
  if (resolved.stateFile) {
    const snapshot = await loadStateFile(resolved.stateFile);
    if (snapshot) restoreSnapshot(snapshot, state, idempotency);
    writer = new StateWriter(resolved.stateFile, () => snapshotOf(state, idempotency, now()), (e) => process.stderr.write(`monitors sim: ${e.message}\n`));
  }
  const shutdown = new AbortController();
  const core: SimCore = {
    options: resolved,
    state,
    idempotency,
    tokens: new TokenRegistry(resolved.tokens),
    limiter: new RateLimiter(checked.faults.rateLimitRps, now),
    faults: new FaultInjector(checked.faults, seededRandom(resolved.seed)),
    log: new RequestLog(),
    baseUrl: '',
    shutdown: shutdown.signal,
  };
  const server = createServer((req, res) => {
    handle(core, req, res).catch((error: unknown) => {
      if (!res.headersSent) sendReply(res, errorReply('internal_error', `simulator bug: ${(error as Error).message}`));
    });
  });
  server.keepAliveTimeout = 10_000;
  const port = await listen(server, resolved.port);
  const origin = `http://${HOST}:${port}`;
  core.baseUrl = origin + API_PREFIX;

  let closing: Promise<void> | undefined;
  return {
    baseUrl: core.baseUrl,
    adminUrl: origin + ADMIN_PREFIX,
    port,
    core,
    faults: () => core.faults.settings,
    setFaults(patch) {
      const result = patchFaults(core.faults.settings, patch);
      if ('problems' in result) throw new MonitorsError('SIM_BAD_OPTION', result.problems.map((p) => p.message).join('; '));
      if (result.faults.rateLimitRps !== core.limiter.rate) core.limiter.setRate(result.faults.rateLimitRps);
      return (core.faults.settings = result.faults);
    },
    requests: () => core.log.list(),
    clearRequests: () => core.log.clear(),
    flush: async () => writer?.flush(),
    close: () =>
      (closing ??= (async () => {
        shutdown.abort();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await writer?.flush();
      })()),
  };
}

function listen(server: ReturnType<typeof createServer>, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(new MonitorsError('SIM_LISTEN_FAILED', `cannot listen on ${HOST}:${port}: ${error.code ?? error.message}`, { hint: 'Pick another --port, or --port 0 for a free one.' })),
    );
    server.listen(port, HOST, () => resolve((server.address() as AddressInfo).port));
  });
}

async function handle(core: SimCore, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const pathname = q < 0 ? url : url.slice(0, q);
  const rawQuery = q < 0 ? '' : url.slice(q + 1);
  if (pathname === ADMIN_PREFIX || pathname.startsWith(`${ADMIN_PREFIX}/`)) {
    sendReply(res, await handleAdmin(core, req, pathname.slice(ADMIN_PREFIX.length)));
    return;
  }
  const startedAtMs = core.options.now();
  const started = performance.now();
  let reply: Reply;
  let outcome: Awaited<ReturnType<typeof handleApi>> | undefined;
  if (pathname.startsWith(`${API_PREFIX}/`)) {
    outcome = await handleApi(core, req, pathname.slice(API_PREFIX.length), new URLSearchParams(rawQuery));
    reply = outcome.reply;
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
  });
  core.options.onRequestLine?.(formatLogLine(entry));
  if (dropped) req.socket.destroy();
  else sendReply(res, reply);
}
