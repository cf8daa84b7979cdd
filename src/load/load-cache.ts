// What one load keeps for the next: the language server loads the same set again at each
// keystroke, with the text of unsaved buffers in place of the files (files/memory-source.ts).
// A file whose bytes did not change is not parsed again, its analysis is reused while the
// environments stay the same, and its exact parse (a file with a problem) is kept, so the
// work follows the edit, not the set. The loader's passes are the same as validate's
// (pipeline.ts); only whether a step's result is already known differs.
import { statSync } from 'node:fs';
import { analyseFile, type AnalyseOptions } from './analyse-file.js';
import type { FileAnalysis } from './checks/file-analysis.js';
import type { KeptNames } from './checks/cross-file.js';
import type { Discovery, discoverFiles, FoundFile } from './files/discover.js';
import type { ReadProblem } from './files/read-file.js';
import type { PolicyContext } from './checks/policy-check.js';
import type { DeclaredEnvironments } from './expand/environments.js';
import { loadFile, type LoadedFile } from './load-file.js';
import type { ExactParse } from './parse/exact-parse.js';

interface CachedFile {
  bytes: Buffer;
  positions: boolean;
  /** The file as loadFile returned it, before the passes added to it. */
  pristine: LoadedFile;
}

export class LoadCache {
  /** `now`: the clock (the CLI's), to tell a folder's time from its listing's; without it a search is never reused. */
  constructor(private readonly now?: () => number) {}

  private readonly files = new Map<string, CachedFile>();
  private readonly analyses = new WeakMap<object, { key: string; analysis: FileAnalysis }>();
  private readonly exacts = new Map<string, { text: string; exact: ExactParse }>();
  private readonly tests = new WeakMap<Buffer, boolean>();
  private readonly reusedFiles = new WeakSet<LoadedFile>();
  private lastOptions: AnalyseOptions | undefined;
  private lastKey = '';
  private discovered: { key: string; discovery: Discovery; listedMs: number } | undefined;
  /** The names of the last load's monitors, counted per environment (checks/name-index.ts). */
  private readonly names: KeptNames['byEnvironment'] = [];

  /**
   * The last discovery of the same paths while no folder it searched changed (a file made,
   * removed or renamed in a folder changes its time), else a new one: a keystroke does not
   * walk the folders again. `forgetDiscovery` makes the next load walk them in any case.
   */
  async discover(paths: readonly string[], cwd: string, discover: typeof discoverFiles): Promise<Discovery> {
    const key = JSON.stringify([paths, cwd]);
    const last = this.discovered;
    if (last && last.key === key && last.discovery.folders.length > 0 && last.discovery.folders.every(unchanged(last)))
      return last.discovery;
    const listedMs = this.now?.();
    const discovery = await discover(paths, cwd);
    this.discovered = listedMs === undefined ? undefined : { key, discovery, listedMs };
    return discovery;
  }

  forgetDiscovery(): void {
    this.discovered = undefined;
  }

  /** The name counts for the checks across files, kept for these files (by path, in reading order). */
  namesOf(keys: readonly string[]): KeptNames {
    return { keys, byEnvironment: this.names };
  }

  /** loadFile, or a fresh copy of its last result for the same bytes. */
  async load(found: FoundFile, read: { bytes: Buffer } | ReadProblem, positions: boolean): Promise<LoadedFile> {
    const cached = this.files.get(found.abs);
    if ('bytes' in read && cached && cached.positions === positions && sameBytes(cached.bytes, read.bytes)) {
      const copy = copyOf(cached.pristine, found);
      this.reusedFiles.add(copy);
      return copy;
    }
    const file = await loadFile(found, read, positions);
    if ('bytes' in read) this.files.set(found.abs, { bytes: read.bytes, positions, pristine: copyOf(file, found) });
    else this.files.delete(found.abs);
    return file;
  }

  /** Whether `load` returned this file from the last load (nothing was parsed: no need to let other work run after it). */
  reused(file: LoadedFile): boolean {
    return this.reusedFiles.has(file);
  }

  /** The pipeline's one test of a file's bytes (may it declare settings?), asked once of the same bytes: an unchanged file is read as the same Buffer. */
  remembered(bytes: Buffer, test: (bytes: Buffer) => boolean): boolean {
    let answer = this.tests.get(bytes);
    if (answer === undefined) this.tests.set(bytes, (answer = test(bytes)));
    return answer;
  }

  /** analyseFile, or its last result for the same parsed value under the same options. */
  analyse(value: unknown, options: AnalyseOptions): FileAnalysis {
    if (value === null || typeof value !== 'object') return analyseFile(value, options);
    const key = this.keyOf(options);
    const hit = this.analyses.get(value);
    if (hit && hit.key === key) return hit.analysis;
    const analysis = analyseFile(value, options);
    this.analyses.set(value, { key, analysis });
    return analysis;
  }

  /** The exact parse of a file's text, kept while its text stays the same. */
  async exact(abs: string, text: string): Promise<ExactParse> {
    const hit = this.exacts.get(abs);
    if (hit && hit.text === text) return hit.exact;
    const { exactParse } = await import('./parse/exact-parse.js');
    const exact = await exactParse(text);
    this.exacts.set(abs, { text, exact });
    return exact;
  }

  /** Forgets the files no longer in the set (deleted, or moved out of the folder). */
  keepOnly(abs: ReadonlySet<string>): void {
    for (const key of this.files.keys()) if (!abs.has(key)) this.files.delete(key);
    for (const key of this.exacts.keys()) if (!abs.has(key)) this.exacts.delete(key);
  }

  /** What an analysis depends on besides the value: the environments, their vars, and the options. */
  private keyOf(options: AnalyseOptions): string {
    if (options === this.lastOptions) return this.lastKey;
    const declared = options.declared;
    this.lastOptions = options;
    this.lastKey = keyText([
      declared?.names ?? [],
      [...(declared?.vars ?? NO_VARS)].map(([name, vars]) => [name, [...vars]]),
      [...(declared?.varNames ?? [])],
      options.checked ?? null,
      options.missingEnv ?? null,
      options.enabledIntervals ?? null,
      policyKey(options),
    ]);
    return this.lastKey;
  }
}

/** How close to its listing a folder's time may not be trusted: a file made in the same tick of a coarse clock (2 s on FAT) leaves the time as it was. */
const RACY_MS = 2000;

const unchanged =
  ({ listedMs }: { listedMs: number }) =>
  (folder: Discovery['folders'][number]): boolean => {
    if (listedMs - folder.mtimeMs < RACY_MS) return false;
    try {
      return statSync(folder.path).mtimeMs === folder.mtimeMs;
    } catch {
      return false;
    }
  };

let uniqueKeys = 0;

/** The key as text; a value that cannot be written makes a key of its own (nothing is reused). */
function keyText(parts: unknown[]): string {
  try {
    return JSON.stringify(parts);
  } catch {
    return `unique ${(uniqueKeys += 1)}`;
  }
}

/** The set's policy as its rules' data, in each environment (what the checks of a monitor read of it). */
function policyKey(options: AnalyseOptions): unknown {
  const policy: (PolicyContext & { dataFor?: (environment: string | undefined) => unknown }) | undefined =
    options.policy;
  if (!policy) return null;
  const environments = [undefined, ...(options.checked ?? options.declared?.names ?? [])];
  return [[...policy.ids], environments.map((e) => (policy.dataFor ? policy.dataFor(e) : null))];
}

const NO_VARS: DeclaredEnvironments['vars'] = new Map();

function sameBytes(a: Buffer, b: Buffer): boolean {
  return a === b || (a.length === b.length && a.equals(b));
}

/** A copy the passes may add to (analysis, exact parse, diagnostics) without touching the cached one. */
function copyOf(file: LoadedFile, found: FoundFile): LoadedFile {
  return { ...file, ...found, diagnostics: [...file.diagnostics] };
}
