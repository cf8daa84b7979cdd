// Where the shared test material lives: `../shared` beside the checkout, as CI lays it out
// (the Kubernetes manifests of `discover k8s` are read from there in place, never copied
// into the repository: shared/k8s-manifests/SOURCES.md). MONITORS_TEST_SHARED names another
// place (a worktree elsewhere on a machine). Right from tests/ and from dist/tests/ alike.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repository = resolve(here, here.includes(`${join('dist', 'tests')}`) ? '../../..' : '../..');

export const SHARED_DIR = process.env.MONITORS_TEST_SHARED ?? resolve(repository, '../shared');

/** A folder of the shared material; a missing one fails the test that needs it, saying where it was looked for. */
export function sharedPath(...parts: string[]): string {
  const path = join(SHARED_DIR, ...parts);
  if (!existsSync(path))
    throw new Error(
      `${path} is missing: the shared test material is expected in ../shared beside the checkout (or MONITORS_TEST_SHARED)`,
    );
  return path;
}
