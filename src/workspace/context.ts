// The plan's context beside the listing: /account (the workspace's id, the monitor limit) and
// /incidents (open incidents), each optional.
import type { Account, Incident, MonitorsApi } from '../api/types.js';
import { INCIDENT_PAGES, reasonOf } from '../api/optional-reads.js';

export interface PlanContext {
  /** The account's id (GET /account): which workspace the token reaches. Absent without account:read. */
  accountId?: string;
  monitorLimit?: { limit: number; usage: number };
  openIncidentMonitorIds?: Set<string>;
  /** Why some context is missing (a token without account:read, say): a note, not a failure. */
  notes: string[];
}

/** Reads /account and /incidents when the token may; the plan is made either way. */
export async function readPlanContext(api: MonitorsApi): Promise<PlanContext> {
  const [account, incidents] = await Promise.allSettled([
    api.getAccount(),
    api.listIncidents({ maxPages: INCIDENT_PAGES }),
  ]);
  const context: PlanContext = { notes: [] };
  if (account.status === 'fulfilled') {
    context.accountId = account.value.id;
    const limit = monitorLimitOf(account.value);
    if (limit) context.monitorLimit = limit;
  } else {
    context.notes.push(`The workspace's monitor limit was not checked: ${reasonOf(account.reason, 'account:read')}`);
  }
  if (incidents.status === 'fulfilled') {
    context.openIncidentMonitorIds = openIncidentMonitorIds(incidents.value.incidents);
    if (!incidents.value.complete) {
      context.notes.push(
        `Only the first ${incidents.value.incidents.length} incidents were read for open-incident marks; a change may lack its mark.`,
      );
    }
  } else {
    context.notes.push(`Open incidents were not checked: ${reasonOf(incidents.reason, 'incidents:read')}`);
  }
  return context;
}

/**
 * The names of limits and usage are not specified: the key that names monitors is the one
 * (`monitors`, else e.g. `max_monitors` / `monitor_count`), found in each map on its own.
 */
export function monitorLimitOf(account: Account): { limit: number; usage: number } | undefined {
  const limitKey = monitorKey(account.limits);
  const usageKey =
    limitKey !== undefined && typeof account.usage?.[limitKey] === 'number' ? limitKey : monitorKey(account.usage);
  if (limitKey === undefined || usageKey === undefined) return undefined;
  const limit = account.limits[limitKey];
  const usage = account.usage[usageKey];
  return typeof limit === 'number' && typeof usage === 'number' ? { limit, usage } : undefined;
}

/** Keys that name a property of monitors (an interval, a rate, checks), not how many there are. */
const NOT_A_COUNT = /interval|second|minute|hour|day|per_|_per|rate|timeout|location|check|incident|retention/i;

function monitorKey(map: Record<string, unknown> | undefined): string | undefined {
  const numeric = Object.keys(map ?? {}).filter((k) => typeof map?.[k] === 'number');
  return numeric.find((k) => /^monitors?$/i.test(k)) ?? numeric.find((k) => /monitor/i.test(k) && !NOT_A_COUNT.test(k));
}

/** Incident status values are not specified; an incident without resolved_at is open. */
export function openIncidentMonitorIds(incidents: readonly Incident[]): Set<string> {
  return new Set(
    incidents.filter((i) => i.resolved_at === null || i.resolved_at === undefined).map((i) => i.monitor.id),
  );
}
