// A folder search meets YAML that belongs to other tools (docker-compose.yml, a workflow,
// an Ansible playbook). Such a file is skipped with a note instead of failing the run;
// a file named explicitly is always read as a monitors file.
//
// "Someone else's" means: it has content, and none of its documents has a top-level key
// of a monitors file (the keys come from the file schema, so a new section counts at
// once). An empty file, or one holding only comments, is NOT skipped: it may be a
// monitors file emptied by mistake, and skipping it would plan the deletion of its
// monitors; it stays the error `file.empty`. Nor is a file whose key is a near miss of one
// (`monitor:`, `Defaults:`): that is a monitors file with a typo, which must be reported.
import type { Diagnostic } from '../model/monitor.js';
import { TOP_LEVEL_KEYS } from './suggest/candidates.js';
import { closest } from '../model/did-you-mean.js';
import type { TopLevelShape } from './parse/exact-parse.js';
import { isPlainObject } from './values/plain-object.js';
import type { LoadedFile } from './load-file.js';

const MONITORS_FILE_KEYS = new Set<string>(TOP_LEVEL_KEYS);

export function shapeOfValue(value: unknown): TopLevelShape {
  if (value === undefined || value === null) return { kind: 'empty' };
  if (isPlainObject(value)) return { kind: 'mapping', keys: Object.keys(value) };
  return { kind: 'other' };
}

/** True when the documents have content and none of them has a key of a monitors file. */
export function isForeignFile(shapes: readonly TopLevelShape[]): boolean {
  const filled = shapes.filter((s) => s.kind === 'other' || (s.kind === 'mapping' && s.keys.length > 0));
  return (
    filled.length > 0 &&
    filled.every((s) => s.kind === 'other' || (s.kind === 'mapping' && !s.keys.some(isMonitorsFileKey)))
  );
}

const isMonitorsFileKey = (key: string): boolean =>
  MONITORS_FILE_KEYS.has(key) || closest(key, TOP_LEVEL_KEYS) !== undefined;

/** `monitors, defaults, moved or settings` */
export function monitorsFileKeysText(): string {
  const keys = [...MONITORS_FILE_KEYS];
  return keys.length > 1 ? `${keys.slice(0, -1).join(', ')} or ${keys.at(-1)}` : (keys[0] ?? '');
}

/** A file a folder search found that belongs to another tool (judged as soon as it is parsed). */
export function isForeignLoaded(file: LoadedFile): boolean {
  const shapes = file.exact ? file.exact.topLevel : [shapeOfValue(file.value)];
  return file.searchedFrom !== undefined && isForeignFile(shapes);
}

/**
 * Files a folder search found that belong to other tools (`foreign`, by isForeignLoaded)
 * are left out, each with a note; a folder where every YAML file was left out is an error
 * (an empty set of monitors would plan the deletion of every managed one).
 */
export function withoutForeignFiles(
  loaded: LoadedFile[],
  foreign: ReadonlySet<LoadedFile>,
  diagnostics: Diagnostic[],
): LoadedFile[] {
  const kept: LoadedFile[] = [];
  const skippedBy = new Map<string, number>();
  for (const file of loaded) {
    if (!foreign.has(file) || file.searchedFrom === undefined) {
      kept.push(file);
      continue;
    }
    skippedBy.set(file.searchedFrom, (skippedBy.get(file.searchedFrom) ?? 0) + 1);
    diagnostics.push({
      file: file.display,
      line: 0,
      col: 0,
      severity: 'info',
      code: 'file.skipped',
      message: `skipped: not a monitors file (no ${monitorsFileKeysText()} at its top level); name it explicitly to check it as one`,
    });
  }
  for (const [folder, count] of skippedBy) {
    if (kept.some((f) => f.searchedFrom === folder)) continue;
    diagnostics.push({
      file: folder,
      line: 0,
      col: 0,
      severity: 'error',
      code: 'path.no_monitors_files',
      message: `no monitors files in this folder: ${count === 1 ? 'its one YAML file was skipped as not a monitors file' : `its ${count} YAML files were skipped as not monitors files`}`,
    });
  }
  return kept;
}
