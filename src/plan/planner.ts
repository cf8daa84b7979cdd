// The pure planner: desired monitors, live monitors, lock records and options in; a Plan
// out (plain data, deterministic order). See ../shared/DESIGN.md: identity, fields the
// listing cannot show, ownership.
import { MonitorsError } from '../errors.js';
import type { LockFile, LockRecord } from '../lock/types.js';
import type { DesiredMonitor, DesiredState, LiveMonitor, OwnershipScope } from '../model/monitor.js';
import { describeReason } from './reasons.js';
import { desiredChange, type PreparedDesired, prepareDesired } from './prepare.js';
import { liveFingerprint, liveLine } from './fingerprint.js';
import { entryNotes, planForgets } from './forget.js';
import { keyForGeneration } from './idempotency-key.js';
import { matchDesired, nameKey } from './match.js';
import { CREATED_UNRECORDED, withCreatesInFlight } from './pending-creates.js';
import { forcedNames, selectTargets, withForce } from './targets.js';
import { overwritesUnread } from './unread-fields.js';
import {
  PLAN_FORMAT_VERSION,
  type ChangeReason,
  type FieldChange,
  type Plan,
  type PlannedChange,
  type PlanSummary,
} from './types.js';
import { compareNames } from '../model/compare-names.js';
import { compareText } from '../model/compare-text.js';
import { compareMatched } from './compare-matched.js';

export interface PlanOptions {
  scope: OwnershipScope;
  openIncidentMonitorIds?: ReadonlySet<string>;
  monitorLimit?: { limit: number; usage: number };
  /** `--target` patterns: only the changes of matching monitors are planned (targets.ts). */
  targets?: readonly string[];
  /** `--replace` patterns, and the token drawn for this plan that makes each forced key new. */
  replace?: { patterns: readonly string[]; token: string };
}

export interface PlanInput {
  desired: DesiredState;
  live: readonly LiveMonitor[];
  lock: LockFile | undefined;
  options: PlanOptions;
  /** Desired monitors prepared ahead under the lock's salt (prepareAll), e.g. while the listing ran. */
  prepared?: ReadonlyMap<DesiredMonitor, PreparedDesired>;
  /** Live monitors' liveLine()s made ahead, e.g. page by page as the listing arrived. */
  liveLines?: ReadonlyMap<LiveMonitor, string>;
  /** Comparisons made ahead (compare-ahead.ts), by live monitor: used for the very pair, record and no rename they were made for. */
  compared?: ReadonlyMap<LiveMonitor, ComparedAhead>;
}

/** What compareMatched gave for a live monitor, the desired monitor of its name and its lock record. */
export interface ComparedAhead {
  desired: DesiredMonitor;
  record: LockRecord | undefined;
  change: PlannedChange | undefined;
}

export function planChanges({ desired, live, lock, options, prepared: ready, liveLines, compared }: PlanInput): Plan {
  const salt = lock?.salt ?? '';
  // A monitor a create in flight made (the apply killed before recording it) is the lock's from here on.
  const inFlight = withCreatesInFlight(lock, live);
  const { records, adoptedIds: adopted } = inFlight;
  const recordById = new Map(records.map((r) => [r.id, r]));
  const { matches, setAside } = matchDesired(desired, live, records);
  const forgets = planForgets(desired.removed ?? [], records, live);
  const forced = options.replace
    ? forcedNames(desired.monitors, options.replace.patterns, options.targets)
    : new Set<string>();
  const changes: PlannedChange[] = [];
  const notes: string[] = [];
  let unchanged = 0;

  for (const { desired: d, live: l, renamedFrom } of matches) {
    const prepared = ready?.get(d) ?? prepareDesired(d, salt);
    if (l && forgets.ids.has(l.id)) throw forgottenButDefined(d.name, l);
    if (!l) {
      changes.push(createChange(d, prepared, records));
      if (forced.has(d.name)) notes.push(`--replace "${d.name}": it does not exist yet; this plan creates it.`);
      continue;
    }
    // A record set aside names this monitor otherwise: it says nothing of what the monitor holds.
    const record = setAside.has(l.id) ? undefined : recordById.get(l.id);
    const ahead = compared?.get(l);
    let change =
      renamedFrom === undefined && ahead?.desired === d && ahead.record === record
        ? ahead.change
        : compareMatched(d, prepared, l, record, renamedFrom);
    if (change?.reason === 'not_verifiable' && adopted.has(l.id))
      change = { ...change, reason_text: UNRECORDED_REPLACE };
    if (forced.has(d.name)) change = withForce(change ?? forcedChange(d, prepared, l), options.replace!.token);
    if (change) changes.push(change);
    else unchanged += 1;
  }

  const matchedIds = new Set(matches.flatMap((m) => (m.live ? [m.live.id] : [])));
  const unmanaged: Plan['unmanaged'] = [];
  for (const l of live) {
    if (matchedIds.has(l.id) || forgets.ids.has(l.id)) continue;
    // A monitor a `removed:` entry names stays unmanaged, also inside settings.scope.
    if (!forgets.names.has(nameKey(l.name)) && isManaged(l, recordById, options.scope))
      changes.push(deleteChange(l, recordById.get(l.id), adopted.has(l.id)));
    else unmanaged.push({ id: l.id, name: l.name });
  }
  const said = entryNotes(
    forgets.unknown,
    records,
    live,
    new Set(changes.filter((c) => c.action === 'delete').map((c) => nameKey(recordById.get(c.id!)?.name ?? c.name))),
  );
  changes.push(...forgets.changes);

  const liveIds = new Set(live.map((l) => l.id));
  let staleRecords = records.filter((r) => !liveIds.has(r.id) && !forgets.ids.has(r.id));
  let planned = sortChanges(changes);
  let settled = inFlight.entries;
  let partial: Pick<Plan, 'targets' | 'not_targeted'> = {};
  if (options.targets) {
    const selection = selectTargets(planned, options.targets, { desired: desired.monitors, records, live });
    planned = selection.changes;
    partial = { targets: [...options.targets], not_targeted: selection.notTargeted };
    // A partial plan touches no record of another monitor: stale ones stay until a plan targets them.
    staleRecords = staleRecords.filter(selection.targetsRecord);
    settled = settled.filter((e) => selection.targetsName(e.settled.name));
  }
  const environment = desired.settings.environment?.name;
  const unread = overwritesUnread(planned);
  const plan: Plan = {
    format_version: PLAN_FORMAT_VERSION,
    ...(environment !== undefined ? { environment } : {}),
    summary: summaryOf(planned, unchanged, partial.not_targeted?.length),
    changes: planned,
    ...partial,
    unmanaged: unmanaged.sort((a, b) => compareNames(a.name, b.name) || compareText(a.id, b.id)),
    live_fingerprint: liveFingerprint(live, (l) => liveLines?.get(l) ?? liveLine(l)),
    stale_lock_ids: staleRecords.map((r) => r.id).sort(),
    ...(settled.length > 0 ? { pending_creates: settled.map((e) => e.settled) } : {}),
    ...(unread ? { overwrites_unread: unread } : {}),
    warnings: said.warnings,
    notes: [
      ...settled.flatMap((e) => (e.note !== undefined ? [e.note] : [])),
      ...setAside.values(),
      ...notes,
      ...said.notes,
      ...staleRecords.map(
        (r) =>
          `"${r.name}" (${r.id}) is in the lock file but no longer exists on the server; its record will be dropped.`,
      ),
    ],
  };
  addContext(plan, options);
  return plan;
}

function summaryOf(changes: readonly PlannedChange[], unchanged: number, notTargeted: number | undefined): PlanSummary {
  const count = (action: PlannedChange['action']) => changes.filter((c) => c.action === action).length;
  const forget = count('forget');
  return {
    create: count('create'),
    replace: count('replace'),
    delete: count('delete'),
    ...(forget > 0 ? { forget } : {}),
    unchanged,
    ...(notTargeted !== undefined ? { not_targeted: notTargeted } : {}),
  };
}

/** An unchanged monitor that --replace sends again (its key is made fresh by withForce). */
function forcedChange(d: DesiredMonitor, prepared: PreparedDesired, l: LiveMonitor): PlannedChange {
  return desiredChange(d, prepared, {
    action: 'replace',
    id: l.id,
    reason: 'forced',
    reason_text: describeReason('forced'),
    fields: [],
    ...(typeof l.updated_at === 'string' && l.updated_at !== '' ? { live_updated_at: l.updated_at } : {}),
  });
}

/** A monitor of the YAML (through an `id:` pin or its lock record) that a `removed:` entry forgets: managed and unmanaged at once. */
function forgottenButDefined(name: string, l: LiveMonitor): MonitorsError {
  return new MonitorsError(
    'PLAN_REMOVED_CONFLICT',
    `"${name}" in the YAML is live monitor ${l.id} ("${l.name}"), which a removed: entry forgets; a monitor is either managed or not`,
    {
      hint: 'Remove the removed: entry to keep managing it, or remove the monitor (and any `id:` pin) from monitors:.',
    },
  );
}

function createChange(d: DesiredMonitor, prepared: PreparedDesired, records: readonly LockRecord[]): PlannedChange {
  const vanished = records.find((r) => r.name === d.name);
  // A create lists the body it sends, values as written.
  const secretFields = prepared.secretFields;
  const fields: FieldChange[] = Object.entries(prepared.written()).map(([field, value]) =>
    secretFields.has(field) ? { field, oldKnown: true, sensitive: true } : { field, new: value, oldKnown: true },
  );
  return desiredChange(d, prepared, {
    action: 'create',
    id: null,
    reason: 'new',
    reason_text: vanished
      ? `${describeReason('new')}; it was deleted outside the tool (its lock record named ${vanished.id})`
      : describeReason('new'),
    fields,
  });
}

function deleteChange(l: LiveMonitor, record: LockRecord | undefined, unrecorded: boolean): PlannedChange {
  const why = unrecorded ? `; ${CREATED_UNRECORDED}` : record ? '' : ' (in the declared ownership scope)';
  return deleteOf(l, 'removed', `${describeReason('removed')}${why}`);
}

const UNRECORDED_REPLACE = `not verifiable: ${CREATED_UNRECORDED}, and the listing cannot show every field, so it is replaced once`;

/** The delete of a live monitor, with its key (also `monitors destroy`'s). */
export function deleteOf(l: LiveMonitor, reason: ChangeReason, reasonText: string): PlannedChange {
  const change: Omit<PlannedChange, 'idempotency_key'> = {
    action: 'delete',
    name: l.name,
    id: l.id,
    reason,
    reason_text: reasonText,
    fields: [],
  };
  return { ...change, idempotency_key: keyForGeneration(change, 0) };
}

/** Whether a live monitor in no YAML entry is the tool's (deleted by a plan): in the lock file, or in settings.scope. */
export function isManaged(l: LiveMonitor, recordById: ReadonlyMap<string, LockRecord>, scope: OwnershipScope): boolean {
  if (recordById.has(l.id)) return true;
  if (scope.kind === 'workspace') return true;
  return scope.kind === 'prefix' && l.name.startsWith(scope.prefix);
}

function addContext(plan: Plan, options: PlanOptions): void {
  const { monitorLimit, openIncidentMonitorIds } = options;
  if (monitorLimit) {
    const after = monitorLimit.usage + plan.summary.create - plan.summary.delete;
    if (after > monitorLimit.limit) {
      plan.warnings.push(
        `The workspace allows ${monitorLimit.limit} monitors and uses ${monitorLimit.usage}; this plan would need ${after}, so some creates will be refused.`,
      );
    }
  }
  if (openIncidentMonitorIds) {
    for (const change of plan.changes) {
      if (change.id && openIncidentMonitorIds.has(change.id)) (change.notes ??= []).push('has an open incident');
    }
  }
}

const ORDER = { create: 0, replace: 1, delete: 2, forget: 3 } as const;

// In the order people read names (api-2 before api-10, case aside): plans are read by people.
function sortChanges(changes: PlannedChange[]): PlannedChange[] {
  return changes.sort(
    (a, b) => ORDER[a.action] - ORDER[b.action] || compareNames(a.name, b.name) || compareText(a.id ?? '', b.id ?? ''),
  );
}
