// Our simulator and the independent spec server (spec-server.ts) behind one face, so that
// an end-to-end history can run against both: where each is, what each stores, and what
// was sent to each. Both run in this process on a random loopback port.
import { startSimServer, type SimServer } from '../../src/sim/server.js';
import { fullScopeToken } from '../../src/sim/tokens.js';
import { deleteMonitorOutOfBand, editMonitorOutOfBand, seedMonitors } from './sim-admin.js';
import { startSpecServer, type SpecServer } from './spec-server.js';

export type ServerKind = 'sim' | 'spec';
export const SERVER_KINDS: readonly ServerKind[] = ['sim', 'spec'];

/** A monitor as the server stores it (the sim keeps no auth_secret, only whether one is set). */
export interface StoredMonitorView {
  id: string;
  /** As stored; the sim keeps no auth_secret (see secretSet), the spec server keeps it. */
  input: Record<string, unknown>;
  secretSet: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Faults both servers can inject, each in its own way. */
export interface FaultPlan {
  /** Share of requests answered with a 5xx (the spec server: half before the change, half after it). */
  errorRate: number;
  /** Share of requests (spec server: writes) whose change is made but whose answer is lost (connection cut). */
  dropRate: number;
  latencyMs: number;
  /** How long a write stays in flight after taking its key (a retry meanwhile: 409). */
  holdMs: number;
  /** A low rate limit: a token bucket (requests per `seconds`, that many at once) or a fixed window. */
  rateLimit?: { kind: 'bucket' | 'window'; requests: number; seconds: number };
}

export const NO_FAULTS: FaultPlan = { errorRate: 0, dropRate: 0, latencyMs: 0, holdMs: 0 };

/** One API request as the server saw it. */
export interface ServerRequest {
  method: string;
  /** Below the API's base path, without the query. */
  path: string;
  key: string | null;
  status: number;
  /** Answered with a stored response for its Idempotency-Key. */
  replayed: boolean;
  /** Arrived after a 429 to its token and before that 429's Retry-After had elapsed. */
  early: boolean;
  /** The answer was lost: the connection was cut (sim) or a 503 sent after the commit (spec server). */
  lostAfterCommit: boolean;
  /** An error status injected before anything was done. */
  injected: boolean;
  /** A 429 of the rate limit. */
  rateLimited: boolean;
  /** Writes that reached the key check: what the key is bound to (method, path, body). */
  digest: string | null;
  /** A write that changed the server (answered or not), not a replay. */
  committed: boolean;
}

export interface ServerUnderTest {
  kind: ServerKind;
  baseUrl: string;
  token: string;
  monitors(): StoredMonitorView[];
  requests(): ServerRequest[];
  clearRequests(): void;
  /** Out of band, as in the dashboard: no key, no fault, no rate limit. */
  createOutOfBand(input: Record<string, unknown>): Promise<string>;
  editOutOfBand(id: string, patch: Record<string, unknown>): Promise<void>;
  deleteOutOfBand(id: string): Promise<void>;
  setFaults(faults: FaultPlan, seed: number): void;
  close(): Promise<void>;
  sim?: SimServer;
  spec?: SpecServer;
}

const isSuccess = (status: number) => status >= 200 && status < 300;
const ALL_SCOPES = ['account:read', 'monitors:read', 'monitors:write', 'incidents:read'];

export async function startServerUnderTest(kind: ServerKind, token: string, seed = 1): Promise<ServerUnderTest> {
  return kind === 'sim' ? simUnderTest(token, seed) : specUnderTest(token);
}

async function simUnderTest(token: string, seed: number): Promise<ServerUnderTest> {
  const sim = await startSimServer({ tokens: [fullScopeToken(token)], seed, rateLimitRps: 0 });
  const workspace = () => sim.core.state.workspace('default');
  return {
    kind: 'sim',
    baseUrl: sim.baseUrl,
    token,
    sim,
    monitors: () =>
      [...workspace().monitors.values()].map((m) => ({
        id: m.id,
        input: structuredClone(m.input),
        secretSet: m.authSecretSet,
        createdAt: m.createdAt,
        updatedAt: m.updatedAt,
      })),
    requests: () =>
      sim.requests().map((e) => ({
        method: e.method,
        path: e.path.replace(/^\/api\/v1/, ''),
        key: e.idempotencyKey,
        status: e.status,
        replayed: e.replayed,
        early: e.early,
        lostAfterCommit: e.dropped,
        injected: e.status >= 500 && !e.dropped,
        rateLimited: e.status === 429,
        digest: e.requestDigest,
        // A dropped request shows the status it would have had.
        committed: e.method !== 'GET' && !e.replayed && e.status >= 200 && e.status < 300,
      })),
    clearRequests: () => sim.clearRequests(),
    setFaults: (f) =>
      void sim.setFaults({
        errorRate: f.errorRate,
        dropRate: f.dropRate,
        latencyMs: f.latencyMs,
        jitterMs: f.latencyMs,
        holdWritesMs: f.holdMs,
        rateLimitRps: f.rateLimit?.kind === 'bucket' ? f.rateLimit.requests / f.rateLimit.seconds : 0,
        rateLimitBurst: f.rateLimit?.kind === 'bucket' ? f.rateLimit.requests : null,
        rateLimitWindow:
          f.rateLimit?.kind === 'window' ? { requests: f.rateLimit.requests, seconds: f.rateLimit.seconds } : null,
      }),
    createOutOfBand: async (input) => (await seedMonitors(sim.adminUrl, [input]))[0]!,
    editOutOfBand: async (id, patch) => void (await editMonitorOutOfBand(sim.adminUrl, id, patch)),
    deleteOutOfBand: (id) => deleteMonitorOutOfBand(sim.adminUrl, id),
    close: () => sim.close(),
  };
}

async function specUnderTest(token: string): Promise<ServerUnderTest> {
  const spec = await startSpecServer({ tokens: [{ token, scopes: ALL_SCOPES }] });
  return {
    kind: 'spec',
    baseUrl: spec.baseUrl,
    token,
    spec,
    monitors: () =>
      spec.monitors().map((m) => ({
        id: m.id,
        input: m.input,
        secretSet: typeof m.input.auth_secret === 'string' && m.input.auth_secret !== '',
        createdAt: m.createdAt,
        updatedAt: m.updatedAt,
      })),
    requests: () =>
      spec.requests().map((e) => ({
        method: e.method,
        path: e.path,
        key: e.key ?? null,
        status: e.status,
        replayed: e.note === 'replay',
        early: e.early ?? false,
        lostAfterCommit: e.note === '503-after' || e.note === 'drop',
        injected: e.note === '503-before',
        rateLimited: e.note === '429',
        digest: e.bodyDigest ?? null,
        committed:
          e.method !== 'GET' &&
          e.note !== 'replay' &&
          isSuccess(e.note === '503-after' ? (e.answered ?? 503) : e.status),
      })),
    clearRequests: () => spec.clearRequests(),
    setFaults: (f, seed) => {
      const o = spec.options;
      delete o.faults;
      delete o.rateLimit;
      delete o.latencyMs;
      delete o.writeDelayMs;
      if (f.errorRate > 0 || f.dropRate > 0)
        o.faults = { rate503: f.errorRate, seed, when: 'mixed', dropRate: f.dropRate };
      if (f.latencyMs > 0) o.latencyMs = f.latencyMs;
      if (f.holdMs > 0) o.writeDelayMs = f.holdMs;
      if (f.rateLimit)
        o.rateLimit = { limit: f.rateLimit.requests, windowMs: f.rateLimit.seconds * 1000, kind: f.rateLimit.kind };
      spec.resetRateLimits();
    },
    createOutOfBand: (input) => Promise.resolve(spec.insertMonitor(input)),
    editOutOfBand: (id, patch) => Promise.resolve(spec.editMonitor(id, patch)),
    deleteOutOfBand: (id) => Promise.resolve(spec.removeMonitor(id)),
    close: () => spec.close(),
  };
}
