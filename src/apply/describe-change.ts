// How messages name a change.
import type { PlannedChange } from '../plan/types.js';

/** `replace of "name" (id)`: how messages name a change. */
export function describeChange(change: Pick<PlannedChange, 'action' | 'name' | 'id'>): string {
  return `${change.action} of "${change.name}"${change.id ? ` (${change.id})` : ''}`;
}
