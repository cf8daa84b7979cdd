// The loader: YAML files and folders in, the desired state and every problem out.
// Fast on valid files (js-yaml, no positions beyond each item's start), exact on files
// with problems (re-parsed with `yaml` to point at the offending key or value).
// An error diagnostic means the state must not be used.

// isDeepStrictEqual, not fast-deep-equal: a YAML key such as `toString` or `valueOf` is data
// to compare, never a method to call.
import { isDeepStrictEqual } from 'node:util';
import { DEFAULT_SETTINGS, type DesiredMonitor, type DesiredState, type Diagnostic, type MonitorInput, type Settings } from '../model/monitor.js';
import { analyseFile } from './analyse-file.js';
import { crossFileProblems } from './cross-file.js';
import { discoverFiles } from './discover.js';
import { exactParse } from './exact-parse.js';
import { withoutForeignFiles } from './foreign-file.js';
import { loadFile, type LoadedFile } from './load-file.js';
import { locateProblems } from './locate-problems.js';
import type { MonitorCheckOptions } from './monitor-check.js';
import { readMonitorsFile } from './read-file.js';
import { toSettings } from './settings.js';

export interface LoadOptions {
  env: NodeJS.ProcessEnv;
  cwd?: string;
  /** Server rule, when known (the simulator knows it; the real API does not say). */
  enabledIntervals?: readonly number[];
  /** An unset `${env:NAME}`: an error (default; plan and apply need the value) or a warning (validate). */
  missingEnv?: 'error' | 'warning';
}

export interface LoadResult {
  state: DesiredState;
  diagnostics: Diagnostic[];
  /** Lock files (by their default name) the folder search met, absolute paths. */
  lockFilesSeen: string[];
}

export async function loadDesiredState(paths: string[], options: LoadOptions): Promise<LoadResult> {
  const cwd = options.cwd ?? process.cwd();
  const checkOptions: MonitorCheckOptions = { env: options.env, enabledIntervals: options.enabledIntervals, missingEnv: options.missingEnv ?? 'error' };
  const discovery = await discoverFiles(paths.length > 0 ? paths : ['.'], cwd);
  // Every read starts at once (no idle waits); parsing goes one file at a time, returning to
  // the event loop in between, so a listing running alongside (plan, apply) gets its pages
  // answered instead of waiting behind the whole load.
  const reads = discovery.files.map((found) => readMonitorsFile(found.abs)); // never rejects: problems are results
  const loaded: LoadedFile[] = [];
  for (const [i, found] of discovery.files.entries()) {
    loaded.push(await loadFile(found, checkOptions, reads[i]));
    await new Promise((resolve) => setImmediate(resolve));
  }
  const diagnostics: Diagnostic[] = [...discovery.diagnostics];
  const files = withoutForeignFiles(loaded, diagnostics);
  const cross = crossFileProblems(files.map((f) => f.analysis));
  for (const [index, file] of files.entries()) {
    const problems = [...(file.analysis?.problems ?? []), ...(cross.get(index) ?? [])];
    if (problems.length > 0 || (file.analysis && !file.positionsComplete)) await useExactParse(file, checkOptions);
    for (const d of file.diagnostics) diagnostics.push(d);
  }
  for (const d of locateProblems(files, cross)) diagnostics.push(d);
  return { state: buildState(files), diagnostics: sortAndDedupe(diagnostics, loaded), lockFilesSeen: discovery.lockFiles };
}

/** Re-parses a fast-parsed file exactly; if `yaml` reads it differently, `yaml` wins. */
async function useExactParse(file: LoadedFile, options: MonitorCheckOptions): Promise<void> {
  if (file.exact) return;
  const exact = await exactParse(file.text);
  file.exact = exact;
  file.positions = exact.positions;
  if (exact.problems.length > 0) {
    file.analysis = undefined;
    for (const p of exact.problems) file.diagnostics.push({ file: file.display, ...p.pos, severity: 'error', code: p.code, message: p.message });
  } else if (!isDeepStrictEqual(exact.value, file.value)) {
    file.value = exact.value;
    file.analysis = analyseFile(exact.value, options);
  }
}

function buildState(files: LoadedFile[]): DesiredState {
  const monitors: DesiredMonitor[] = [];
  const moved: DesiredState['moved'] = [];
  let settings: Settings = { ...DEFAULT_SETTINGS };
  for (const file of files) {
    const a = file.analysis;
    if (!a) continue;
    const itemPos = (section: string, index: number) => file.positions.get(section)?.items[index] ?? { line: 1, col: 1 };
    for (const m of a.monitors) {
      const desired: DesiredMonitor = {
        name: m.name ?? '',
        input: m.input as MonitorInput,
        envRefs: m.envRefs,
        envValues: m.envValues,
        source: { file: file.display, ...itemPos('monitors', m.index) },
        entry: { index: m.index, written: m.written },
      };
      if (m.pinnedId !== undefined) desired.pinnedId = m.pinnedId;
      monitors.push(desired);
    }
    for (const m of a.moved) moved.push({ from: m.from, to: m.to, source: { file: file.display, ...itemPos('moved', m.index) } });
    if (a.settings) settings = toSettings(a.settings, file.abs, { file: file.display, ...(file.positions.get('settings')?.key ?? { line: 1, col: 1 }) });
  }
  return { monitors, moved, settings, files: files.map((f) => f.display) };
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
