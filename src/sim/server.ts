// startSimServer: the simulator as an in-process HTTP server on 127.0.0.1. The CLI's
// `monitors sim` and the tests both start it through here.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MonitorsError } from '../errors.js';
import { monitorInputValidator } from '../schema/check-input.js';
import { CheckEngine } from './checks/engine.js';
import { defaultCheckSettings, patchCheckSettings } from './checks/settings.js';
import type { SimCore } from './core.js';
import { patchFaults } from './fault-settings.js';
import { FaultInjector } from './faults.js';
import { seedMonitors } from './http/admin-monitors.js';
import { ADMIN_PREFIX, API_PREFIX, dispatch } from './http/dispatch.js';
import { errorReply, sendReply } from './http/reply.js';
import { IdempotencyStore } from './idempotency.js';
import { createIdGenerator } from './ids.js';
import { defaultFaults, resolveOptions, type FaultSettings, type SimOptions } from './options.js';
import { seededRandom } from './prng.js';
import { RateLimiter } from './rate-limits/rate-limiter.js';
import { RequestLog, type RequestLogEntry } from './request-log.js';
import { SimState } from './state.js';
import { StateWriter, loadStateFile, restoreSnapshot, snapshotOf } from './state-file.js';
import { TokenRegistry } from './tokens.js';

export type { SimOptions } from './options.js';
export { ADMIN_PREFIX, API_PREFIX } from './http/dispatch.js';

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
  /** Creates monitors directly, like POST /__sim/monitors (validated, no faults); returns their ids. */
  seedMonitors(inputs: readonly Record<string, unknown>[], workspace?: string): string[];
  /** Writes the state file now (no-op without one). */
  flush(): Promise<void>;
}

const HOST = '127.0.0.1';

export async function startSimServer(options: SimOptions = {}): Promise<SimServer> {
  const resolved = resolveOptions(options);
  const checked = patchFaults(defaultFaults(), resolved.faults);
  if ('problems' in checked)
    throw new MonitorsError(
      'SIM_BAD_OPTION',
      `invalid fault settings: ${checked.problems.map((p) => p.message).join('; ')}`,
    );
  const checkSettings = patchCheckSettings(defaultCheckSettings(), resolved.checks);
  if ('problems' in checkSettings)
    throw new MonitorsError(
      'SIM_BAD_OPTION',
      `invalid check settings: ${checkSettings.problems.map((p) => p.message).join('; ')}`,
    );
  const { now } = resolved;
  monitorInputValidator(); // compile the schema now, not on the first write
  let writer: StateWriter | undefined;
  const onChange = () => writer?.schedule();
  const checks = new CheckEngine(checkSettings.settings, now);
  const state = new SimState(createIdGenerator(now), now, onChange, checks);
  checks.attach(state);
  const idempotency = new IdempotencyStore(resolved.idempotencyTtlMs, now, onChange);
  if (resolved.stateFile) {
    const snapshot = await loadStateFile(resolved.stateFile);
    if (snapshot) restoreSnapshot(snapshot, state, idempotency);
    writer = new StateWriter(
      resolved.stateFile,
      () => snapshotOf(state, idempotency, now()),
      (e) => process.stderr.write(`monitors sim: ${e.message}\n`),
    );
    await writer.writeNow();
  }
  const shutdown = new AbortController();
  const core: SimCore = {
    options: resolved,
    state,
    idempotency,
    tokens: new TokenRegistry(resolved.tokens),
    limiter: new RateLimiter(checked.faults, now),
    faults: new FaultInjector(checked.faults, seededRandom(resolved.seed)),
    checks,
    log: new RequestLog(),
    baseUrl: '',
    shutdown: shutdown.signal,
  };
  const server = createServer((req, res) => {
    dispatch(core, req, res).catch((error: unknown) => {
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
      if ('problems' in result)
        throw new MonitorsError('SIM_BAD_OPTION', result.problems.map((p) => p.message).join('; '));
      core.limiter.configure(result.faults);
      return (core.faults.settings = result.faults);
    },
    requests: () => core.log.list(),
    clearRequests: () => core.log.clear(),
    seedMonitors(inputs, workspace = 'default') {
      const reply = seedMonitors(core, { workspace, monitors: inputs });
      const parsed = JSON.parse(reply.body ?? '{}') as { data?: { ids: string[] }; error?: { message: string } };
      if (!parsed.data)
        throw new MonitorsError('SIM_SEED_REFUSED', parsed.error?.message ?? `seed refused (${reply.status})`);
      return parsed.data.ids;
    },
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
      reject(
        new MonitorsError('SIM_LISTEN_FAILED', `cannot listen on ${HOST}:${port}: ${error.code ?? error.message}`, {
          hint: 'Pick another --port, or --port 0 for a free one.',
        }),
      ),
    );
    server.listen(port, HOST, () => resolve((server.address() as AddressInfo).port));
  });
}
