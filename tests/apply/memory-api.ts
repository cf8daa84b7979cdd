import { createHash } from 'node:crypto';
import type { CreateResult, MonitorsApi } from '../../src/api/types.js';
import { MonitorsError } from '../../src/errors.js';
import type { LiveMonitor } from '../../src/model/monitor.js';

/**
 * A small in-memory model of the monitoring API for executor tests: ids, the
 * idempotency rules of spec section 4 (stored responses replayed for the same
 * method+path+body, 409 for another payload), spec-only listings, and hooks to fail a
 * given request. The real server behaviour is covered by the simulator's own tests.
 */
export class MemoryApi implements MonitorsApi {
  monitors = new Map<string, Record<string, unknown>>();
  stored = new Map<string, { fingerprint: string; response: unknown }>();
  requests: { method: string; target: string; key?: string }[] = [];
  failNext: ((method: string, target: string) => MonitorsError | undefined) | undefined;
  /** A listing that lags behind: these ids are left out of it (GET by id still finds them). */
  hiddenFromListing = new Set<string>();
  /** Runs after each new monitor is stored (e.g. someone deleting it at once). */
  afterCreate: ((id: string) => void) | undefined;
  private seq = 0;

  seed(input: Record<string, unknown>): string {
    const id = this.nextId();
    this.monitors.set(id, { ...input, id });
    return id;
  }

  async listMonitors(): Promise<LiveMonitor[]> {
    this.requests.push({ method: 'GET', target: '/monitors' });
    return [...this.monitors.values()].filter((m) => !this.hiddenFromListing.has(m.id as string)).map(specView);
  }

  async getMonitor(id: string): Promise<LiveMonitor> {
    this.requests.push({ method: 'GET', target: `/monitors/${id}` });
    const m = this.monitors.get(id);
    if (!m) throw new MonitorsError('API_NOT_FOUND', `monitor ${id} not found`);
    return specView(m);
  }

  async createMonitor(body: Record<string, unknown>, key: string): Promise<CreateResult> {
    return this.idempotent('POST', '/monitors', body, key, () => {
      const id = this.seed(body);
      const created = { monitor: specView(this.monitors.get(id)!), location: `/monitors/${id}` };
      this.afterCreate?.(id);
      return created;
    });
  }

  async replaceMonitor(id: string, body: Record<string, unknown>, key: string): Promise<LiveMonitor> {
    return this.idempotent('PUT', `/monitors/${id}`, body, key, () => {
      if (!this.monitors.has(id)) throw new MonitorsError('API_NOT_FOUND', `monitor ${id} not found`);
      this.monitors.set(id, { ...body, id });
      return specView(this.monitors.get(id)!);
    });
  }

  async deleteMonitor(id: string, key: string): Promise<void> {
    return this.idempotent('DELETE', `/monitors/${id}`, null, key, () => {
      if (!this.monitors.delete(id)) throw new MonitorsError('API_NOT_FOUND', `monitor ${id} not found`);
    });
  }

  async getAccount() {
    return { id: 'acct', name: 'Test', limits: { monitors: 1000 }, usage: { monitors: this.monitors.size } };
  }

  async listIncidents() {
    return { incidents: [], complete: true };
  }

  private async idempotent<T>(method: string, target: string, body: unknown, key: string, act: () => T): Promise<T> {
    this.requests.push({ method, target, key });
    const injected = this.failNext?.(method, target);
    if (injected) throw injected;
    const fingerprint = createHash('sha256')
      .update(`${method} ${target} ${JSON.stringify(body)}`)
      .digest('hex');
    const prior = this.stored.get(key);
    if (prior) {
      if (prior.fingerprint !== fingerprint) throw new MonitorsError('API_KEY_REUSED', `key ${key} reused`);
      return structuredClone(prior.response) as T;
    }
    const response = act();
    this.stored.set(key, { fingerprint, response: structuredClone(response) });
    return response;
  }

  private nextId(): string {
    this.seq += 1;
    return `01J${String(this.seq).padStart(23, '0')}`;
  }
}

function specView(m: Record<string, unknown>): LiveMonitor {
  const now = '2026-01-01T00:00:00.000Z';
  return {
    id: m.id as string,
    name: m.name as string,
    type: m.type as string,
    url: m.url as string,
    method: m.method as string,
    status: 'up',
    interval_seconds: m.interval_seconds as number,
    timeout_seconds: m.timeout_seconds as number,
    created_at: now,
    updated_at: now,
  };
}
