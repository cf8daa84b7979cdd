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
  input: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

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
  close(): Promise<void>;
  sim?: SimServer;
  spec?: SpecServer;
}

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
      })),
    clearRequests: () => sim.clearRequests(),
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
      spec.monitors().map((m) => ({ id: m.id, input: m.input, createdAt: m.createdAt, updatedAt: m.updatedAt })),
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
      })),
    clearRequests: () => spec.clearRequests(),
    createOutOfBand: (input) => Promise.resolve(spec.insertMonitor(input)),
    editOutOfBand: (id, patch) => Promise.resolve(spec.editMonitor(id, patch)),
    deleteOutOfBand: (id) => Promise.resolve(spec.removeMonitor(id)),
    close: () => spec.close(),
  };
}
