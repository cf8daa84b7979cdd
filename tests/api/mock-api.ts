// A client wired to undici's MockAgent with a fake clock and a recording sleep, so every
// status and retry path runs in milliseconds. disableNetConnect makes an unmatched
// request fail loudly instead of leaving the machine.
import { MockAgent, type Interceptable } from 'undici';
import { createApiClient, type ApiClient } from '../../src/api/client.js';
import type { ApiClientConfig } from '../../src/api/config.js';

export const ORIGIN = 'https://api.example.test';
export const BASE_PATH = '/api/v1';
export const TOKEN = 'tok_secret_5f3c9a1e7b';
export const MONITOR_ID = '01HZX3K9M2N4P6Q8R0S2T4V6W8';

export interface MockSetup {
  api: ApiClient;
  pool: Interceptable;
  agent: MockAgent;
  /** Every sleep the client asked for, in ms, in order. */
  sleeps: number[];
  logLines: string[];
  /** The fake clock; sleeping advances it. */
  now: () => number;
}

export function mockClient(overrides: Partial<ApiClientConfig> = {}): MockSetup {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const pool = agent.get(ORIGIN);
  const sleeps: number[] = [];
  const logLines: string[] = [];
  let time = Date.parse('2026-01-01T00:00:00Z');
  const api = createApiClient({
    baseUrl: `${ORIGIN}${BASE_PATH}`,
    token: TOKEN,
    concurrency: 4,
    maxAttempts: 4,
    timeouts: { connectMs: 1000, headersMs: 1000, bodyMs: 1000 },
    backoff: { baseMs: 100, maxMs: 2000 },
    userAgent: 'monitors/test',
    dispatcher: agent,
    clock: () => time,
    sleep: async (ms) => {
      sleeps.push(ms);
      time += ms;
    },
    random: () => 0.5,
    debugLog: (line) => logLines.push(line),
    ...overrides,
  });
  return { api, pool, agent, sleeps, logLines, now: () => time };
}

export function liveMonitor(n: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: `01HZX3K9M2N4P6Q8R0S2T4V${String(n).padStart(3, '0')}`.slice(0, 26),
    name: `monitor-${n}`,
    type: 'http',
    url: 'https://example.com/health',
    method: 'GET',
    status: 'up',
    interval_seconds: 300,
    timeout_seconds: 10,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...extra,
  };
}

export const json = { headers: { 'content-type': 'application/json' } };

export function apiError(code: string, message: string): Record<string, unknown> {
  return { error: { code, message } };
}

/** Runs `fn` and returns what it threw (fails the test when it did not throw). */
export async function caught(fn: () => Promise<unknown>): Promise<Error & Record<string, unknown>> {
  try {
    await fn();
  } catch (error) {
    return error as Error & Record<string, unknown>;
  }
  throw new Error('expected a rejection, got success');
}
