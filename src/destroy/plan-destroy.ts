// `monitors destroy`: a plan that deletes every monitor the lock file manages, and nothing
// else. The YAML decides nothing here but where the lock file is and which workspace: a
// monitor that is live but not in the lock file (made in the dashboard, or never recorded)
// is left alone, also when the YAML names it or settings.scope would cover it. Pure: the
// CLI lists, reads the lock and carries the plan out as apply does.
import type { LockFile } from '../lock/types.js';
import type { DesiredState, LiveMonitor } from '../model/monitor.js';
import { liveFingerprint, liveLine } from '../plan/fingerprint.js';
import { nameKey } from '../plan/match.js';
import { CREATED_UNRECORDED, withCreatesInFlight } from '../plan/pending-creates.js';
import { deleteOf } from '../plan/planner.js';
import { describeReason } from '../plan/reasons.js';
import { recordInScope, type FileScope } from '../plan/named-files.js';
import { PLAN_FORMAT_VERSION, type Plan } from '../plan/types.js';

export interface DestroyInput {
  desired: DesiredState;
  live: readonly LiveMonitor[];
  /** The lock file, or undefined when there is none at `lockShown`. */
  lock: LockFile | undefined;
  /** The lock file's path as shown to the user. */
  lockShown: string;
  /** Files named one by one: only the records of those files (or of files gone from the set) are deleted. */
  files?: FileScope;
}

export function planDestroy({ desired, live, lock: found, lockShown, files }: DestroyInput): Plan {
  const lock = found ?? { monitors: [] };
  // A monitor a create in flight made (the apply killed before recording it) is managed too.
  const inFlight = withCreatesInFlight(lock, live);
  const adopted = inFlight.adoptedIds;
  const recorded = new Set(inFlight.records.map((r) => r.id));
  const liveIds = new Set(live.map((l) => l.id));
  const byName = (a: { name: string; id: string | null }, b: { name: string; id: string | null }) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : (a.id ?? '') < (b.id ?? '') ? -1 : 1;
  const reason = (l: LiveMonitor) =>
    adopted.has(l.id) ? `${describeReason('destroy')}; ${CREATED_UNRECORDED}` : describeReason('destroy');
  const fileOf = new Map(inFlight.records.map((r) => [r.id, r.file]));
  const inFiles = (l: LiveMonitor) => !files || recordInScope(fileOf.get(l.id), files);
  const changes = live
    .filter((l) => recorded.has(l.id) && inFiles(l))
    .map((l) => deleteOf(l, 'destroy', reason(l)))
    .sort(byName);
  const outside = live
    .filter((l) => recorded.has(l.id) && !inFiles(l))
    .map((l) => ({ action: 'delete' as const, name: l.name, id: l.id, reason: 'destroy' as const }))
    .sort(byName);
  const unmanaged = live
    .filter((l) => !recorded.has(l.id))
    .map((l) => ({ id: l.id, name: l.name }))
    .sort(byName);
  const stale = lock.monitors.filter((r) => !liveIds.has(r.id));
  const yamlNames = new Set(desired.monitors.map((d) => nameKey(d.name)));
  const unrecorded = unmanaged.filter((u) => yamlNames.has(nameKey(u.name)));
  const environment = desired.settings.environment?.name;
  return {
    format_version: PLAN_FORMAT_VERSION,
    intent: 'destroy',
    ...(environment !== undefined ? { environment } : {}),
    summary: {
      create: 0,
      replace: 0,
      delete: changes.length,
      unchanged: 0,
      ...(files ? { outside_files: outside.length } : {}),
    },
    changes,
    ...(files ? { files: [...files.shown], outside_files: outside } : {}),
    unmanaged,
    live_fingerprint: liveFingerprint(live, liveLine),
    stale_lock_ids: stale.map((r) => r.id).sort(),
    ...(inFlight.entries.length > 0 ? { pending_creates: inFlight.entries.map((e) => e.settled) } : {}),
    warnings: [],
    notes: [
      ...inFlight.entries.flatMap((e) => (e.note !== undefined ? [e.note] : [])),
      ...(changes.length === 0 ? [nothingToDestroy(found, lockShown)] : []),
      ...(unrecorded.length > 0
        ? [
            `${unrecorded.length === 1 ? `"${unrecorded[0]!.name}" is` : `${unrecorded.length} monitors named in the YAML are`} live but not in the lock file: destroy deletes only what the lock file records, so ${unrecorded.length === 1 ? 'it is' : 'they are'} left alone.`,
          ]
        : []),
      ...stale.map(
        (r) =>
          `"${r.name}" (${r.id}) is in the lock file but no longer exists on the server; its record will be dropped.`,
      ),
    ],
  };
}

function nothingToDestroy(lock: LockFile | undefined, shown: string): string {
  if (!lock)
    return `There is no lock file at ${shown}: this repository manages no monitor in this workspace, so there is nothing to destroy.`;
  return lock.monitors.length === 0
    ? `The lock file ${shown} records no monitor: there is nothing to destroy.`
    : `No monitor the lock file ${shown} records is live: there is nothing to delete.`;
}
