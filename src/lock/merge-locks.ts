// Two applies that started from the same lock record and both wrote it back (two jobs
// racing on a lock branch): a three-way merge per monitor id, so that the result holds
// the monitors of both. Pure: data in, data out.
import { canonicalJson } from '../model/canonical-json.js';
import { withPending } from './pending-creates.js';
import { sortRecords } from './sort-records.js';
import type { LockFile, LockRecord, PendingCreate } from './types.js';

export interface LockMerge {
  lock: LockFile;
  /** Ids both sides changed differently: kept, but as "not verifiable" (fingerprint null). */
  conflicts: string[];
  /** Ids carried over from `ours` under `theirs`' salt, which their hashes cannot follow: kept as "not verifiable". */
  resalted: string[];
}

/**
 * Merges `ours` (this apply's record) into `theirs` (what another apply pushed meanwhile),
 * both descended from `base` (what this apply started from; undefined when it started
 * without one). Per id:
 * - changed on one side only: that side's record;
 * - removed on either side (deleted, found gone, or dropped as stale): removed. The
 *   server does not hand out a deleted monitor's id again, so a removal means the monitor
 *   is gone; and dropping a record is the safe direction anyway: the worst it costs is one
 *   "not verifiable" replace, never a wrong delete;
 * - added on one side: kept; on both sides alike: kept once;
 * - changed (or added) on both sides differently: nobody knows which write the server saw
 *   last, so the record keeps the monitor managed (id and name) but drops its fingerprint:
 *   the next plan replaces it once as "not verifiable" and records it again.
 * Salt: the result keeps `theirs`' salt (already on the branch, and what saved plans made
 * from it were made against). Secret hashes, and the fingerprints of fields filled from
 * `${env:...}`, are salted and cannot be carried to another salt without the values; so
 * when the salts differ (both sides started without a lock file), records taken from
 * `ours` keep id and name but lose their hashes, and those monitors replace once.
 * Creates in flight (per key; an entry never changes): added on either side, kept; gone on
 * either side (settled: recorded, or found never to have taken), gone.
 * The policy in force: the side that changed it since `base`; ours when both did (this
 * apply just checked its plan against it, and the next plan shows any difference).
 */
export function mergeLocks(base: LockFile | undefined, ours: LockFile, theirs: LockFile): LockMerge {
  const baseById = byId(base?.monitors ?? []);
  const oursById = byId(ours.monitors);
  const theirsById = byId(theirs.monitors);
  const resalt = ours.salt !== theirs.salt;
  const conflicts: string[] = [];
  const resalted: string[] = [];
  const merged: LockRecord[] = [];
  const carryOurs = (record: LockRecord) => {
    if (!resalt) return merged.push(record);
    resalted.push(record.id);
    merged.push(unverifiable(record));
  };

  for (const id of new Set([...oursById.keys(), ...theirsById.keys()])) {
    const [b, o, t] = [baseById.get(id), oursById.get(id), theirsById.get(id)];
    if (o && t) {
      if (same(o, t)) merged.push(richer(t, o));
      else if (b && same(o, b)) merged.push(t);
      else if (b && same(t, b)) carryOurs(o);
      else {
        conflicts.push(id);
        merged.push(unverifiable(t));
      }
    } else if (o) {
      if (!b) carryOurs(o); // ours added it; with b, theirs removed it
    } else if (t && !b) {
      merged.push(t); // theirs added it; with b, ours removed it
    }
  }
  // The workspace ours just applied to (and checked) wins; theirs' when ours has none.
  const workspace = ours.workspace ?? theirs.workspace;
  const policy = samePolicy(ours.policy, base?.policy) ? theirs.policy : ours.policy;
  const lock = {
    format_version: theirs.format_version,
    salt: theirs.salt,
    ...(workspace ? { workspace } : {}),
    ...(policy ? { policy } : {}),
    monitors: sortRecords(merged),
  };
  return {
    lock: withPending(lock, mergePending(base?.pending_creates, ours.pending_creates, theirs.pending_creates)),
    conflicts: conflicts.sort(),
    resalted: resalted.sort(),
  };
}

function mergePending(
  base: readonly PendingCreate[] = [],
  ours: readonly PendingCreate[] = [],
  theirs: readonly PendingCreate[] = [],
): PendingCreate[] {
  const inBase = new Set(base.map((p) => p.key));
  const inOurs = new Set(ours.map((p) => p.key));
  const inTheirs = new Set(theirs.map((p) => p.key));
  return [
    ...theirs.filter((p) => inOurs.has(p.key) || !inBase.has(p.key)),
    ...ours.filter((p) => !inTheirs.has(p.key) && !inBase.has(p.key)),
  ];
}

/** Whether two records of the policy in force hold the same rules (absent: none). */
function samePolicy(a: LockFile['policy'], b: LockFile['policy']): boolean {
  return canonicalJson(a?.rules ?? {}) === canonicalJson(b?.rules ?? {});
}

/** Keeps the monitor managed, without a claim about what it holds. */
function unverifiable(record: LockRecord): LockRecord {
  return { id: record.id, name: record.name, fingerprint: null };
}

function byId(records: readonly LockRecord[]): Map<string, LockRecord> {
  return new Map(records.map((r) => [r.id, r]));
}

/**
 * Whether two records say the same of a monitor. The fingerprint covers the meaning of every
 * field, so kept values (as written, in whatever spelling was sent) and the per-field hashes
 * are left out: records that differ only there, or a record from before values were kept
 * and its successor, are the same.
 */
function same(a: LockRecord, b: LockRecord): boolean {
  return (
    a.id === b.id &&
    a.name === b.name &&
    a.fingerprint === b.fingerprint &&
    canonicalJson(a.secrets ?? {}) === canonicalJson(b.secrets ?? {})
  );
}

/** Of two records that are the same, the one that keeps values (theirs when both or neither do). */
function richer(theirs: LockRecord, ours: LockRecord): LockRecord {
  return !theirs.values && ours.values ? ours : theirs;
}
