// Which monitor an id already stands for. The server never hands out an id twice, so a
// create answered with the id of a monitor that was live when the plan was made (or that
// another create of this apply made) created nothing: the answer is the stored response of
// an earlier create with the same key, for a monitor that has lived on under another name
// (renamed with `moved:` or in the dashboard). Recording it would put that monitor's id
// under this change's name and drop the record it has.
import type { LockFile } from '../lock/types.js';
import type { Plan } from '../plan/types.js';

export interface IdsBefore {
  /**
   * Takes `id` for the create of `name`. Returns undefined when the id is new (now taken),
   * else how the id is known already, for messages ("recorded in the lock file as ...").
   */
  claim(id: string, name: string): string | undefined;
}

/**
 * The ids the plan saw live: the lock's records (but those it found gone: a record whose
 * monitor was missing from the listing may name a create whose listing lagged, which the
 * verification's GET by id tells apart), the unmanaged monitors, the targets of its
 * replaces and deletes, and those of the changes a --target plan leaves out.
 */
export function idsBefore(plan: Plan, lock: LockFile): IdsBefore {
  const stale = new Set(plan.stale_lock_ids ?? []);
  const known = new Map<string, string>();
  for (const c of plan.changes) if (c.id) known.set(c.id, `the monitor "${c.name}" of this plan's ${c.action}`);
  for (const u of plan.unmanaged) known.set(u.id, `the unmanaged monitor "${u.name}"`);
  // A --target plan leaves some out: live too, and possibly without a lock record (a replace not targeted).
  for (const n of plan.not_targeted ?? [])
    if (n.id) known.set(n.id, `the monitor "${n.name}" this plan leaves out (--target)`);
  for (const r of lock.monitors) if (!stale.has(r.id)) known.set(r.id, `recorded in the lock file as "${r.name}"`);
  const created = new Map<string, string>();
  return {
    claim(id, name) {
      const before = known.get(id);
      if (before !== undefined) return before;
      const other = created.get(id);
      if (other !== undefined && other !== name) return `created by this apply for "${other}"`;
      created.set(id, name);
      return undefined;
    },
  };
}
