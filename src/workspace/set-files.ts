// Which files of a set the command line names. `monitors plan monitors/a.yaml` plans the set
// that file belongs to (the folder holding it, whose files share one lock file), narrowed
// to the file named (src/plan/named-files.ts): naming one file never takes the others'
// monitors for removed, and the set's settings apply.
import { statSync } from 'node:fs';
import path from 'node:path';
import { commonFolder } from '../lock/location.js';
import { displayPath } from '../model/display-path.js';
import type { FileScope } from '../plan/named-files.js';

export interface NamedFiles {
  /** The files named, absolute. */
  files: string[];
  /** The folder to load: the set the files belong to. */
  folder: string;
}

/** The files named when every path is a file (a folder or a missing path: undefined, the paths load as given). */
export function namedFilesOf(paths: readonly string[], cwd: string): NamedFiles | undefined {
  if (paths.length === 0) return undefined;
  const files = paths.map((p) => path.resolve(cwd, p));
  if (!files.every((f) => statSync(f, { throwIfNoEntry: false })?.isFile() === true)) return undefined;
  return { files, folder: commonFolder(files) };
}

/** A file as lock records name it: relative to the lock file's folder, with `/` separators. */
export function lockRelative(lockPath: string, cwd: string): (file: string) => string {
  const folder = path.dirname(lockPath);
  return (file) => path.relative(folder, path.resolve(cwd, file)).split(path.sep).join('/');
}

/** The files named and the files of the set, as lock records name them. */
export function fileScope(named: NamedFiles, loaded: readonly string[], lockPath: string, cwd: string): FileScope {
  const relative = lockRelative(lockPath, cwd);
  return {
    named: new Set(named.files.map(relative)),
    loaded: new Set(loaded.map(relative)),
    shown: named.files.map((f) => displayPath(f, cwd)),
  };
}
