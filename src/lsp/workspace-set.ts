// One set of monitors: the files `monitors validate` would load from a folder, loaded again
// after each change with the open buffers in place of the files (buffers.ts) and the last
// load's results kept for the files that did not change (load/files/memory-source.ts). Loads run
// one at a time; changes that arrive during a load are taken by one more load after it, and
// the load they overtook publishes nothing.
import path from 'node:path';
import { statesOf, type LoadResult } from '../load/index.js';
import { LoadCache } from '../load/load-cache.js';
import { loadFiles } from '../load/pipeline.js';
import type { Diagnostic } from '../model/monitor.js';
import type { Buffers } from './buffers.js';

export interface SetLoad {
  /** The monitors files of the set, absolute, in reading order. */
  files: string[];
  declaredEnvironments: string[];
  /** Diagnostics by absolute file path (a problem with the folder itself under the folder). */
  byFile: Map<string, Diagnostic[]>;
  /** The desired states, built on the first request that needs them (a keystroke does not). */
  result(): Promise<LoadResult>;
}

export class WorkspaceSet {
  private readonly cache: LoadCache;
  private running: Promise<SetLoad> | undefined;
  private next: Promise<SetLoad> | undefined;
  last: SetLoad | undefined;

  constructor(
    readonly root: string,
    private readonly buffers: Buffers,
    private readonly env: NodeJS.ProcessEnv,
    now: () => number,
    private readonly onLoad: (load: SetLoad) => void,
  ) {
    this.cache = new LoadCache(now);
  }

  /**
   * Loads the set again (once more after the load under way, if one is); resolves with the load
   * that saw this change. `rediscover`: files may have been made or removed (a file opened, closed,
   * saved or watched), so the folders are searched again; a keystroke reuses the last search
   * unless a folder's time changed (load/files/memory-source.ts).
   */
  refresh(rediscover = false): Promise<SetLoad> {
    if (rediscover) this.cache.forgetDiscovery();
    if (this.running) {
      // Every change made during this load is seen by one load after it.
      this.next ??= this.running.then(
        () => this.startNext(),
        () => this.startNext(),
      );
      return this.next;
    }
    this.running = this.loadOnce().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private startNext(): Promise<SetLoad> {
    this.next = undefined;
    return this.refresh();
  }

  /** The load that sees every change received so far: the one queued, else the one under way, else the last. */
  current(): Promise<SetLoad> {
    return this.next ?? this.running ?? (this.last ? Promise.resolve(this.last) : this.refresh());
  }

  private async loadOnce(): Promise<SetLoad> {
    const loaded = await loadFiles(
      [],
      { env: this.env, cwd: this.root, missingEnv: 'warning', source: this.buffers.read, cache: this.cache },
      false,
    );
    const byFile = new Map<string, Diagnostic[]>();
    for (const d of loaded.diagnostics) {
      const abs = path.resolve(this.root, d.file);
      const list = byFile.get(abs) ?? [];
      list.push(d);
      byFile.set(abs, list);
    }
    const files = loaded.files.map((f) => f.abs);
    this.cache.keepOnly(new Set(files));
    let states: Promise<LoadResult> | undefined;
    const load: SetLoad = {
      files,
      declaredEnvironments: loaded.declared.names,
      byFile,
      result: () => (states ??= statesOf(loaded)),
    };
    this.last = load;
    // A newer edit came in meanwhile: the load queued for it publishes, these are already stale.
    if (!this.next) this.onLoad(load);
    return load;
  }
}
