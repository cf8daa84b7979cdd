// Real git in a temp folder: a bare repository as "origin" and checkouts of it, made with
// init + remote add + fetch (a clone of an empty repository prints a warning). Git runs
// with no global or system config, so nothing of the machine's setup leaks in. It stands in
// for the user's repository and its remote (GitHub, GitLab) for the lock branch
// (src/lock-branch/); it follows git itself (https://git-scm.com/docs), not a spec of ours.
// For a remote over HTTP with GitLab's token rules, see git-http-server.ts.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const GIT_TEST_ENV = {
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
  LC_ALL: 'C',
};

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: cwd, ...GIT_TEST_ENV },
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();
}

/** A bare repository at root/origin.git whose main holds `files` (path -> text). */
export function makeOrigin(root: string, files: Record<string, string>): string {
  const origin = join(root, 'origin.git');
  git(root, 'init', '-q', '--bare', '-b', 'main', origin);
  const seed = checkout(root, 'seed', origin);
  commitFiles(seed, files, 'monitors as code');
  git(seed, 'push', '-q', 'origin', 'HEAD:main');
  return origin;
}

/** A checkout of origin's main at root/name (shallow: only its tip, as actions/checkout makes one). */
export function checkout(root: string, name: string, origin: string, options: { shallow?: boolean } = {}): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'remote', 'add', 'origin', options.shallow ? `file://${origin}` : origin);
  git(dir, 'fetch', '-q', ...(options.shallow ? ['--depth=1'] : []), 'origin');
  if (git(dir, 'ls-remote', 'origin', 'refs/heads/main') !== '')
    git(dir, 'checkout', '-q', '-B', 'main', 'origin/main');
  return dir;
}

export function commitFiles(dir: string, files: Record<string, string>, message: string): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', message);
}

/** Installs a server-side hook in the bare repository (a shell script). */
export function installHook(origin: string, name: 'pre-receive' | 'update', script: string): void {
  const path = join(origin, 'hooks', name);
  writeFileSync(path, `#!/bin/sh\n${script}\n`);
  chmodSync(path, 0o755);
}

/** The file at `path` on `ref` of the repository, or undefined. */
export function showFile(repo: string, ref: string, path: string): string | undefined {
  try {
    return execFileSync('git', ['show', `${ref}:${path}`], {
      cwd: repo,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', ...GIT_TEST_ENV },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return undefined;
  }
}

export const refExists = (repo: string, ref: string) => {
  try {
    git(repo, 'rev-parse', '--verify', '--quiet', ref);
    return true;
  } catch {
    return false;
  }
};
