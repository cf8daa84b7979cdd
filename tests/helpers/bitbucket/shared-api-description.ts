// Finds the Git hosts' official API descriptions that ../shared/git-host-apis/ holds beside the
// repository (read in place, never copied into it): the nearest `shared/git-host-apis` up
// from the repository root (in CI, ../shared; in a worktree, further up). A test that needs
// one fails, naming where it looked, when it is not there.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export function sharedApiDescription(file: string): Record<string, unknown> {
  const looked: string[] = [];
  for (let dir = dirname(ROOT.replace(/\/+$/, '')); ; dir = dirname(dir)) {
    const candidate = join(dir, 'shared', 'git-host-apis', file);
    looked.push(candidate);
    if (existsSync(candidate)) return JSON.parse(readFileSync(candidate, 'utf8')) as Record<string, unknown>;
    if (dirname(dir) === dir) break;
  }
  throw new Error(
    `the API description ${file} is not in shared/git-host-apis beside the repository: looked at ${looked.join(', ')}`,
  );
}
