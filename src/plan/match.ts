// Identity: which live monitor each desired one is. In order: a reconciler-level `id:`
// pin; the lock record of that name (so a monitor renamed in the dashboard is still
// ours); the live monitor of that name; a `moved` entry's old name. Ambiguity is an
// error naming the ids, never a guess: two live monitors under a name the YAML asks for
// (without an `id:` pin) is one, with or without a lock file. Duplicates no YAML entry
// names are only listed (unmanaged) or, when managed, deleted by id. Names are matched in Unicode NFC: "café" typed as
// e + combining accent is the same name to a person, and to a server that normalises it.
// A lock record that names a monitor otherwise than the server does, while the YAML claims
// that monitor under the server's name (or pins it, or renames it with `moved`), is the
// weaker word: the listing and the YAML win, the record is set aside and rewritten by the
// next apply (a record an earlier version left for a create answered with another
// monitor's stored 201), and the plan says so.
import { MonitorsError } from '../errors.js';
import type { LockRecord } from '../lock/types.js';
import type { DesiredMonitor, DesiredState, LiveMonitor } from '../model/monitor.js';

export interface Match {
  desired: DesiredMonitor;
  live?: LiveMonitor;
  /** Set when matched through a `moved` entry. */
  renamedFrom?: string;
}

export interface Matching {
  matches: Match[];
  /** Live ids whose lock record was set aside (it names the monitor otherwise), with the note that says so. */
  setAside: Map<string, string>;
}

type Via = 'its `id:` pin' | 'the lock file' | 'its name' | 'a `moved` entry';

export function matchDesired(
  desired: DesiredState,
  live: readonly LiveMonitor[],
  records: readonly LockRecord[],
): Matching {
  const liveById = new Map(live.map((l) => [l.id, l]));
  const liveByName = groupBy(live, (l) => nameKey(l.name));
  const recordByName = new Map(records.map((r) => [nameKey(r.name), r]));
  const movedTo = new Map(desired.moved.map((m) => [nameKey(m.to), m.from]));
  const claims = yamlClaims(desired);
  const claimedBy = new Map<string, { name: string; via: Via }>();
  const setAside = new Map<string, string>();
  const matches: Match[] = [];

  const byName = (name: string): { live: LiveMonitor; via: Via } | undefined => {
    const key = nameKey(name);
    const record = recordByName.get(key);
    let recorded = record ? liveById.get(record.id) : undefined;
    const found = liveByName.get(key) ?? [];
    if (recorded && nameKey(recorded.name) !== key) {
      const claimant = claims(recorded, name);
      if (claimant) {
        const instead = found.length === 1 ? `matched to ${found[0]!.id} by its name` : 'created';
        setAside.set(
          recorded.id,
          `the lock file records ${recorded.id} as "${name}", but ${claimant.why}: ${recorded.id} is taken as "${claimant.name}" (its record is written again), and "${name}" is ${instead}.`,
        );
        recorded = undefined;
      }
    }
    // Two live monitors under the name the YAML asks for are an error, lock file or not: a
    // lock record says which one the tool made, not that the other (a copy made in the
    // dashboard, say) may go on under the same name unnoticed.
    if (found.length > 1) throw duplicateLiveName(name, found, recorded);
    if (recorded) {
      // The lock's monitor was renamed outside the tool and another now has the name: which one is meant is a guess.
      const other = nameKey(recorded.name) !== key ? found.find((l) => l.id !== recorded.id) : undefined;
      if (other) {
        throw new MonitorsError(
          'PLAN_AMBIGUOUS_NAME',
          `"${name}" matches two live monitors: ${recorded.id} through the lock file (now named "${recorded.name}") and ${other.id} by its name`,
          {
            hint: `Pin the one to manage in the YAML: \`id: ${recorded.id}\` keeps the monitor the lock file knows (renamed to "${recorded.name}" since) and leaves ${other.id} unmanaged; \`id: ${other.id}\` takes the one named "${name}" now, and ${recorded.id}, managed but in no YAML entry, is deleted. Or rename or delete one of them in the dashboard.`,
          },
        );
      }
      return { live: recorded, via: 'the lock file' };
    }
    return found[0] ? { live: found[0], via: 'its name' } : undefined;
  };

  for (const d of [...desired.monitors].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    let match: Match = { desired: d };
    let via: Via = 'its `id:` pin';
    if (d.pinnedId !== undefined) {
      const pinned = liveById.get(d.pinnedId);
      if (!pinned) {
        throw new MonitorsError(
          'PLAN_PINNED_ID_MISSING',
          `"${d.name}" is pinned to id ${d.pinnedId}, which does not exist in this workspace`,
          {
            hint: 'Remove the `id:` line to create the monitor anew, or correct the id.',
          },
        );
      }
      // A pin plus a `moved` entry from the pinned monitor's live name is still a rename.
      const from = movedTo.get(nameKey(d.name));
      match =
        from !== undefined && nameKey(from) === nameKey(pinned.name)
          ? { desired: d, live: pinned, renamedFrom: from }
          : { desired: d, live: pinned };
    } else {
      const current = byName(d.name);
      const from = movedTo.get(nameKey(d.name));
      const previous = from !== undefined ? byName(from) : undefined;
      if (current && previous && current.live.id !== previous.live.id) {
        throw new MonitorsError(
          'PLAN_MOVED_BOTH_EXIST',
          `"${from}" is moved to "${d.name}", but both exist live (${previous.live.id} and ${current.live.id})`,
          {
            hint: 'Remove the `moved` entry (the rename already happened), or delete one of the two monitors.',
          },
        );
      }
      if (current) [match, via] = [{ desired: d, live: current.live }, current.via];
      else if (previous) [match, via] = [{ desired: d, live: previous.live, renamedFrom: from! }, 'a `moved` entry'];
    }
    if (match.live) {
      const other = claimedBy.get(match.live.id);
      if (other !== undefined) {
        throw new MonitorsError(
          'PLAN_DOUBLE_MATCH',
          `"${other.name}" (by ${other.via}) and "${d.name}" (by ${via}) both refer to live monitor ${match.live.id}`,
          {
            hint: 'Each live monitor can be managed by one YAML entry: correct or remove the `id:` pin or the `moved` entry that reaches it a second time.',
          },
        );
      }
      claimedBy.set(match.live.id, { name: d.name, via });
    }
    matches.push(match);
  }
  return { matches, setAside };
}

/**
 * Who in the YAML claims a live monitor other than through the lock: an entry pinned to
 * its id, an entry of its live name (unpinned), a `moved` entry from its live name. The
 * entry `except` (whose lock record is in question) does not count.
 */
function yamlClaims(desired: DesiredState) {
  const pinnedTo = new Map<string, string>();
  const unpinned = new Set<string>();
  for (const d of desired.monitors) {
    if (d.pinnedId !== undefined) pinnedTo.set(d.pinnedId, d.name);
    else unpinned.add(nameKey(d.name));
  }
  const movedFrom = new Map(desired.moved.map((m) => [nameKey(m.from), m.to]));
  return (l: LiveMonitor, except: string): { name: string; why: string } | undefined => {
    const pinned = pinnedTo.get(l.id);
    if (pinned !== undefined && nameKey(pinned) !== nameKey(except))
      return { name: pinned, why: `the YAML pins "${pinned}" to it with \`id:\`` };
    const liveKey = nameKey(l.name);
    if (unpinned.has(liveKey)) return { name: l.name, why: `the server names it "${l.name}", which the YAML also has` };
    const to = movedFrom.get(liveKey);
    if (to !== undefined && nameKey(to) !== nameKey(except))
      return { name: to, why: `the server names it "${l.name}", which a \`moved\` entry renames to "${to}"` };
    return undefined;
  };
}

function duplicateLiveName(
  name: string,
  found: readonly LiveMonitor[],
  recorded: LiveMonitor | undefined,
): MonitorsError {
  const ids = found.map((l) => (l.id === recorded?.id ? `${l.id} (in the lock file)` : l.id));
  const listed = ids.length === 2 ? ids.join(' and ') : `${ids.slice(0, -1).join(', ')} and ${ids[ids.length - 1]}`;
  const keep = found.find((l) => l.id === recorded?.id) ?? found[0]!;
  return new MonitorsError(
    'PLAN_DUPLICATE_LIVE_NAME',
    `${found.length === 2 ? 'two' : found.length} live monitors are named "${name}": ${listed}`,
    {
      hint: `Delete or rename the other${found.length > 2 ? 's' : ''} in the dashboard, or pin the one to manage with \`id: ${keep.id}\` in the YAML.`,
    },
  );
}

/** The form names are compared in. ASCII text is its own NFC form: only other text goes through normalize(). */
export function nameKey(name: string): string {
  for (let i = 0; i < name.length; i++) if (name.charCodeAt(i) > 0x7f) return name.normalize('NFC');
  return name;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}
