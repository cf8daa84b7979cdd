// `status --fail-on`: a level, not a list. `down` fails on a down monitor; `degraded` on a
// degraded or a down one (as a linter's `--fail-on warning` fails on errors too). A status
// outside the spec fails neither: what it means is unknown.
import { MonitorsError } from '../errors.js';
import type { FailOn, StatusRow } from './types.js';

const LEVELS: Readonly<Record<FailOn, ReadonlySet<string>>> = {
  down: new Set(['down']),
  degraded: new Set(['down', 'degraded']),
};

export function parseStatusFailOn(raw: string | undefined): FailOn | undefined {
  if (raw === undefined) return undefined;
  const value = raw.trim().toLowerCase();
  if (value === 'down' || value === 'degraded') return value;
  throw new MonitorsError('BAD_OPTION', `--fail-on takes down or degraded, not "${raw.slice(0, 60)}"`, {
    hint: '--fail-on down exits 1 when a managed monitor is down; --fail-on degraded when one is degraded or down.',
  });
}

export function failsOn(row: Pick<StatusRow, 'status'>, failOn: FailOn | undefined): boolean {
  return failOn !== undefined && row.status !== null && LEVELS[failOn].has(row.status);
}
