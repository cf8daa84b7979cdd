// The loader: YAML files and folders in, the desired state and every problem out.
// Fast on valid files (js-yaml, no positions beyond each item's start), exact on files
// with problems (re-parsed with `yaml` to point at the offending key or value).
// An error diagnostic means the state must not be used.

// isDeepStrictEqual, not fast-deep-equal: a YAML key such as `toString` or `valueOf` is data
// to compare, never a method to call.
import { isDeepStrictEqual } from 'node:util';
import {
  DEFAULT_SETTINGS,
  type DesiredMonitor,
  type DesiredState,
  type Diagnostic,
  type MonitorInput,
  type Settings,
} from '../model/monitor.js';
import { analyseFile, type AnalyseOptions } from './analyse-file.js';
import { crossFileProblems } from './cross-file.js';
import { discoverFiles } from './discover.js';
import { declaredEnvironments } from './expand/environments.js';
import { withoutForeignFiles } from './foreign-file.js';
import { loadFile, type LoadedFile } from './load-file.js';
import { toSettings } from './settings.js';

export interface LoadOptions {
  env: NodeJS.ProcessEnv;
  cwd?: string;
  /** Server rule, when known (the simulator knows it; the real API does not say). */
  enabledIntervals?: readonly number[];
  /**
   * The environment to load (`--env`). Without one, every declared environment is checked.
   * One the set does not declare checks none (the caller reports it; see `declaredEnvironments`).
   */
  environment?: string;
  /** An unset `${env:NAME}`: an error (default; plan and apply need the value) or a warning (validate). */
  missingEnv?: 'error' | 'warning';
}

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
  const cwd = options.cwd ?? process.cwd();
  const discovery = await discoverFiles(paths.length > 0 ? paths : ['.'], cwd);
  // One file at a time, returning to the event loop in between, so that a listing running
  // alongside on this thread gets its pages answered instead of waiting behind the whole load.
  const loaded: LoadedFile[] = [];
  for (const found of discovery.files) {
    loaded.push(await loadFile(found));
    await new Promise((resolve) => setImmediate(resolve));
  }
  const diagnostics: Diagnostic[] = [...discovery.diagnostics];
  // Other tools' YAML is left out before anything is read from it (environments included).
  const files = withoutForeignFiles(loaded, diagnostics);
  const declared = declaredEnvironments(files.map((f) => (f.parsed ? f.value : undefined)));
  const checked =
    options.environment === undefined ? declared.names : declared.names.filter((n) => n === options.environment);
  const analyseOptions: AnalyseOptions = {
    env: options.env,
    enabledIntervals: options.enabledIntervals,
    missingEnv: options.missingEnv ?? 'error',
    declared,
    checked,
  };
  for (const file of files) {
    if (!file.parsed) continue;
    file.analysis = analyseFile(file.value, analyseOptions);
    await new Promise((resolve) => setImmediate(resolve));
  }
  const cross = crossFileProblems(
    files.map((f) => f.analysis),
    declared.names.length === 0 ? 0 : checked.length,
  );
  // The first file's settings count (a second one is an error: settings.duplicate).
  const settingsFile = files.find((f) => f.analysis?.settings);
  let varsInSettings = false;
  for (const [index, file] of files.entries()) {
    const problems = [...(file.analysis?.problems ?? []), ...(cross.get(index) ?? [])];
    if (problems.length > 0 || (file.analysis && !file.positionsComplete)) await useExactParse(file, analyseOptions);
    varsInSettings ||= problems.some((p) => p.throughVar?.file === 'settings');
    for (const d of file.diagnostics) diagnostics.push(d);
  }
  // A problem that came through an environment's var names where the var is set, in the settings file.
  if (varsInSettings && settingsFile && !settingsFile.exact) {
    await useExactParse(settingsFile, analyseOptions);
    for (const d of settingsFile.diagnostics) diagnostics.push(d); // duplicates are dropped at the end
  }
  // What only problems need is loaded only when there are some (a valid set has no exact parse).
  if (files.some((f) => f.exact && f.analysis)) {
    const { locateProblems } = await import('./locate-problems.js');
    for (const d of locateProblems(files, cross, settingsFile)) diagnostics.push(d);
  }
  const environments = buildStates(files, declared.names.length === 0 ? [undefined] : checked, declared.names);
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
    diagnostics: sortAndDedupe(diagnostics, loaded),
    lockFilesSeen: discovery.lockFiles,
  };
}

/** Re-parses a fast-parsed file exactly; if `yaml` reads it differently, `yaml` wins. */
async function useExactParse(file: LoadedFile, options: AnalyseOptions): Promise<void> {
  if (file.exact) return;
  const { exactParse } = await import('./exact-parse.js');
  const exact = await exactParse(file.text);
  file.exact = exact;
  file.positions = exact.positions;
  if (exact.problems.length > 0) {
    file.analysis = undefined;
    for (const p of exact.problems)
      file.diagnostics.push({ file: file.display, ...p.pos, severity: 'error', code: p.code, message: p.message });
  } else if (!isDeepStrictEqual(exact.value, file.value)) {
    file.value = exact.value;
    file.analysis = analyseFile(exact.value, options);
  }
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
  let settings: Settings = { ...DEFAULT_SETTINGS };
  let settingsSeen = false;
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
      monitors.push(desired);
    }
    for (const m of view?.moved ?? [])
      moved.push({ from: m.from, to: m.to, source: { file: file.display, ...itemPos('moved', m.index) } });
    for (const r of view?.removed ?? [])
      removed.push({ name: r.name, source: { file: file.display, ...itemPos('removed', r.index) } });
    // The first file's settings count (a second one is an error: settings.duplicate).
    if (a.settings && !settingsSeen) {
      settingsSeen = true;
      const chosen =
        environment === undefined ? undefined : { name: environment, raw: a.environmentSettings.get(environment) };
      settings = toSettings(
        a.settings,
        file.abs,
        { file: file.display, ...(file.positions.get('settings')?.key ?? { line: 1, col: 1 }) },
        chosen,
      );
    }
  }
  if (declared.length > 0) settings.environments = declared;
  return { monitors, moved, removed, settings, files: files.map((f) => f.display) };
}

function sortAndDedupe(diagnostics: Diagnostic[], files: LoadedFile[]): Diagnostic[] {
  const order = new Map(files.map((f, i) => [f.display, i]));
  const rank = (d: Diagnostic) => (d.line === 0 ? -1 : (order.get(d.file) ?? files.length));
  const seen = new Set<string>();
  return diagnostics
    .map((d, i) => ({ d, i }))
    .sort((a, b) => rank(a.d) - rank(b.d) || a.d.line - b.d.line || a.d.col - b.d.col || a.i - b.i)
    .map(({ d }) => d)
    .filter((d) => {
      const key = `${d.file}\0${d.line}\0${d.col}\0${d.code}\0${d.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
