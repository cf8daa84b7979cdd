// Turns the paths given on the command line into the list of YAML files to read:
// files as given, folders searched recursively for *.yaml / *.yml in a stable order
// (sorted by path), skipping dot-folders, dot-files and node_modules. Synchronous calls:
// each is a quick local lookup, cheaper than a round trip through the thread pool.
import { readdirSync, realpathSync, statSync, type Dirent, type Stats } from 'node:fs';
import { displayPath } from '../../model/display-path.js';
import path from 'node:path';
import { DEFAULT_LOCK_NAME } from '../../lock/location.js';
import type { Diagnostic } from '../../model/monitor.js';

export interface FoundFile {
  abs: string;
  /** Path as shown to the user: relative to the working folder. */
  display: string;
  /** The folder given (as shown) whose search found this file; undefined for a file named explicitly. */
  searchedFrom?: string;
}

export interface Discovery {
  files: FoundFile[];
  diagnostics: Diagnostic[];
  /** Lock files (by their default name) met while searching folders, absolute paths. */
  lockFiles: string[];
  /** Each folder searched and its modification time before it was listed: a file made or removed in it changes the time. */
  folders: { path: string; mtimeMs: number }[];
}

const YAML_FILE = /\.ya?ml$/i;
const skipped = (name: string): boolean => name.startsWith('.') || name === 'node_modules';

/** A problem with a path as a whole: no line or column (0 means "not in a file"). */
const pathDiagnostic = (file: string, code: string, message: string): Diagnostic => ({
  file,
  line: 0,
  col: 0,
  severity: 'error',
  code,
  message,
});

export async function discoverFiles(paths: readonly string[], cwd: string): Promise<Discovery> {
  const files: FoundFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const lockFiles: string[] = [];
  const folders: Discovery['folders'] = [];
  const seen = new Set<string>();
  for (const given of paths) {
    const abs = path.resolve(cwd, given);
    const display = displayPath(abs, cwd);
    const info = attempt(() => statSync(abs));
    if (info instanceof Error) {
      const suggestion =
        info.code === 'ENOENT'
          ? await (await import('../suggest/path-suggestion.js')).suggestPath(given, cwd)
          : undefined;
      diagnostics.push(
        info.code === 'ENOENT' || info.code === 'ENOTDIR'
          ? pathDiagnostic(
              display,
              'path.not_found',
              `no such file or folder${suggestion ? `; did you mean "${suggestion}"?` : ''}`,
            )
          : pathDiagnostic(display, 'path.unreadable', `cannot be read (${info.code ?? 'error'})`),
      );
      continue;
    }
    let found: string[] = [];
    const searched = info.isDirectory();
    if (searched) {
      const walk = walkFolder(abs, diagnostics, cwd);
      for (const folder of walk.folders) folders.push(folder);
      for (const lock of walk.lockFiles) if (!lockFiles.includes(lock)) lockFiles.push(lock);
      if (walk.entries === 0)
        diagnostics.push(
          pathDiagnostic(
            display,
            'path.empty_folder',
            // A new user's first run is often here: say how to start one.
            'the folder is empty; expected .yaml or .yml files of monitors (`monitors init` writes a starter set)',
          ),
        );
      else if (walk.files.length === 0) {
        diagnostics.push(
          pathDiagnostic(
            display,
            'path.no_yaml',
            'no .yaml or .yml files in this folder (searched recursively, skipping dot-folders and node_modules)',
          ),
        );
      }
      found = walk.files.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    } else if (info.isFile() && YAML_FILE.test(abs)) {
      found = [abs];
    } else {
      diagnostics.push(pathDiagnostic(display, 'path.not_yaml', 'not a .yaml or .yml file or a folder'));
    }
    for (const file of found) {
      const real = realOrAsGiven(file);
      if (seen.has(real)) continue;
      seen.add(real);
      files.push({ abs: file, display: displayPath(file, cwd), ...(searched ? { searchedFrom: display } : {}) });
    }
  }
  return { files, diagnostics, lockFiles, folders };
}

/** The call's result, or the error it threw (file system calls throw errors with a code). */
function attempt<T>(call: () => T): T | NodeJS.ErrnoException {
  try {
    return call();
  } catch (e) {
    return e as NodeJS.ErrnoException;
  }
}

function realOrAsGiven(file: string): string {
  const real = attempt(() => realpathSync(file));
  return real instanceof Error ? file : real;
}

function walkFolder(
  root: string,
  diagnostics: Diagnostic[],
  cwd: string,
): { files: string[]; entries: number; lockFiles: string[]; folders: Discovery['folders'] } {
  const files: string[] = [];
  const lockFiles: string[] = [];
  const folders: Discovery['folders'] = [];
  const visited = new Set<string>();
  let entries = 0;
  const visit = (dir: string): void => {
    const real = realOrAsGiven(dir);
    if (visited.has(real)) return; // a symlink loop
    visited.add(real);
    // The time before the listing: a file made while it is read changes the time after it.
    const info = attempt(() => statSync(dir));
    if (!(info instanceof Error)) folders.push({ path: dir, mtimeMs: info.mtimeMs });
    const listing: Dirent[] | NodeJS.ErrnoException = attempt(() => readdirSync(dir, { withFileTypes: true }));
    if (listing instanceof Error) {
      diagnostics.push(
        pathDiagnostic(displayPath(dir, cwd), 'path.unreadable', `folder cannot be read (${listing.code ?? 'error'})`),
      );
      return;
    }
    entries += listing.length;
    for (const entry of listing) {
      if (skipped(entry.name)) continue;
      const full = path.join(dir, entry.name);
      let isDir = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        const target: Stats | NodeJS.ErrnoException = attempt(() => statSync(full));
        if (target instanceof Error) {
          // A broken link named like a monitors file must not just vanish: its monitors
          // would look deleted to plan.
          if (YAML_FILE.test(entry.name))
            diagnostics.push(
              pathDiagnostic(
                displayPath(full, cwd),
                'path.unreadable',
                `symbolic link to nothing readable (${target.code ?? 'error'})`,
              ),
            );
          continue;
        }
        isDir = target.isDirectory();
        isFile = target.isFile();
      }
      if (isDir) visit(full);
      else if (isFile && YAML_FILE.test(entry.name)) files.push(full);
      else if (isFile && entry.name === DEFAULT_LOCK_NAME) lockFiles.push(full);
    }
  };
  visit(root);
  return { files, entries, lockFiles, folders };
}
