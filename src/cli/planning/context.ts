import type { Account, Incident, MonitorsApi } from '../../api/types.js';
import { isMonitorsError } from '../../errors.js';

export interface PlanContext {
  monitorLimit?: { limit: number; usage: number };
  openIncidentMonitorIds?: Set<string>;
  /** Why some context is missing (a token without account:read, say): a note, not a failure. */
  notes: string[];
}

/** Reads /account and /incidents when the token may; the plan is made either way. */
export async function readPlanContext(api: MonitorsApi): Promise<PlanContext> {
  const [account, incidents] = await Promise.allSettled([api.getAccount(), api.listIncidents()]);
  const context: PlanContext = { notes: [] };
  if (account.status === 'fulfilled') {
    const limit = monitorLimitOf(account.value);
    if (limit) context.monitorLimit = limit;
  } else {
    context.notes.push(`The workspace's monitor limit was not checked: ${reasonOf(account.reason, 'account:read')}`);
  }
  if (incidents.status === 'fulfilled') {
    context.openIncidentMonitorIds = openIncidentMonitorIds(incidents.value);
  } else {
    context.notes.push(`Open incidents were not checked: ${reasonOf(incidents.reason, 'incidents:read')}`);
  }
  return context;
}

/** The names of limits are not specified; a key that names monitors is the one. */
export function monitorLimitOf(account: Account): { limit: number; usage: number } | undefined {
  const key = Object.keys(account.limits ?? {}).find((k) => /^monitors?$/i.test(k)) ?? Object.keys(account.limits ?? {}).find((k) => /monitor/i.test(k));
  if (!key) return undefined;
  const limit = account.limits[key];
  const usage = account.usage?.[key];
  return typeof limit === 'number' && typeof usage === 'number' ? { limit, usage } : undefined;
}

/** Incident status values are not specified; an incident without resolved_at is open. */
export function openIncidentMonitorIds(incidents: readonly Incident[]): Set<string> {
  return new Set(incidents.filter((i) => i.resolved_at === null || i.resolved_at === undefined).map((i) => i.monitor.id));
}

function reasonOf(error: unknown, scope: string): string {
  if (isMonitorsError(error) && error.code === 'API_FORBIDDEN') return `the token lacks the ${scope} scope.`;
  return isMonitorsError(error) ? `${error.message}` : 'the request failed.';
}
