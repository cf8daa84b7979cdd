// A monitor the repository already manages is never adopted a second time: a second YAML
// entry of one name stops every plan, and a second lock record of one id is a repair for
// the next plan. Each clash is located where the repository says so (the YAML entry, the
// `moved:` or `removed:` entry, the lock record), so the user sees what to change.
import type { LockRecord } from '../../lock/types.js';
import type { DesiredState, Diagnostic, LiveMonitor, SourcePos } from '../../model/monitor.js';
import type { SelectedMonitor } from './select.js';

export interface Repository {
  state: Pick<DesiredState, 'monitors' | 'moved' | 'removed'>;
  records: readonly LockRecord[];
  /** The lock file as shown, and its text (to point at a record's line); undefined text: no lock file yet. */
  lock: { display: string; text: string | undefined };
}

export interface Clash {
  /** The selected monitor's id. */
  id: string;
  problem: Diagnostic;
  /** The clash is a `removed:` entry: the repository forgets the monitor rather than manages it. */
  removed?: true;
}

/**
 * One located error per clash between a selected monitor and what the repository manages
 * (none: all are free to adopt), grouped per selected monitor. Each place of the repository
 * is looked at once: a set of 100,000 monitors costs one pass, however many are adopted.
 */
export function managedClashes(selected: readonly SelectedMonitor[], repo: Repository): Clash[] {
  const nfc = (name: string) => name.normalize('NFC');
  const order = new Map(selected.map((s, i) => [s.live.id, i]));
  const byName = new Map<string, LiveMonitor[]>();
  for (const { live } of selected) byName.set(nfc(live.name), [...(byName.get(nfc(live.name)) ?? []), live]);
  const byId = new Map(selected.map((s) => [s.live.id, s.live]));
  const out: Clash[] = [];
  const push = (live: LiveMonitor, problem: Diagnostic) => out.push({ id: live.id, problem });
  const label = (live: LiveMonitor) => `"${live.name}" (${live.id})`;

  for (const d of repo.state.monitors) {
    const instance = d.instance !== undefined ? ` (${d.instance})` : '';
    const pinned = d.pinnedId !== undefined ? byId.get(d.pinnedId) : undefined;
    if (pinned)
      push(
        pinned,
        at(d.source, `${label(pinned)} is already a monitor of this repository: pinned with id: here${instance}`),
      );
    for (const live of byName.get(nfc(d.name)) ?? [])
      if (live !== pinned)
        push(live, at(d.source, `${label(live)} is already a monitor of this repository: defined here${instance}`));
  }
  for (const m of repo.state.moved) {
    const named = new Set([...(byName.get(nfc(m.from)) ?? []), ...(byName.get(nfc(m.to)) ?? [])]);
    for (const live of named)
      push(
        live,
        at(
          m.source,
          `${label(live)} is named by this moved: entry; rename it with the YAML (apply), not by adopting it`,
        ),
      );
  }
  for (const r of repo.state.removed ?? []) {
    for (const live of byName.get(nfc(r.name)) ?? [])
      out.push({
        id: live.id,
        problem: at(
          r.source,
          `${label(live)} is listed under removed: here (this repository forgets it); delete that entry to adopt it`,
        ),
        removed: true,
      });
  }
  for (const record of repo.records) {
    const same = byId.get(record.id);
    if (same)
      push(
        same,
        inLock(
          repo.lock,
          record,
          `${label(same)} already has a lock record here${record.name === same.name ? '' : ` (as "${record.name}")`}`,
        ),
      );
    for (const live of byName.get(nfc(record.name)) ?? [])
      if (live !== same)
        push(
          live,
          inLock(
            repo.lock,
            record,
            `${label(live)}: the lock file records another monitor (${record.id}) under this name; plan would stop with PLAN_AMBIGUOUS_NAME (see docs/recovery.md, "Duplicate names")`,
          ),
        );
  }
  // Array.prototype.sort is stable: each monitor's places stay in the repository's order.
  return out.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

function at(source: SourcePos, message: string): Diagnostic {
  return { ...source, severity: 'error', code: 'export.already_managed', message };
}

function inLock(lock: Repository['lock'], record: LockRecord, message: string): Diagnostic {
  return {
    file: lock.display,
    ...recordPosition(lock.text ?? '', record.id),
    severity: 'error',
    code: 'export.already_managed',
    message,
  };
}

/** Where the record of `id` starts in the lock file's text (its `"id"` key); 0:0 (the file alone) when not found. */
export function recordPosition(text: string, id: string): { line: number; col: number } {
  const found = new RegExp(`"id"\\s*:\\s*${JSON.stringify(id).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).exec(text);
  if (!found) return { line: 0, col: 0 };
  const before = text.slice(0, found.index);
  const line = before.split('\n').length;
  return { line, col: found.index - before.lastIndexOf('\n') };
}
