// What the tests of `export --name/--id` look at: snapshots of a folder (every file's
// bytes, to prove that a refusal writes nothing and an adoption touches no other file), the
// records of a lock file, and a refusal's code, message and hint.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { MonitorsError } from '../../../src/errors.js';

/** Relative path -> content, of every file under `root`. */
export function snapshot(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.set(relative(root, path), readFileSync(path, 'latin1'));
    }
  };
  walk(root);
  return files;
}

/** What changed between two snapshots: files added, removed or changed. */
export function changedFiles(before: Map<string, string>, after: Map<string, string>): string[] {
  const paths = new Set([...before.keys(), ...after.keys()]);
  return [...paths].filter((p) => before.get(p) !== after.get(p)).sort();
}

/** Each record's own text in a lock file (as monitors writes it), in order. */
export function recordTexts(lockText: string): string[] {
  return lockText.split(/\n {4}\{|\n {4}\},?/).filter((t) => t.includes('"id"'));
}

/** The MonitorsError `run` throws, as plain data; fails when it throws none. */
export function refusal(run: () => unknown): { code: string; message: string; hint: string | undefined } {
  try {
    run();
  } catch (error) {
    if (error instanceof MonitorsError) return { code: error.code, message: error.message, hint: error.hint };
    throw error;
  }
  throw new Error('expected a refusal');
}
