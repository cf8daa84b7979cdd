// The lock branch as git sees it: fetch its tip, read a file at a commit, make a commit on
// top of it, push. None of this touches the working tree, the index, HEAD or any local
// branch: the job's checkout (of main) stays exactly as it was. Commits are built with a
// temporary index (read-tree, update-index, write-tree, commit-tree).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MonitorsError } from '../errors.js';
import { gitMessage, gitOrFail, runGit, type GitOptions } from './git.js';

export interface LockBranchRepo {
  /** The working tree's top folder (lock paths on the branch are relative to it). */
  root: string;
  remote: string;
  branch: string;
  /** Where fetched tips are kept: the usual remote-tracking ref. */
  trackingRef: string;
}

const FETCH_FAILED = 'LOCK_BRANCH_FETCH_FAILED';

/** Checks that cwd is in a git working tree with this remote, and that the branch name is valid. */
export async function openLockBranchRepo(cwd: string, remote: string, branch: string): Promise<LockBranchRepo> {
  const git = (args: string[], what: string, hint: string) =>
    gitOrFail(args, { cwd, code: 'LOCK_BRANCH_GIT', what, hint });
  const check = await runGit(['check-ref-format', '--branch', branch], { cwd });
  if (check.code !== 0) throw new MonitorsError('BAD_OPTION', `--lock-branch "${branch}" is not a valid branch name`);
  const root = await git(
    ['rev-parse', '--show-toplevel'],
    `--lock-branch needs a git working tree, and ${cwd} is not in one`,
    'Run it in a clone of the repository that holds your monitors (in CI: after actions/checkout).',
  );
  await git(
    ['remote', 'get-url', remote],
    `--lock-branch pushes to the remote "${remote}", which this repository does not have`,
    'Check `git remote -v`; the remote is set with --lock-remote (default origin).',
  );
  return { root, remote, branch, trackingRef: `refs/remotes/${remote}/${branch}` };
}

/**
 * Fetches the branch and returns its tip, or undefined when the remote has no such branch
 * (yet). In a shallow clone (CI checkouts are) only the tip is fetched; a full clone is
 * not made shallow.
 */
export async function fetchTip(repo: LockBranchRepo): Promise<string | undefined> {
  const shallow = (await runGit(['rev-parse', '--is-shallow-repository'], { cwd: repo.root })).stdout.trim() === 'true';
  const fetched = await runGit(
    [
      'fetch',
      '--quiet',
      '--no-tags',
      ...(shallow ? ['--depth=1'] : []),
      repo.remote,
      `+refs/heads/${repo.branch}:${repo.trackingRef}`,
    ],
    { cwd: repo.root },
  );
  if (fetched.code === 0)
    return gitOrFail(['rev-parse', '--verify', `${repo.trackingRef}^{commit}`], {
      cwd: repo.root,
      code: FETCH_FAILED,
      what: `cannot read ${repo.trackingRef}`,
    });
  // `ls-remote --exit-code` tells "no such branch" (2) apart from "cannot reach the remote".
  const listed = await runGit(['ls-remote', '--exit-code', '--heads', repo.remote, `refs/heads/${repo.branch}`], {
    cwd: repo.root,
  });
  if (listed.code === 2) return undefined;
  throw new MonitorsError(
    FETCH_FAILED,
    `cannot fetch the lock branch ${repo.branch} from ${repo.remote}: ${gitMessage(fetched)}`,
    {
      hint: 'Check that the job may read the repository (in GitHub Actions: actions/checkout ran, `permissions: contents: read` or more).',
    },
  );
}

/** The text of `path` at `commit`, or undefined when the commit has no such file. */
export async function fileAt(repo: LockBranchRepo, commit: string, path: string): Promise<string | undefined> {
  const opts = { cwd: repo.root, code: FETCH_FAILED, what: `cannot read ${path} on the lock branch ${repo.branch}` };
  const entry = await gitOrFail(['ls-tree', '-z', '--full-tree', commit, '--', path], opts);
  if (entry === '') return undefined;
  const [meta] = entry.split('\t');
  const [, type, object] = (meta ?? '').split(' ');
  if (type !== 'blob' || !object)
    throw new MonitorsError(FETCH_FAILED, `${path} on the lock branch ${repo.branch} is not a file`);
  const blob = await runGit(['cat-file', 'blob', object], { cwd: repo.root });
  if (blob.code !== 0) throw new MonitorsError(FETCH_FAILED, `${opts.what}: ${gitMessage(blob)}`);
  return blob.stdout;
}

export interface FileToCommit {
  path: string;
  text: string;
}

/**
 * A commit holding `parent`'s files with these replaced or added (no parent: an orphan
 * commit holding only these, which starts the branch). Returns its id.
 */
export async function commitFiles(
  repo: LockBranchRepo,
  parent: string | undefined,
  files: readonly FileToCommit[],
  message: string,
): Promise<string> {
  const scratch = await mkdtemp(join(tmpdir(), 'monitors-lock-branch-'));
  try {
    const env = { GIT_INDEX_FILE: join(scratch, 'index'), ...(await fallbackIdentity(repo.root)) };
    const opts: GitOptions & { code: string; what: string } = {
      cwd: repo.root,
      env,
      code: 'LOCK_BRANCH_GIT',
      what: 'cannot make the lock branch commit',
    };
    await gitOrFail(parent ? ['read-tree', parent] : ['read-tree', '--empty'], opts);
    for (const file of files) {
      // --no-filters: the bytes as written, whatever .gitattributes says about line endings.
      const blob = await gitOrFail(['hash-object', '-w', '--no-filters', '--stdin'], { ...opts, input: file.text });
      await gitOrFail(['update-index', '--add', '--cacheinfo', `100644,${blob},${file.path}`], opts);
    }
    const tree = await gitOrFail(['write-tree'], opts);
    return await gitOrFail(['commit-tree', tree, ...(parent ? ['-p', parent] : []), '-m', message], opts);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

export type PushOutcome = { ok: true } | { ok: false; message: string };

/** Pushes `commit` as the branch's new tip; git refuses unless it descends from the current tip. */
export async function pushCommit(repo: LockBranchRepo, commit: string): Promise<PushOutcome> {
  const pushed = await runGit(
    ['push', '--porcelain', '--no-verify', repo.remote, `${commit}:refs/heads/${repo.branch}`],
    { cwd: repo.root },
  );
  return pushed.code === 0 ? { ok: true } : { ok: false, message: pushMessage(pushed.stdout, pushed.stderr) };
}

/** The tip the remote has now (no fetch of objects), or undefined without the branch. */
export async function remoteTip(repo: LockBranchRepo): Promise<string | undefined> {
  const listed = await runGit(['ls-remote', '--exit-code', '--heads', repo.remote, `refs/heads/${repo.branch}`], {
    cwd: repo.root,
  });
  if (listed.code === 2) return undefined;
  if (listed.code !== 0)
    throw new MonitorsError(
      FETCH_FAILED,
      `cannot read the lock branch ${repo.branch} on ${repo.remote}: ${gitMessage(listed)}`,
    );
  return listed.stdout.split(/\s/)[0];
}

/** The refusal as git reports it: the reason on the porcelain status line, then the remote's own words. */
function pushMessage(stdout: string, stderr: string): string {
  const status = stdout.split('\n').find((line) => line.startsWith('!'));
  const summary = status?.split('\t')[2]?.trim();
  const reason = /\(([^)]*)\)\s*$/.exec(summary ?? '')?.[1] ?? summary; // "[remote rejected] (pre-receive hook declined)"
  const remote = stderr
    .split('\n')
    .filter((line) => /^remote: \S/.test(line))
    .map((line) => line.slice('remote: '.length));
  const lines = [reason, ...remote].filter((line): line is string => Boolean(line));
  return gitMessage({ code: 1, stdout: '', stderr: lines.length > 0 ? lines.join('\n') : stderr });
}

/** Git cannot commit without a name and email; a CI runner often has none configured. */
async function fallbackIdentity(cwd: string): Promise<Record<string, string>> {
  const known = await runGit(['var', 'GIT_COMMITTER_IDENT'], { cwd });
  if (known.code === 0) return {};
  return {
    GIT_AUTHOR_NAME: 'monitors',
    GIT_AUTHOR_EMAIL: 'monitors@localhost',
    GIT_COMMITTER_NAME: 'monitors',
    GIT_COMMITTER_EMAIL: 'monitors@localhost',
  };
}
