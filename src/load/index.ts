// The loader: YAML files and folders in, the desired state and every problem out.
// Fast on valid files (js-yaml, no positions beyond each item's start), exact on files
// with problems (re-parsed with `yaml` to point at the offending key or value).
// An error diagnostic means the state must not be used. The passes over the files are in
// pipeline.ts; validate, which needs no state, takes the summary (summary.ts).

import {
  DEFAULT_SETTINGS,
  type DesiredMonitor,
  type DesiredState,
  type Diagnostic,
  type MonitorInput,
} from '../model/monitor.js';
import type { LoadedFile } from './load-file.js';
import type { LoadOptions } from './options.js';
import { loadFiles, type Loaded } from './pipeline.js';
import { settingsOf } from './settings.js';

export type { LoadOptions } from './options.js';

/** The desired state of one environment (or of the set, when it declares none). */
export interface EnvironmentState {
  /** undefined when the set declares no environments. */
  name: string | undefined;
  state: DesiredState;
}

export interface LoadResult {
  /** The first (with one environment chosen, or none declared: the only) state in `environments`. */
  state: DesiredState;
  /** One state per environment checked, in the order declared. */
  environments: EnvironmentState[];
  /** The environments the set declares (settings.environments), in order; empty when none. */
  declaredEnvironments: string[];
  diagnostics: Diagnostic[];
  /** Lock files (by their default name) the folder search met, absolute paths. */
  lockFilesSeen: string[];
}

export async function loadDesiredState(paths: string[], options: LoadOptions): Promise<LoadResult> {
  return statesOf(await loadFiles(paths, options, false));
}

/** The desired state of each environment of a load (the language server builds them only when a request needs them). */
export async function statesOf(loaded: Loaded): Promise<LoadResult> {
  const { files, declared, checked, settingsFile, policy, diagnostics, lockFilesSeen } = loaded;
  const environments = buildStates(files, declared.names.length === 0 ? [undefined] : checked, declared.names);
  if (policy) {
    const at = policy.source.positions.get('policy')?.key ?? { line: 1, col: 1 };
    for (const e of environments)
      e.state.policy = { source: { file: policy.source.display, ...at }, ...policy.dataFor(e.name) };
  }
  if (settingsFile) {
    const { addSettingsPositions } = await import('./settings-positions.js');
    for (const e of environments) await addSettingsPositions(e.state.settings, settingsFile);
  }
  const empty: DesiredState = {
    monitors: [],
    moved: [],
    removed: [],
    settings: { ...DEFAULT_SETTINGS },
    files: files.map((f) => f.display),
  };
  return {
    state: environments[0]?.state ?? empty,
    environments,
    declaredEnvironments: declared.names,
    diagnostics,
    lockFilesSeen,
  };
}

function buildStates(
  files: LoadedFile[],
  checked: readonly (string | undefined)[],
  declared: string[],
): { name: string | undefined; state: DesiredState }[] {
  return checked.map((name, e) => ({ name, state: buildState(files, e, name, declared) }));
}

function buildState(files: LoadedFile[], e: number, environment: string | undefined, declared: string[]): DesiredState {
  const monitors: DesiredMonitor[] = [];
  const moved: DesiredState['moved'] = [];
  const removed: NonNullable<DesiredState['removed']> = [];
  const deleted: NonNullable<DesiredState['deleted']> = [];
  for (const file of files) {
    const a = file.analysis;
    if (!a) continue;
    const view = a.environments[e];
    const itemPos = (section: string, index: number) =>
      file.positions.get(section)?.items[index] ?? { line: 1, col: 1 };
    for (const m of view?.monitors ?? []) {
      const desired: DesiredMonitor = {
        name: m.name ?? '',
        input: m.input as MonitorInput,
        envRefs: m.envRefs,
        envValues: m.envValues,
        source: { file: file.display, ...itemPos('monitors', m.index) },
        entry: { index: m.index, written: m.written },
      };
      if (m.pinnedId !== undefined) desired.pinnedId = m.pinnedId;
      if (m.instance !== undefined) desired.instance = m.instance;
      if (m.policyExceptions !== undefined) desired.policyExceptions = m.policyExceptions;
      monitors.push(desired);
    }
    for (const m of view?.moved ?? [])
      moved.push({ from: m.from, to: m.to, source: { file: file.display, ...itemPos('moved', m.index) } });
    for (const r of view?.removed ?? [])
      removed.push({ name: r.name, source: { file: file.display, ...itemPos('removed', r.index) } });
    for (const d of view?.deleted ?? [])
      deleted.push({
        name: d.name,
        exceptions: d.exceptions.map(({ id, reason }) => ({ id, reason })),
        source: { file: file.display, ...itemPos('deleted', d.index) },
      });
  }
  const settings = settingsOf(files, environment, declared);
  return {
    monitors,
    moved,
    removed,
    ...(deleted.length > 0 ? { deleted } : {}),
    settings,
    files: files.map((f) => f.display),
  };
}
