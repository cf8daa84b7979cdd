// A path as messages show it.
import path from 'node:path';

/** A path as people read it in messages: relative to cwd, with forward slashes on every OS. */
export function displayPath(abs: string, cwd: string): string {
  const relative = path.relative(cwd, abs);
  return relative === '' ? '.' : relative.split(path.sep).join('/');
}
