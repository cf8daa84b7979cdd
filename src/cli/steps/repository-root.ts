// Where the repository starts: reports read by GitHub and GitLab (SARIF, Code Quality) name
// files from the repository root, whatever folder the command ran in. The nearest folder
// upwards holding `.git` (a folder, or a file in a worktree or submodule); without one,
// the working folder.
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

export function repositoryRoot(cwd: string): string {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) return dir;
    if (dirname(dir) === dir) return resolve(cwd);
  }
}

/** A file as the loader names it (relative to cwd, or absolute) from the root, with `/` separators. */
export function pathFromRoot(file: string, cwd: string, root: string): string {
  const absolute = isAbsolute(file) ? file : resolve(cwd, file);
  return relative(root, absolute).split(sep).join('/');
}
