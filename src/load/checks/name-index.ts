// The monitor names of one environment across the files of a set, counted. Validate makes
// one per load; the language server keeps one from a keystroke to the next (LoadCache), and
// only the files whose monitors changed are counted again: their old names out, their new
// names in. A file's monitors are compared by identity: an analysis is never changed once
// made (the cache already hands the same one to every load of the same bytes).
import type { CheckedMonitor } from './monitor-check.js';

type Monitors = readonly CheckedMonitor[] | undefined;

export class NameIndex {
  private keys: readonly string[] = [];
  private monitors: Monitors[] = [];
  private readonly counts = new Map<string, number>();
  /** The names defined more than once: only the files holding them are read for places. */
  private readonly duplicated = new Set<string>();

  /** `keys` names the files (their paths); a different list counts every file again. */
  update(keys: readonly string[], monitorsOf: readonly Monitors[]): void {
    const same = keys.length === this.keys.length && keys.every((key, i) => key === this.keys[i]);
    if (!same || monitorsOf.length !== this.monitors.length) {
      this.keys = [...keys];
      this.monitors = [];
      this.counts.clear();
      this.duplicated.clear();
    }
    for (let file = 0; file < monitorsOf.length; file += 1) {
      const now = monitorsOf[file];
      const before = this.monitors[file];
      if (file < this.monitors.length && now === before) continue;
      for (const m of before ?? []) if (m.name !== undefined) this.add(m.name, -1);
      for (const m of now ?? []) if (m.name !== undefined) this.add(m.name, 1);
      this.monitors[file] = now;
    }
  }

  has(name: string): boolean {
    return this.counts.has(name);
  }

  count(name: string): number {
    return this.counts.get(name) ?? 0;
  }

  /** The indexes of the files that hold a name defined more than once, in order. */
  filesWithDuplicates(): number[] {
    if (this.duplicated.size === 0) return [];
    const files: number[] = [];
    this.monitors.forEach((monitors, file) => {
      if (monitors?.some((m) => m.name !== undefined && this.duplicated.has(m.name))) files.push(file);
    });
    return files;
  }

  private add(name: string, by: 1 | -1): void {
    const count = (this.counts.get(name) ?? 0) + by;
    if (count <= 0) this.counts.delete(name);
    else this.counts.set(name, count);
    if (count >= 2) this.duplicated.add(name);
    else this.duplicated.delete(name);
  }
}
