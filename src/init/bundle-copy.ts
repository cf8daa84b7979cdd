// The `.monitors/` folder the pipeline of `monitors init --ci gitlab|bitbucket|azure|gitea|forgejo` runs: a copy of
// the bundle (the entry `monitors.mjs` and its chunks) this CLI can find, that is, the one
// it runs from, or the `bundle/` of the clone it was built in. The npm package holds none.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { StarterFile } from './starter.js';

export const BUNDLE_FOLDER = '.monitors';

/** The first of `candidates` that holds a bundle (its entry and its chunks), if any. */
export function findBundle(candidates: readonly string[]): string | undefined {
  return candidates.find((dir) => existsSync(path.join(dir, 'monitors.mjs')) && existsSync(path.join(dir, 'chunks')));
}

/** Where a bundle may be, seen from the CLI's entry file: beside it, or the clone's bundle/. */
export function bundleCandidates(entryFile: string): string[] {
  const dir = path.dirname(entryFile);
  // bundle/monitors.mjs; a clone's dist/cli/main.js and dist/src/cli/main.js.
  return [dir, path.resolve(dir, '../../bundle'), path.resolve(dir, '../../../bundle')];
}

/** Every file of the bundle in `dir`, as starter files under .monitors/. */
export function bundleFiles(dir: string): StarterFile[] {
  return filesUnder(dir).map((relative) => ({
    path: `${BUNDLE_FOLDER}/${relative}`,
    text: readFileSync(path.join(dir, relative), 'utf8'),
    what: 'the CLI the pipeline runs (node .monitors/monitors.mjs)',
  }));
}

function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix))
    .sort()
    .flatMap((name) => {
      const relative = prefix === '' ? name : `${prefix}/${name}`;
      return statSync(path.join(dir, relative)).isDirectory() ? filesUnder(dir, relative) : [relative];
    });
}
