// A monitor the repository already manages is never adopted a second time: a second YAML
// entry of one name stops every plan, and a second lock record of one id is a repair for
// the next plan. Each clash is located where the repository says so (the YAML entry, the
// `moved:` or `removed:` entry, the lock record), so the user sees what to change.
import type { LockRecord } from '../../lock/types.js';
import type { DesiredState, Diagnostic, SourcePos } from '../../model/monitor.js';
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
}

/** One located error per clash between a selected monitor and what the repository manages; none: all are free to adopt. */
export function managedClashes(selected: readonly SelectedMonitor[], repo: Repository): Clash[] {
  const out: Clash[] = [];
  const nfc = (name: string) => name.normalize('NFC');
  for (const { live } of selected) {
    const push = (problem: Diagnostic) => out.push({ id: live.id, problem });
    const label = `"${live.name}" (${live.id})`;
    const name = nfc(live.name);
    for (const d of repo.state.monitors) {
      const instance = d.instance !== undefined ? ` (${d.instance})` : '';
      if (d.pinnedId === live.id)
        push(at(d.source, `${label} is already a monitor of this repository: pinned with id: here${instance}`));
      else if (nfc(d.name) === name)
        push(at(d.source, `${label} is already a monitor of this repository: defined here${instance}`));
    }
    for (const m of repo.state.moved) {
      if (nfc(m.from) === name || nfc(m.to) === name)
        push(
          at(m.source, `${label} is named by this moved: entry; rename it with the YAML (apply), not by adopting it`),
        );
    }
    for (const r of repo.state.removed ?? []) {
      if (nfc(r.name) === name)
        push(
          at(
            r.source,
            `${label} is listed under removed: here (this repository forgets it); delete that entry to adopt it`,
          ),
        );
    }
    for (const record of repo.records) {
      if (record.id === live.id)
        push(
          inLock(
            repo.lock,
            record,
            `${label} already has a lock record here${record.name === live.name ? '' : ` (as "${record.name}")`}`,
          ),
        );
      else if (nfc(record.name) === name)
        push(
          inLock(
            repo.lock,
            record,
            `${label}: the lock file records another monitor (${record.id}) under this name; plan would stop with PLAN_AMBIGUOUS_NAME (see docs/recovery.md, "Duplicate names")`,
          ),
        );
    }
  }
  return out;
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
