// Point 8 of issue 32: over each monitor entry, what apply would do in each environment,
// from the YAML and the lock file alone (offline-plan.ts): `staging: create`,
// `production: replace: retry_count changed`, `unchanged`, `renamed from "old"`. A template
// says it for its instances together when they agree, else one by one.
import path from 'node:path';
import type { LockFile } from '../../lock/types.js';
import type { DesiredMonitor, DesiredState } from '../../model/monitor.js';
import type { SetLoad } from '../workspace-set.js';
import type { LockReader } from './lock-reader.js';
import { describeVerdict, offlineVerdict } from './offline-plan.js';

export interface Lens {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  command: { title: string; command: string };
}

export async function codeLenses(load: SetLoad, root: string, abs: string, locks: LockReader): Promise<Lens[]> {
  const byLine = new Map<number, string[]>();
  const result = await load.result();
  const named = result.declaredEnvironments.length > 0;
  for (const { name, state } of result.environments) {
    const mine = state.monitors.filter((m) => path.resolve(root, m.source.file) === abs);
    if (mine.length === 0) continue;
    const read = await locks.forState(state, root);
    const entries = new Map<number, DesiredMonitor[]>();
    for (const m of mine) entries.set(m.source.line, [...(entries.get(m.source.line) ?? []), m]);
    for (const [line, monitors] of entries) {
      const said =
        'unreadable' in read
          ? `lock file unreadable (${read.unreadable})`
          : together(monitors.map((m) => [m.name, verdictOf(m, state.moved, read.lock)]));
      byLine.set(line, [...(byLine.get(line) ?? []), named ? `${name}: ${said}` : said]);
    }
  }
  return [...byLine].map(([line, titles]) => ({
    range: { start: { line: line - 1, character: 0 }, end: { line: line - 1, character: 0 } },
    command: { title: titles.join(' | '), command: '' },
  }));
}

/** A monitor with problems may not be comparable at all: the lens says so instead of failing. */
function verdictOf(m: DesiredMonitor, moved: DesiredState['moved'], lock: LockFile | undefined): string {
  try {
    return describeVerdict(offlineVerdict(m, moved, lock));
  } catch {
    return 'cannot tell until its problems are fixed';
  }
}

function together(said: [string, string][]): string {
  const kinds = new Set(said.map(([, s]) => s));
  if (kinds.size === 1) return said.length === 1 ? said[0]![1] : `${said[0]![1]} (${said.length} monitors)`;
  return said.map(([name, s]) => `${name}: ${s}`).join('; ');
}
