// What an apply reports: one outcome per change, the events it emits while running, and
// the totals. Kept apart from execute.ts so that verification, progress and the renderers
// can name them without importing the executor.
import type { MonitorsError } from '../errors.js';
import type { PlannedChange } from '../plan/types.js';

export type ApplyEvent =
  | { kind: 'start'; total: number }
  | { kind: 'done'; outcome: ChangeOutcome }
  | { kind: 'regenerate'; change: PlannedChange; generation: number; why: string }
  | { kind: 'verify-failed'; error: MonitorsError };

export interface ChangeOutcome {
  change: PlannedChange;
  ok: boolean;
  /** The monitor's id after the change (new id for creates). */
  id: string | null;
  /** Key generation that succeeded or failed last. */
  generation: number;
  error?: MonitorsError;
  /** Never sent: the apply was interrupted first. Not ok, and not a failure either. */
  notStarted?: boolean;
}

export interface ApplyResult {
  outcomes: ChangeOutcome[];
  created: number;
  replaced: number;
  deleted: number;
  /** Lock records dropped by forgets (no request). */
  forgotten: number;
  failed: number;
  /** Changes never sent because the apply was interrupted. */
  notStarted: number;
  interrupted: boolean;
  /**
   * The first 401 or 403: the apply stopped there (no new write started; those in flight
   * finished and were recorded). Every later write would be refused the same way.
   */
  stoppedBy?: MonitorsError;
  warnings: string[];
  /** The lock file could not be written (the changes above were made all the same). */
  lockError?: MonitorsError;
}
