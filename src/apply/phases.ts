// The order an apply carries changes out in: phases that keep names free when monitors swap names.
import type { PlannedChange } from '../plan/types.js';

/**
 * Forgets first (they send nothing and cannot fail), then creates and replaces, deletes
 * last: when a monitor is being superseded (one added, another removed in the same plan),
 * the new one exists before the old one goes, so there is no window without monitoring,
 * and a run that fails half-way has removed nothing it was about to replace.
 */
export function applyPhases(changes: readonly PlannedChange[]): PlannedChange[][] {
  const forgets = changes.filter((c) => c.action === 'forget');
  const writes = changes.filter((c) => c.action === 'create' || c.action === 'replace');
  const deletes = changes.filter((c) => c.action === 'delete');
  return [forgets, writes, deletes].filter((phase) => phase.length > 0);
}
