// Nothing the project hands to users runs a package by name through npx (`npx --yes monitors`
// would run whatever anyone publishes under that name): the Action runs its own bundle, the
// docs and examples run the bundle or an install the repository pins.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

describe('npx', () => {
  it('appears nowhere in action.yml, action/, docs/ or examples/ (dot-folders included)', () => {
    const scanned = [join(root, 'action.yml'), ...['action', 'docs', 'examples'].flatMap((d) => files(join(root, d)))];
    expect(scanned.map((f) => relative(root, f))).toEqual(
      expect.arrayContaining(['examples/gitlab/.gitlab-ci.yml', 'examples/github/.github/workflows/monitors.yml']),
    );
    const found = scanned.filter((f) => /\bnpx\b/.test(readFileSync(f, 'utf8'))).map((f) => relative(root, f));
    expect(found).toEqual([]);
  });
});
