// `monitors export --name/--id` without the CLI wiring: list, select, check against what
// the repository manages, then write one new YAML file and the lock file with the new
// records, both or neither. Every refusal comes before the first byte is written.
import { basename, resolve } from 'node:path';
import { MonitorsError } from '../../errors.js';
import { displayPath } from '../../model/display-path.js';
import { commonFolder } from '../../lock/location.js';
import type { DesiredState, Diagnostic, LiveMonitor } from '../../model/monitor.js';
import type { FingerprintFn } from '../lock-records.js';
import { exportNoteLine, exportSummary } from '../../render/export-report.js';
import { writeAllAtomic } from '../write-files.js';
import { addRecords, type LockCodec, type LockOnDisk } from './add-records.js';
import { adoptMonitors, envNamesOf } from './adopt.js';
import { checkPlace, defaultBaseName, freePath, type Placement } from './file-place.js';
import { managedClashes, type Clash } from './managed.js';
import type { Selection } from './options.js';
import { selectLive } from './select.js';

export interface AdoptDeps extends LockCodec {
  listMonitors(): Promise<LiveMonitor[]>;
  /** The lock file's text and content, or undefined when there is none. */
  readLock(path: string): Promise<LockOnDisk | undefined>;
  exists: (path: string) => boolean;
  fingerprint?: FingerprintFn;
}

export interface AdoptRequest {
  selection: Selection;
  cwd: string;
  /** --out as typed. */
  outDir: string;
  /** --file as typed (relative to --out), when given. */
  file?: string;
  force: boolean;
  environment?: string;
  /** The repository in --out, as loaded for this environment (empty when --out holds no YAML). */
  state: DesiredState;
  /** The lock file plan uses when it loads these files (absolute paths in and out): the rule of src/lock/location.ts. */
  lockFor: (files: readonly string[]) => string;
  /** Plan finds the lock file without --lock. */
  lockIsDefault: boolean;
}

export type AdoptOutcome =
  | { kind: 'done'; report: string; warnings: string[] }
  /** Located problems to print, then the error. */
  | { kind: 'refused'; problems: Diagnostic[]; error: MonitorsError };

/** Checks --file before anything is requested; the default name needs the listing. */
export function checkFileOption(request: AdoptRequest, deps: Pick<AdoptDeps, 'exists'>): string | undefined {
  if (request.file === undefined) return undefined;
  // Under --out, as its help says (an absolute path as given).
  const file = resolve(request.cwd, request.outDir, request.file);
  checkPlace(file, placement(request), '--file');
  if (deps.exists(file) && !request.force)
    throw new MonitorsError(
      'EXPORT_FILE_EXISTS',
      `--file ${shown(file, request.cwd)} already exists; export does not overwrite files; nothing was written`,
      {
        hint: 'Name a new file, or pass --force to overwrite it (never a monitors file of this repository).',
      },
    );
  return file;
}

/**
 * One answer for the clashes, its code, detail and hint saying the same: monitors that are
 * only listed under `removed:` are not managed (the repository forgets them), so they get
 * their own code, and the way to adopt them (delete the entry); any other clash is a
 * monitor the repository manages.
 */
export function clashError(clashes: readonly Clash[]): MonitorsError {
  const managed = new Set(clashes.filter((c) => !c.removed).map((c) => c.id));
  const forgotten = new Set(clashes.filter((c) => c.removed && !managed.has(c.id)).map((c) => c.id));
  const some = (n: number, what: string) =>
    `${n === 1 ? `a selected monitor is` : `${n} selected monitors are`} ${what}`;
  if (managed.size === 0)
    return new MonitorsError(
      'EXPORT_LISTED_AS_REMOVED',
      `${some(forgotten.size, 'listed under removed: (this repository forgets them; listed above)')}; nothing was written`,
      {
        hint: 'To adopt them, delete their removed: entries first, then export again; to leave them unmanaged, leave them out of --name/--id.',
      },
    );
  const also = forgotten.size > 0 ? `, and ${forgotten.size} listed under removed:` : '';
  return new MonitorsError(
    'EXPORT_ALREADY_MANAGED',
    `${some(managed.size, 'already managed by this repository')}${also} (listed above); nothing was written`,
    {
      hint: `Leave them out (a narrower --name, fewer --id): this repository manages them already${forgotten.size > 0 ? '; a monitor listed under removed: is adopted once its entry is deleted' : ''}. Each line above says where.`,
    },
  );
}

export async function runAdopt(deps: AdoptDeps, request: AdoptRequest): Promise<AdoptOutcome> {
  const given = checkFileOption(request, deps);
  const live = await deps.listMonitors();
  const selected = selectLive(live, request.selection);
  const place = placement(request);
  const file = given ?? freePath(defaultFolder(place), defaultBaseName(selected, request.environment), deps.exists);
  if (given === undefined) checkPlace(file, place, 'the default file');
  // Where plan will look with the new file loaded: the lock in use (checkPlace made sure it does not move).
  const lockPath = place.lockFor([...place.loaded, file]);

  const lockDisplay = shown(lockPath, request.cwd);
  const existing = await deps.readLock(lockPath);
  const clashes = managedClashes(selected, {
    state: request.state,
    records: existing?.lock.monitors ?? [],
    lock: { display: lockDisplay, text: existing?.text },
  });
  if (clashes.length > 0)
    return { kind: 'refused', problems: clashes.map((c) => c.problem), error: clashError(clashes) };

  const result = adoptMonitors(selected, {
    fileName: basename(file),
    takenEnv: envNamesOf(request.state.monitors),
    ...(request.environment !== undefined ? { environment: request.environment } : {}),
    ...(deps.fingerprint ? { fingerprint: deps.fingerprint } : {}),
  });
  const added = addRecords(existing, result.records, deps, lockDisplay);
  const fileDisplay = shown(file, request.cwd);
  await writeAllAtomic([
    { path: file, text: result.files[0]!.text, display: fileDisplay },
    { path: lockPath, text: added.text, display: lockDisplay },
  ]);

  const warnings: string[] = [];
  if (added.relaid) warnings.push(exportNoteLine({ kind: 'relaid', lockFile: lockDisplay }));
  if (added.created && request.state.monitors.length > 0)
    warnings.push(exportNoteLine({ kind: 'new-lock', lockFile: lockDisplay }));
  const report = exportSummary(
    { ...result, duplicates: [] },
    {
      outDir: request.outDir,
      filePaths: [fileDisplay],
      lockPath: lockDisplay,
      lockIsDefault: request.lockIsDefault,
      adopted: { kept: existing?.lock.monitors.length ?? 0, created: added.created },
      ...(request.environment !== undefined ? { environment: request.environment } : {}),
    },
  );
  return { kind: 'done', report, warnings };
}

function placement(request: AdoptRequest): Placement {
  return {
    cwd: request.cwd,
    outDir: resolve(request.cwd, request.outDir),
    loaded: request.state.files.map((f) => resolve(request.cwd, f)),
    lockFor: request.lockFor,
  };
}

/** The folder holding all the repository's YAML files (where a default lock file sits), else --out. */
function defaultFolder(place: Placement): string {
  return place.loaded.length > 0 ? commonFolder(place.loaded) : place.outDir;
}

/** A path as the user reads it: relative to the working folder, or absolute when outside it. */
function shown(path: string, cwd: string): string {
  const relative = displayPath(path, cwd);
  return relative === '..' || relative.startsWith('../') ? path : relative;
}
