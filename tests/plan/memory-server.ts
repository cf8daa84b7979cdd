// A minimal in-memory model of the monitoring API for planner properties: it stores what
// was sent and lists it the way a server may (spec-only fields, every stored field, or every
// field with unset ones as null), and an apply that does what the real one does with a plan
// (send bodies with env templates resolved, update the lock record by record).
import { resolveEnvTemplates } from '../../src/apply/env-templates.js';
import type { LockFile, LockRecord } from '../../src/lock/types.js';
import type { LiveMonitor } from '../../src/model/monitor.js';
import type { Plan } from '../../src/plan/types.js';
import { MONITOR_FIELDS } from '../../src/schema/monitor-input-schema.js';
import { liveOf, monitorId } from './fixtures.js';

export type ServerMode = 'spec' | 'full' | 'full-nulls';

export class MemoryServer {
  readonly stored = new Map<string, Record<string, unknown>>();
  private seq = 0;

  constructor(readonly mode: ServerMode) {}

  create(input: Record<string, unknown>): string {
    const id = monitorId(++this.seq);
    this.stored.set(id, { ...input });
    return id;
  }

  list(): LiveMonitor[] {
    return [...this.stored.entries()].map(([id, input]) => {
      if (this.mode === 'spec') return liveOf(id, input, 'spec');
      const live = liveOf(id, input, 'full', { plan_tier: 'pro', region: 'eu' });
      if (this.mode === 'full-nulls') {
        for (const field of MONITOR_FIELDS) {
          if (field === 'auth_secret' || field in live) continue;
          (live as Record<string, unknown>)[field] =
            field === 'locations'
              ? []
              : field === 'keyword_case_sensitive' || field === 'follow_redirects'
                ? false
                : null;
        }
      }
      return live;
    });
  }
}

/** What apply does with a plan: drop stale records, then send each change and record it. */
export function applyPlan(plan: Plan, server: MemoryServer, lock: LockFile, env: Record<string, string>): LockFile {
  const stale = new Set(plan.stale_lock_ids ?? []);
  let records = lock.monitors.filter((r) => !stale.has(r.id));
  const record = (r: LockRecord) => {
    records = [...records.filter((x) => x.id !== r.id), r];
  };
  for (const change of plan.changes) {
    if (change.action === 'delete') {
      server.stored.delete(change.id!);
      records = records.filter((r) => r.id !== change.id);
      continue;
    }
    const body = resolveEnvTemplates(change.body!, env);
    const id = change.action === 'create' ? server.create(body) : change.id!;
    if (change.action === 'replace') {
      if (!server.stored.has(id)) throw new Error(`replace of a missing monitor ${id}`);
      server.stored.set(id, { ...body });
    }
    const { fingerprint, fields, secrets } = change.lock_record!;
    record({
      id,
      name: change.name,
      fingerprint,
      ...(fields ? { fields } : {}),
      ...(secrets && Object.keys(secrets).length > 0 ? { secrets } : {}),
    });
  }
  return { ...lock, monitors: records };
}
