// `export --name/--id`, the pure core: the selected live monitors in, one YAML text and
// their lock records out, made exactly as whole-workspace export makes them (same reading,
// same records, same "not verifiable" rule). The file is self-contained: `defaults:` are
// per file (docs/yaml-format.md), so it carries its own, and nothing of the repository's
// other files changes what it means; a secret's variable is one no other monitor uses.
import type { DesiredMonitor } from '../../model/monitor.js';
import { envNamesIn } from '../../model/env-references.js';
import { exportFiles, readForExport, type ExportOptions, type ExportResult } from '../export-workspace.js';
import type { SelectedMonitor } from './select.js';

export interface AdoptOptions extends ExportOptions {
  /** The new file's name, for the summary's notes. */
  fileName: string;
  /** The environment variables the repository's monitors already refer to. */
  takenEnv: Iterable<string>;
}

export type AdoptResult = Omit<ExportResult, 'duplicates'>;

export function adoptMonitors(selected: readonly SelectedMonitor[], options: AdoptOptions): AdoptResult {
  const pinned = new Set(selected.filter((s) => s.pinned).map((s) => s.live.id));
  const monitors = readForExport(
    selected.map((s) => s.live),
    options.takenEnv,
  ).map((m) => (pinned.has(m.id) ? { ...m, pinnedId: m.id } : m));
  const group = { fileName: options.fileName, title: 'monitors adopted with --name/--id', monitors };
  return exportFiles([group], options);
}

/** Every `${env:NAME}` the desired monitors refer to. */
export function envNamesOf(monitors: readonly DesiredMonitor[]): Set<string> {
  const names = new Set<string>();
  for (const d of monitors) for (const template of Object.values(d.envRefs)) envNamesIn(template, names);
  return names;
}
