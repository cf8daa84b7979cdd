// In-process simulator for the contract tests, with a controllable clock and a tiny
// HTTP client that returns status, headers and parsed body.
import { startSimServer, type SimServer } from '../../src/sim/server.js';
import type { SimOptions } from '../../src/sim/options.js';
import { fullScopeToken, type SimToken } from '../../src/sim/tokens.js';

export const TOKEN = 'test-token-full-scope';

export interface Clock {
  now: () => number;
  advance(ms: number): void;
}

export function fakeClock(start = Date.parse('2026-01-01T00:00:00Z')): Clock {
  let t = start;
  return { now: () => t, advance: (ms) => void (t += ms) };
}

export async function startSim(options: SimOptions = {}, extraTokens: SimToken[] = []): Promise<SimServer> {
  return startSimServer({ seed: 1, tokens: [fullScopeToken(TOKEN), ...extraTokens], ...options });
}

export interface ApiAnswer {
  status: number;
  headers: Headers;
  text: string;
  // Parsed JSON; tests assert on its shape.
  body: any;
}

export interface CallOptions {
  token?: string | null;
  key?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

/** One request to the API; `path` is relative to /api/v1 (or absolute when it starts with http). */
export async function call(
  sim: { baseUrl: string },
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<ApiAnswer> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const token = options.token === undefined ? TOKEN : options.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (options.key !== undefined) headers['idempotency-key'] = options.key;
  const payload = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(path.startsWith('http') ? path : `${sim.baseUrl}${path}`, { method, headers, body: payload });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: text ? JSON.parse(text) : undefined };
}

let keyCounter = 0;
export function newKey(): string {
  return `key-${Date.now()}-${++keyCounter}`;
}
