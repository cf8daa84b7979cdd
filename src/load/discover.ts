// Turns the paths given on the command line into the list of YAML files to read:
// files as given, folders searched recursively for *.yaml / *.yml in a stable order
// (sorted by path), skipping dot-folders, dot-files and node_modules.
import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_LOCK_NAME } from '../lock/location.js';
import type { Diagnostic } from '../model/monitor.js';
import { suggestPath } from './path-suggestion.js';

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

export function displayPath(abs: string, cwd: string): string {
  const relative = path.relative(cwd, abs);
  return relative === '' ? '.' : relative.split(path.sep).join('/');
}

export async function discoverFiles(paths: readonly string[], cwd: string): Promise<Discovery> {
  const files: FoundFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const lockFiles: string[] = [];
  const seen = new Set<string>();
  for (const given of paths) {
    const abs = path.resolve(cwd, given);
    const display = displayPath(abs, cwd);
    const info = await stat(abs).catch((e: NodeJS.ErrnoException) => e);
    if (info instanceof Error) {
      const suggestion = info.code === 'ENOENT' ? await suggestPath(given, cwd) : undefined;
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
      const walk = await walkFolder(abs, diagnostics, cwd);
      for (const lock of walk.lockFiles) if (!lockFiles.includes(lock)) lockFiles.push(lock);
      if (walk.entries === 0)
        diagnostics.push(
          pathDiagnostic(display, 'path.empty_folder', 'the folder is empty; expected .yaml or .yml files of monitors'),
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
      const real = await realpath(file).catch(() => file);
      if (seen.has(real)) continue;
      seen.add(real);
      files.push({ abs: file, display: displayPath(file, cwd), ...(searched ? { searchedFrom: display } : {}) });
    }
  }
  return { files, diagnostics, lockFiles };
}

async function walkFolder(
  root: string,
  diagnostics: Diagnostic[],
  cwd: string,
): Promise<{ files: string[]; entries: number; lockFiles: string[] }> {
  const files: string[] = [];
  const lockFiles: string[] = [];
  const visited = new Set<string>();
  let entries = 0;
  const visit = async (dir: string): Promise<void> => {
    const real = await realpath(dir).catch(() => dir);
    if (visited.has(real)) return; // a symlink loop
    visited.add(real);
    const listing = await readdir(dir, { withFileTypes: true }).catch((e: NodeJS.ErrnoException) => e);
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
        const target = await stat(full).catch((e: NodeJS.ErrnoException) => e);
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
      if (isDir) await visit(full);
      else if (isFile && YAML_FILE.test(entry.name)) files.push(full);
      else if (isFile && entry.name === DEFAULT_LOCK_NAME) lockFiles.push(full);
    }
  };
  await visit(root);
  return { files, entries, lockFiles };
}
