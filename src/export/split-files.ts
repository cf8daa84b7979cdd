// How export splits a workspace into files (by group), and the order of monitors in each.
import { fileSlug, uniqueNames } from './names.js';
import type { ReadMonitor } from './read-live.js';
import { compareText } from '../model/compare-text.js';

export interface FileGroup {
  /** File name (no folder), e.g. `shop-api.yaml`. */
  fileName: string;
  /** What the file holds, for its header comment: `group "Shop API"`, `type http`... */
  title: string;
  monitors: ReadMonitor[];
}

/**
 * One file per `group` when the listing shows groups (monitors without one go to
 * `ungrouped.yaml`), else one file per `type` (each type shares most settings, so its
 * `defaults:` factor well). Files are sorted by name, monitors by name then id.
 */
export function splitIntoFiles(monitors: readonly ReadMonitor[]): FileGroup[] {
  const byGroup = monitors.some((m) => typeof m.input.group === 'string' && m.input.group !== '');
  const buckets = new Map<string, ReadMonitor[]>();
  for (const monitor of monitors) {
    const key = byGroup ? groupKey(monitor) : String(monitor.input.type);
    buckets.set(key, [...(buckets.get(key) ?? []), monitor]);
  }
  const keys = [...buckets.keys()].sort(compareText);
  const wanted = keys.map((key) =>
    key === UNGROUPED ? 'ungrouped' : fileSlug(key) || (byGroup ? 'group' : 'monitors'),
  );
  const unique = uniqueNames(wanted, '-');
  const files = keys.map((key, i) => ({
    fileName: `${unique[i]}.yaml`,
    title: key === UNGROUPED ? 'monitors without a group' : byGroup ? `group ${JSON.stringify(key)}` : `type ${key}`,
    monitors: [...(buckets.get(key) ?? [])].sort(compareMonitors),
  }));
  return files.sort((a, b) => compareText(a.fileName, b.fileName));
}

// A key no group name can equal (group names are plain strings up to 60 characters).
const UNGROUPED = '\u0000ungrouped';

function groupKey(monitor: ReadMonitor): string {
  const group = monitor.input.group;
  return typeof group === 'string' && group !== '' ? group : UNGROUPED;
}

export function compareMonitors(a: ReadMonitor, b: ReadMonitor): number {
  return compareText(a.name, b.name) || compareText(a.id, b.id);
}
