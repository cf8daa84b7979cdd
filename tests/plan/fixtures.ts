// Hand-built planner inputs: desired monitors, live monitors as a server lists them (spec-only
// or full), and lock records as apply writes them.
import { expect } from 'vitest';
import { MonitorsError } from '../../src/errors.js';
import type { LockFile, LockRecord } from '../../src/lock/types.js';
import type {
  DesiredMonitor,
  DesiredState,
  LiveMonitor,
  MonitorInput,
  MovedEntry,
  OwnershipScope,
} from '../../src/model/monitor.js';
import { DEFAULT_SETTINGS } from '../../src/model/monitor.js';
import { planChanges, type PlanOptions } from '../../src/plan/planner.js';
import { recordedHashes } from '../../src/plan/lock-record.js';
import { lockRecordOf, prepareDesired } from '../../src/plan/prepare.js';
import type { Plan } from '../../src/plan/types.js';
import { SECRET_FIELDS } from '../../src/schema/monitor-input-schema.js';
import { httpInput } from '../load/valid-input.js';

export const SALT = 'test-salt-0123456789';
export const NOW = '2024-05-01T10:00:00Z';

/** Spec 2.2: the only fields a spec-only listing returns. */
export const SPEC_FIELDS = [
  'id',
  'name',
  'type',
  'url',
  'method',
  'status',
  'interval_seconds',
  'timeout_seconds',
  'created_at',
  'updated_at',
] as const;

export type ListingMode = 'spec' | 'full';

export function input(name: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return httpInput({
    name,
    url: `https://${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.example.com/`,
    ...overrides,
  });
}

export function desired(
  name: string,
  overrides: Record<string, unknown> = {},
  extra: Partial<DesiredMonitor> = {},
): DesiredMonitor {
  return {
    name,
    input: input(name, overrides) as unknown as MonitorInput,
    envRefs: {},
    source: { file: 'monitors/main.yaml', line: 1, col: 1 },
    ...extra,
  };
}

export function state(
  monitors: DesiredMonitor[],
  moved: Array<Pick<MovedEntry, 'from' | 'to'>> = [],
  scope: OwnershipScope = { kind: 'lock' },
): DesiredState {
  return {
    monitors,
    moved: moved.map((m) => ({ ...m, source: { file: 'monitors/main.yaml', line: 1, col: 1 } })),
    settings: { ...DEFAULT_SETTINGS, scope },
    files: ['monitors/main.yaml'],
  };
}

/** The live object a server returns for a stored input: spec-only fields, or every stored field but secrets. */
export function liveOf(
  id: string,
  stored: Record<string, unknown>,
  mode: ListingMode,
  extras: Record<string, unknown> = {},
): LiveMonitor {
  const view: Record<string, unknown> = {
    id,
    name: stored.name,
    type: stored.type,
    url: stored.url,
    method: stored.method,
    status: 'up',
    interval_seconds: stored.interval_seconds,
    timeout_seconds: stored.timeout_seconds,
    created_at: NOW,
    updated_at: NOW,
  };
  if (mode === 'full') {
    for (const [field, value] of Object.entries(stored))
      if (!(field in view) && !SECRET_FIELDS.includes(field as never)) view[field] = value;
  }
  return { ...view, ...extras } as LiveMonitor;
}

/** The record apply writes after sending this desired monitor. */
export function recordOf(id: string, d: DesiredMonitor, salt = SALT): LockRecord {
  return { id, name: d.name, ...lockRecordOf(prepareDesired(d, salt)) };
}

/**
 * The record a version before values were kept wrote for the same monitor: a hash of
 * every field (the same hashes), no value.
 */
export function legacyRecordOf(id: string, d: DesiredMonitor, salt = SALT): LockRecord {
  const { values: _values, ...record } = recordOf(id, d, salt);
  return { ...record, fields: recordedHashes(recordOf(id, d, salt)) };
}

export function lockOf(records: LockRecord[], salt = SALT): LockFile {
  return { format_version: 1, salt, monitors: records };
}

export function plan(
  desiredState: DesiredState,
  live: LiveMonitor[],
  lock: LockFile | undefined,
  options: Partial<PlanOptions> = {},
): Plan {
  return planChanges({
    desired: desiredState,
    live,
    lock,
    options: { scope: desiredState.settings.scope, ...options },
  });
}

/** 26-character ids in the spec's alphabet. */
export function monitorId(n: number): string {
  return `01HZ${String(n).padStart(22, '0')}`;
}

/** The MonitorsError `fn` throws (the test fails when it throws none, or another kind). */
export function thrown(fn: () => unknown): MonitorsError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(MonitorsError);
    return error as MonitorsError;
  }
  throw new Error('expected an error');
}
