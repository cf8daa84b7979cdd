// The simulator in-process and a client against it over real loopback sockets. By
// default both share one fake clock: the client's sleeps advance it, and the simulator's
// rate limiter and request log read it, so Retry-After waits cost no real time and the
// log shows exactly when each attempt arrived. Time moves only when a wait runs out.
import { createApiClient, type ApiClient } from '../../src/api/client.js';
import type { ApiClientConfig } from '../../src/api/config.js';
import { startSimServer, type SimOptions, type SimServer } from '../../src/sim/server.js';
import { fullScopeToken } from '../../src/sim/tokens.js';

export const SIM_TOKEN = 'sim_token_0123456789abcdef';

export interface SimSetup {
  sim: SimServer;
  api: ApiClient;
  sleeps: number[];
  logLines: string[];
  now: () => number;
  close(): Promise<void>;
}

export async function simWithClient(
  simOptions: SimOptions = {},
  client: Partial<ApiClientConfig> = {},
): Promise<SimSetup> {
  let time = Date.parse('2026-03-01T00:00:00Z');
  const now = () => time;
  const sim = await startSimServer({ tokens: [fullScopeToken(SIM_TOKEN)], seed: 7, now, ...simOptions });
  const sleeps: number[] = [];
  const logLines: string[] = [];
  const api = createApiClient({
    baseUrl: sim.baseUrl,
    token: SIM_TOKEN,
    concurrency: 4,
    maxAttempts: 8,
    timeouts: { connectMs: 2000, headersMs: 5000, bodyMs: 5000 },
    backoff: { baseMs: 100, maxMs: 2000 },
    userAgent: 'monitors/test',
    clock: now,
    sleep: async (ms, signal) => {
      sleeps.push(ms);
      await new Promise((resolve) => setImmediate(resolve));
      // A wait cut short (the pacer woke for an answer) lets no time pass.
      if (!signal?.aborted) time += Math.ceil(ms); // whole milliseconds, like Date.now (the simulator's ids encode it)
    },
    debugLog: (line) => logLines.push(line),
    ...client,
  });
  return {
    sim,
    api,
    sleeps,
    logLines,
    now,
    async close() {
      await api.close();
      await sim.close();
    },
  };
}
