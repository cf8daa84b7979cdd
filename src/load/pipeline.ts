// The loader's passes over the files, shared by the desired state (index.ts) and the
// summary that validate prints (summary.ts):
//  1. discover the files and read their bytes;
//  2. parse the files that may declare `settings:` (their text says it, or may spell it with
//     an escape), so that the environments they declare are known before any file is analysed;
//  3. each file in turn: parse it (if not done), analyse it (expand, resolve, merge, check);
//  4. the checks across files, then the exact parse of every file with a problem, to locate it.
// One file is parsed and analysed at a time, returning to the event loop in between, so that
// a listing running alongside on this thread gets its pages answered. For a summary, a file
// without problems keeps only what the checks across files need once it is analysed (the
// name and place of each monitor): its text, parsed value and checked monitors are let go at
// once, so a large set is held in memory one file at a time. Should a check across files
// find a problem in it, its text is decoded again from the bytes read.
import { isDeepStrictEqual } from 'node:util';
import type { Diagnostic } from '../model/monitor.js';
import { analyseFile, type AnalyseOptions } from './analyse-file.js';
import type { FileAnalysis } from './checks/file-analysis.js';
import type { CheckedMonitor } from './checks/monitor-check.js';
import { crossFileProblems } from './checks/cross-file.js';
import { discoverFiles } from './files/discover.js';
import { declaredEnvironments, type DeclaredEnvironments } from './expand/environments.js';
import { sharedDefaultsOf } from './expand/shared-defaults.js';
import { fastParse } from './parse/fast-parse.js';
import { isForeignLoaded, withoutForeignFiles } from './foreign-file.js';
import { loadFile, type LoadedFile } from './load-file.js';
import type { LoadCache } from './load-cache.js';
import type { LoadOptions } from './options.js';
import { noPositions } from './values/positions.js';
import { decodeMonitorsText, readMonitorsBytes } from './files/read-file.js';
import { readPolicy, type LoadedPolicy } from './checks/policy-pass.js';
import type { LocatedProblem } from './values/problem.js';
import { unknownRunVars } from './expand/run-vars.js';

export interface Loaded {
  /** The monitors files read, in reading order (other tools' files left out). */
  files: LoadedFile[];
  declared: DeclaredEnvironments;
  /** The environments checked, in the order declared. */
  checked: string[];
  /** The first file that declares settings. */
  settingsFile: LoadedFile | undefined;
  /** The set's policy: the first file's `policy:` (checks/policy-pass.ts). */
  policy: (LoadedPolicy & { source: LoadedFile }) | undefined;
  diagnostics: Diagnostic[];
  lockFilesSeen: string[];
}

export async function loadFiles(paths: string[], options: LoadOptions, summary: boolean): Promise<Loaded> {
  const cwd = options.cwd ?? process.cwd();
  const cache = options.cache;
  const searched = paths.length > 0 ? paths : ['.'];
  // The language server keeps the last discovery while its folders stay the same (memory-source.ts).
  const discovery = await (cache ? cache.discover(searched, cwd, discoverFiles) : discoverFiles(searched, cwd));
  // The language server reads unsaved buffers from memory (memory-source.ts); validate reads the disk.
  const reads = discovery.files.map((found) => options.source?.(found.abs) ?? readMonitorsBytes(found.abs));
  const loaded: (LoadedFile | undefined)[] = discovery.files.map(() => undefined);
  const foreign = new Set<LoadedFile>();
  const load = async (i: number, positions: boolean): Promise<LoadedFile> => {
    let file = loaded[i];
    if (!file) {
      const found = discovery.files[i]!;
      file = loaded[i] = await (cache
        ? cache.load(found, reads[i]!, positions)
        : loadFile(found, reads[i]!, positions));
      // Other tools' YAML is left out before anything is read from it (environments included).
      if (isForeignLoaded(file)) foreign.add(file);
      // A file taken from the language server's last load took no time: no turn is due after it.
      if (!cache?.reused(file)) await new Promise((resolve) => setImmediate(resolve));
    }
    return file;
  };

  // Only a file whose text holds the key, or an escape that could spell it, can declare settings or policy.
  const mayDeclare = (bytes: Buffer): boolean =>
    bytes.includes('settings') || bytes.includes('policy') || bytes.includes(0x5c);
  for (const [i, read] of reads.entries())
    if ('bytes' in read && (cache ? cache.remembered(read.bytes, mayDeclare) : mayDeclare(read.bytes)))
      await load(i, true);
  const firstPass = loaded.map((f) => (f?.parsed && !foreign.has(f) ? f.value : undefined));
  const declared = declaredEnvironments(firstPass);
  const policy = await readPolicy(firstPass, declared);
  const checked =
    options.environment === undefined ? declared.names : declared.names.filter((n) => n === options.environment);
  const analyseOptions: AnalyseOptions = {
    env: options.env,
    enabledIntervals: options.enabledIntervals,
    missingEnv: options.missingEnv ?? 'error',
    declared,
    checked,
    sharedDefaults: sharedDefaultsOf(loaded.map((f) => (f?.parsed && !foreign.has(f) ? f.value : undefined))),
    ...(policy ? { policy } : {}),
    ...(options.vars ? { runVars: options.vars } : {}),
  };
  // The names a var set for the run may take: every file's vars: and every environment's.
  const varNames = new Set(declared.varNames);
  const slimmed = new Set<LoadedFile>();
  // The policy's own problems (its rules', policy.declared_twice) belong to the files declaring it.
  const policyProblems = new Map<LoadedFile, readonly LocatedProblem[]>();
  for (let i = 0; i < reads.length; i++) {
    const file = await load(i, !summary);
    if (!file.parsed || foreign.has(file)) continue;
    const fileVars = (file.value as { vars?: unknown } | null)?.vars;
    if (options.vars && fileVars && typeof fileVars === 'object' && !Array.isArray(fileVars))
      for (const name in fileVars) varNames.add(name);
    const analysis = cache ? cache.analyse(file.value, analyseOptions) : analyseFile(file.value, analyseOptions);
    // A new object when policy adds problems: the cache's analysis is shared across runs.
    const own = policy?.problems.get(i) ?? [];
    if (own.length > 0) policyProblems.set(file, own);
    file.analysis = own.length === 0 ? analysis : { ...analysis, problems: [...analysis.problems, ...own] };
    if (summary && file.analysis.problems.length === 0 && file.positionsComplete && !file.analysis.settings) {
      keepPlacesOnly(file, file.analysis);
      slimmed.add(file);
    }
  }

  const all = loaded as LoadedFile[];
  const diagnostics: Diagnostic[] = [...discovery.diagnostics, ...unknownRunVars(options.vars, varNames)];
  const files = withoutForeignFiles(all, foreign, diagnostics);
  const cross = crossFileProblems(
    files.map((f) => f.analysis),
    declared.names.length === 0 ? 0 : checked.length,
    cache?.namesOf(files.map((f) => f.abs)),
  );
  // The first file's settings count (a second one is an error: settings.duplicate).
  const settingsFile = files.find((f) => f.analysis?.settings);
  let varsInSettings = false;
  for (const [index, file] of files.entries()) {
    const problems = [...(file.analysis?.problems ?? []), ...(cross.get(index) ?? [])];
    if (problems.length > 0 || (file.analysis && !file.positionsComplete)) {
      if (slimmed.has(file)) readAgain(file);
      await useExactParse(file, analyseOptions, cache, policyProblems.get(file));
    }
    varsInSettings ||= problems.some((p) => p.throughVar?.file === 'settings' || p.inSettings);
    for (const d of file.diagnostics) diagnostics.push(d);
  }
  // A problem that came through an environment's var names where the var is set, in the settings
  // file; one in a value of settings.defaults is located there.
  if (varsInSettings && settingsFile && !settingsFile.exact) {
    await useExactParse(settingsFile, analyseOptions, cache, policyProblems.get(settingsFile));
    for (const d of settingsFile.diagnostics) diagnostics.push(d); // duplicates are dropped at the end
  }
  // What only problems need is loaded only when there are some (a valid set has no exact parse).
  if (files.some((f) => f.exact && f.analysis)) {
    const { locateProblems } = await import('./locate-problems.js');
    for (const d of locateProblems(files, cross, settingsFile, declared.names.length === 0 ? 0 : checked.length))
      diagnostics.push(d);
  }
  return {
    files,
    declared,
    checked,
    settingsFile,
    policy: policy && { ...policy, source: all[policy.file]! },
    diagnostics: sortAndDedupe(diagnostics, all),
    lockFilesSeen: discovery.lockFiles,
  };
}

/** Re-parses a fast-parsed file exactly; if `yaml` reads it differently, `yaml` wins. */
async function useExactParse(
  file: LoadedFile,
  options: AnalyseOptions,
  cache: LoadCache | undefined,
  policyProblems: readonly LocatedProblem[] = [],
): Promise<void> {
  if (file.exact) return;
  const { exactParse } = await import('./parse/exact-parse.js');
  const exact = cache ? await cache.exact(file.abs, file.text) : await exactParse(file.text);
  file.exact = exact;
  file.positions = exact.positions;
  if (exact.problems.length > 0) {
    file.analysis = undefined;
    for (const p of exact.problems)
      file.diagnostics.push({ file: file.display, ...p.pos, severity: 'error', code: p.code, message: p.message });
  } else if (!isDeepStrictEqual(exact.value, file.value)) {
    file.value = exact.value;
    file.analysis = analyseFile(exact.value, options);
    for (const p of policyProblems) file.analysis.problems.push(p);
  }
}

// What a monitor keeps in a summary: the checks across files read its index, name and
// for_each instance only. Shared empty values for the rest; the texts copied, since a
// slice of the file's text would keep the whole text in memory: all of a file's texts in
// one copy, cut up again (a copy each took a third of this step).
const NOTHING: Record<string, unknown> = Object.freeze({});
const NO_VALUES: Record<string, string> = Object.freeze({});

function placesOf(monitors: readonly CheckedMonitor[]): CheckedMonitor[] {
  const texts: string[] = [];
  for (const m of monitors) {
    if (m.name !== undefined) texts.push(m.name);
    if (m.instance !== undefined) texts.push(m.instance);
  }
  // UTF-16 both ways, so that every code unit (a lone surrogate too) comes back as it was.
  const copy = Buffer.from(texts.join(''), 'utf16le').toString('utf16le');
  let at = 0;
  const next = (text: string): string => copy.slice(at, (at += text.length));
  return monitors.map((m) => {
    const place: CheckedMonitor = {
      index: m.index,
      name: m.name === undefined ? undefined : next(m.name),
      input: NOTHING,
      envRefs: NOTHING,
      envValues: NO_VALUES,
      pinnedId: undefined,
      written: NOTHING,
    };
    if (m.instance !== undefined) place.instance = next(m.instance);
    return place;
  });
}

function keepPlacesOnly(file: LoadedFile, analysis: FileAnalysis): void {
  for (const view of analysis.environments) view.monitors = placesOf(view.monitors);
  file.text = '';
  file.value = undefined;
  file.positions = noPositions();
}

/** The text, parsed value and positions of a file kept as places only (the fast path took it the first time). */
function readAgain(file: LoadedFile): void {
  const decoded = decodeMonitorsText(file.bytes!);
  file.text = 'text' in decoded ? decoded.text : '';
  const fast = fastParse(file.text);
  file.value = fast?.value;
  file.positions = fast?.positions ?? noPositions();
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
