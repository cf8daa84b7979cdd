// Export's `defaults:`: the fields every exported monitor of a file shares, written once.
import { MONITOR_FIELDS, type MonitorField } from '../schema/monitor-input-schema.js';
import type { ReadMonitor } from './read-live.js';

export interface FactoredFile {
  /** Fields every monitor of the file shares, in spec order. */
  defaults: Record<string, unknown>;
  /** Per monitor: its own fields (name first, then its `id:` pin if any), the shared ones removed. */
  entries: Record<string, unknown>[];
}

// Never shared: identity, per-monitor secret references, and TODO placeholders (each
// monitor needs its own value, so the TODO must sit on each monitor, not once in defaults).
const NEVER_SHARED = new Set<string>(['name', 'url', 'auth_secret']);

/** Moves the fields whose value is the same for all monitors (two or more) into `defaults`. */
export function factorDefaults(monitors: readonly ReadMonitor[]): FactoredFile {
  const defaults: Record<string, unknown> = {};
  if (monitors.length >= 2) {
    for (const field of MONITOR_FIELDS) if (isShared(field, monitors)) defaults[field] = monitors[0]!.input[field];
  }
  const entries = monitors.map((m) =>
    withPin(m, Object.fromEntries(Object.entries(m.input).filter(([field]) => !Object.hasOwn(defaults, field)))),
  );
  return { defaults, entries };
}

function withPin(monitor: ReadMonitor, entry: Record<string, unknown>): Record<string, unknown> {
  if (monitor.pinnedId === undefined) return entry;
  const { name, ...rest } = entry;
  return { name, id: monitor.pinnedId, ...rest };
}

function isShared(field: MonitorField, monitors: readonly ReadMonitor[]): boolean {
  if (NEVER_SHARED.has(field)) return false;
  const first = monitors[0]!;
  if (!Object.hasOwn(first.input, field) || first.todo.includes(field)) return false;
  const value = JSON.stringify(first.input[field]);
  return monitors.every(
    (m) => Object.hasOwn(m.input, field) && !m.todo.includes(field) && JSON.stringify(m.input[field]) === value,
  );
}
