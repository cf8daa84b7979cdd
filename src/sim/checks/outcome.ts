// Pure decisions of a simulated check: which status the rules give a monitor, and what a
// check with that result changes (status, last check, incidents).
import { namePattern, type NamePattern } from '../../model/name-select/pattern.js';
import type { MonitorStatus } from '../records.js';
import type { CheckRule, CheckSettings } from './settings.js';

const compiled = new Map<string, NamePattern>();

/** The patterns of `monitors check --name` (src/model/name-select/), over the whole value, in NFC. */
export function globMatches(glob: string, value: string): boolean {
  let pattern = compiled.get(glob);
  if (!pattern) {
    if (compiled.size >= 10_000) compiled.clear(); // rules change at run time: bounded
    compiled.set(glob, (pattern = namePattern(glob)));
  }
  return pattern.matches(value);
}

function ruleMatches(rule: CheckRule, input: Record<string, unknown>): boolean {
  const field = (glob: string | undefined, value: unknown) =>
    glob === undefined || (typeof value === 'string' && globMatches(glob, value));
  return field(rule.name, input.name) && field(rule.url, input.url);
}

/** The status a check of this monitor finds now: the first matching rule's, else the default. */
export function outcomeFor(input: Record<string, unknown>, settings: CheckSettings): MonitorStatus {
  return settings.rules.find((rule) => ruleMatches(rule, input))?.status ?? settings.default;
}

export interface CheckEffects {
  /** The monitor's new status; undefined leaves it (and last_check_at) as it was. */
  status?: MonitorStatus;
  /** Open an incident (the monitor went down and none is open). */
  openIncident: boolean;
  /** Resolve the monitor's open incidents (it answers again). */
  resolveIncidents: boolean;
}

/**
 * `pending` as a result means the check did not conclude: nothing changes, the monitor
 * stays as it was (a server whose first check never comes, for tests of timeouts).
 * An incident opens when a check finds the monitor down and none is open; it resolves
 * when a check finds it up or degraded (the service answers). paused, maintenance and
 * awaiting_allowlist are set as they are, and leave incidents alone.
 */
export function decideCheck(outcome: MonitorStatus, hasOpenIncident: boolean): CheckEffects {
  if (outcome === 'pending') return { openIncident: false, resolveIncidents: false };
  return {
    status: outcome,
    openIncident: outcome === 'down' && !hasOpenIncident,
    resolveIncidents: (outcome === 'up' || outcome === 'degraded') && hasOpenIncident,
  };
}
