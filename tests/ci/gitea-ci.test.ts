// `monitors ci` on Gitea and Forgejo Actions end to end: the built CLI as a process with the
// variables their runners set (GITEA_ACTIONS / FORGEJO_ACTIONS beside the GitHub-compatible
// GITHUB_* and the event file), against the simulator and the fake Gitea API
// (tests/helpers/fake-gitea.ts, which checks every body against Gitea's swagger). On a pull
// request ONE comment holds the plan, edited on every push, and the plan's summary is a
// commit status on the head commit; on a schedule ONE issue is open while the live monitors
// drift, and closed once they do not.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from '../check/servers/loopback.js';
import { startFakeGitea, type FakeGitea } from '../helpers/fake-gitea.js';
import { runCli, type CliResult } from '../helpers/run-cli.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';

const EXAMPLE = fileURLToPath(new URL('../../examples/shop', import.meta.url));
const SECRETS = { SHOP_API_TOKEN: 'demo-shop-token-SENTINEL', SHOP_ADMIN_PASSWORD: 'demo-admin-password-SENTINEL' };
const JOB_TOKEN = 'gitea-job-token-SENTINEL';
const READ_TOKEN = 'gitea-fork-token-read-only';
const HEAD = 'a'.repeat(40);
const MAIN = 'b'.repeat(40);
const MARKER = '<!-- monitors-plan:monitors -->';

let sim: SimProcess;
let gitea: FakeGitea;
let workspace: string;
let events: string;

beforeAll(async () => {
  [sim, gitea] = await Promise.all([
    startSimProcess(),
    startFakeGitea({
      repo: 'acme/monitors',
      pullRequests: [7],
      tokens: { [JOB_TOKEN]: 'write', [READ_TOKEN]: 'read' },
      labels: ['bug', 'monitors-drift'],
    }),
  ]);
  workspace = mkdtempSync(join(tmpdir(), 'ci-gitea-'));
  events = mkdtempSync(join(tmpdir(), 'ci-gitea-events-'));
  cpSync(EXAMPLE, join(workspace, 'monitors'), { recursive: true });
  writeFileSync(
    join(events, 'pr.json'),
    JSON.stringify({ action: 'synchronized', number: 7, pull_request: { number: 7, head: { sha: HEAD } } }),
  );
  writeFileSync(join(events, 'schedule.json'), JSON.stringify({ schedule: '17 6 * * *' }));
  gitea.issues.get(7)!.comments.push({ id: 1, body: 'Looks good to me', user: 'alice' });
});

afterAll(async () => {
  await Promise.all([sim.stop(), gitea.close()]);
  rmSync(workspace, { recursive: true, force: true });
  rmSync(events, { recursive: true, force: true });
});

/** The variables of a Gitea Actions job (GitHub-compatible names; the job token mapped by the workflow). */
function giteaEnv(event: 'pull_request' | 'schedule', extra: Record<string, string> = {}) {
  return {
    ...SECRETS,
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITEA_ACTIONS: 'true',
    GITHUB_SERVER_URL: gitea.serverUrl,
    GITHUB_API_URL: `${gitea.serverUrl}/api/v1`,
    GITHUB_REPOSITORY: 'acme/monitors',
    GITHUB_EVENT_NAME: event,
    GITHUB_EVENT_PATH: join(events, event === 'pull_request' ? 'pr.json' : 'schedule.json'),
    GITHUB_SHA: event === 'pull_request' ? 'c'.repeat(40) : MAIN,
    GITHUB_RUN_NUMBER: '12',
    GITEA_TOKEN: JOB_TOKEN,
    MONITORS_API_URL: sim.baseUrl,
    MONITORS_API_TOKEN: sim.token,
    ...extra,
  };
}

const ci = (args: string[], env: Record<string, string>): Promise<CliResult> =>
  runCli(['ci', ...args], { cwd: workspace, env, timeoutMs: 120_000 });
const planComments = () => gitea.issues.get(7)!.comments.filter((c) => c.body.startsWith(MARKER));
const storefront = () => join(workspace, 'monitors', 'storefront.yaml');
const addMonitor = (name: string) =>
  writeFileSync(
    storefront(),
    `${readFileSync(storefront(), 'utf8')}\n  - name: "${name}"\n    type: http\n    url: https://shop.example.com/${name.replace(/\W+/g, '-')}\n`,
  );
const noSecretIn = (text: string) => {
  for (const secret of [...Object.values(SECRETS), JOB_TOKEN, sim.token]) expect(text).not.toContain(secret);
};

describe('monitors ci plan on a Gitea or Forgejo pull request', { timeout: 120_000 }, () => {
  it('posts ONE comment, edits it on the next push (Forgejo too), and sets the status on the head commit', async () => {
    const first = await ci(['plan', 'monitors'], giteaEnv('pull_request'));
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect(first.stdout).toMatch(
      /^monitors: plan comment created \(http:\/\/127\.0\.0\.1:\d+\/acme\/monitors\/pulls\/7#issuecomment-\d+\)\.$/m,
    );
    expect(planComments()).toHaveLength(1);
    const id = planComments()[0]!.id;
    expect(planComments()[0]!.body).toMatch(
      /^<!-- monitors-plan:monitors -->\n#### monitors plan `monitors`\n\n\*\*Plan: 17 to create, 0 to update, 0 to delete\.\*\*/,
    );
    expect(gitea.statuses.get(HEAD)).toEqual([
      {
        state: 'success',
        context: 'monitors/plan (monitors)',
        description: 'Plan: 17 to create, 0 to update, 0 to delete.',
        target_url: `${gitea.serverUrl}/acme/monitors/actions/runs/12`,
      },
    ]);

    // The next push, on Forgejo: its runner sets FORGEJO_ACTIONS as well as GITEA_ACTIONS, and its token is FORGEJO_TOKEN.
    addMonitor('shop: careers page');
    const second = await ci(
      ['plan', 'monitors'],
      giteaEnv('pull_request', {
        FORGEJO_ACTIONS: 'true',
        GITEA_TOKEN: '',
        FORGEJO_TOKEN: JOB_TOKEN,
        FORGEJO_SERVER_URL: gitea.serverUrl,
      }),
    );
    expect(second.code, second.stdout + second.stderr).toBe(0);
    expect(second.stdout).toContain('monitors: plan comment updated');
    expect(planComments()).toHaveLength(1);
    expect(planComments()[0]!.id).toBe(id);
    expect(planComments()[0]!.body).toContain('shop: careers page');
    expect(gitea.issues.get(7)!.comments[0]!.body).toBe('Looks good to me');
    expect(gitea.requests.filter((r) => !r.startsWith('GET'))).toEqual([
      'POST /api/v1/repos/acme/monitors/issues/7/comments',
      `POST /api/v1/repos/acme/monitors/statuses/${HEAD}`,
      `PATCH /api/v1/repos/acme/monitors/issues/comments/${id}`,
      `POST /api/v1/repos/acme/monitors/statuses/${HEAD}`,
    ]);
    expect(gitea.statuses.get(HEAD)![1]!.description).toBe('Plan: 18 to create, 0 to update, 0 to delete.');
    expect(gitea.invalidBodies).toEqual([]);
    noSecretIn(planComments()[0]!.body + first.stdout + first.stderr + second.stdout + second.stderr);
  });

  it('says which variable and which permission when the token is refused, and never prints it', async () => {
    const refused = await ci(['plan', 'monitors'], giteaEnv('pull_request', { GITEA_TOKEN: 'expired-SENTINEL' }));
    expect(refused.code, refused.stdout + refused.stderr).toBe(0); // a comment is no reason to fail the plan
    expect(refused.stdout).toMatch(
      /^::warning::The plan comment was not posted: Gitea API GET \/repos\/acme\/monitors\/issues\/7\/comments failed: 401 Unauthorized: user does not exist \[uid: 0, name: \] \(Gitea did not accept the token in GITEA_TOKEN: expired, revoked, or not a token of this server; a valid token needs `permissions: pull-requests: write`\)\. The plan is in monitors-ci\/report\.md\.$/m,
    );
    const readOnly = await ci(['plan', 'monitors'], giteaEnv('pull_request', { GITEA_TOKEN: READ_TOKEN }));
    expect(readOnly.stdout).toMatch(
      /failed: 403 Forbidden: user should have a permission to write to a repo \(the token in GITEA_TOKEN may not do this: the job needs `permissions: pull-requests: write`/,
    );
    expect(readOnly.stdout).toMatch(/^::warning::The commit status was not set: .*`permissions: contents: write`/m);
    expect(refused.stdout + refused.stderr + readOnly.stdout).not.toContain('SENTINEL');
  });

  it('takes the API base and the token from MONITORS_CI_API_URL and MONITORS_CI_TOKEN', async () => {
    const run = await ci(
      ['plan', 'monitors'],
      giteaEnv('pull_request', {
        GITHUB_SERVER_URL: `http://127.0.0.1:${await closedPort()}`,
        GITEA_TOKEN: 'expired-SENTINEL',
        MONITORS_CI_API_URL: `${gitea.serverUrl}/api/v1/`,
        MONITORS_CI_TOKEN: JOB_TOKEN,
      }),
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('monitors: plan comment updated');
    expect(run.stdout).toMatch(
      /^monitors: commit status monitors\/plan \(monitors\) set to success on aaaaaaaaaaaa\.$/m,
    );
    expect(planComments()).toHaveLength(1);
    noSecretIn(run.stdout + run.stderr);
  });
});

describe('monitors ci drift on a Gitea schedule', { timeout: 120_000 }, () => {
  const openIssues = () => [...gitea.issues.values()].filter((i) => !i.isPull && i.state === 'open');

  it('opens ONE labelled issue while the live monitors drift, updates it, and closes it once they do not', async () => {
    const seen = gitea.requests.length;
    const drifting = await ci(['drift', 'monitors'], giteaEnv('schedule'));
    expect(drifting.code, drifting.stdout + drifting.stderr).toBe(0);
    expect(drifting.stdout).toMatch(
      /^monitors: drift issue #8 opened \(http:\/\/127\.0\.0\.1:\d+\/acme\/monitors\/issues\/8\)\.$/m,
    );
    expect(openIssues()).toHaveLength(1);
    expect(openIssues()[0]!.labels).toEqual(['monitors-drift']);
    expect(openIssues()[0]!.body).toMatch(
      /^<!-- monitors-drift:monitors -->\n### Drift: the live monitors differ from `monitors`/,
    );
    expect(openIssues()[0]!.body).toContain(`([workflow run](${gitea.serverUrl}/acme/monitors/actions/runs/12))`);
    expect(gitea.statuses.get(MAIN)!.at(-1)).toMatchObject({
      state: 'failure',
      context: 'monitors/drift (monitors)',
      description: 'Drift: Plan: 18 to create, 0 to update, 0 to delete.',
    });

    const again = await ci(['drift', 'monitors'], giteaEnv('schedule'));
    expect(again.stdout).toContain('monitors: drift issue #8 updated');

    const applied = await runCli(['apply', 'monitors', '--yes'], { cwd: workspace, env: giteaEnv('schedule') });
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    const settled = await ci(['drift', 'monitors'], giteaEnv('schedule'));
    expect(settled.code, settled.stdout + settled.stderr).toBe(0);
    expect(settled.stdout).toContain('monitors: drift issue #8 closed');
    expect(openIssues()).toHaveLength(0);
    expect(gitea.issues.get(8)!.comments.map((c) => c.body)).toEqual([
      expect.stringMatching(/^No drift any more: .*Closing\.$/),
    ]);
    expect(gitea.statuses.get(MAIN)!.at(-1)).toMatchObject({ state: 'success', description: 'No drift.' });
    expect(gitea.requests.slice(seen).filter((r) => !r.startsWith('GET') && r.includes('/issues'))).toEqual([
      'POST /api/v1/repos/acme/monitors/issues',
      'PATCH /api/v1/repos/acme/monitors/issues/8',
      'POST /api/v1/repos/acme/monitors/issues/8/comments',
      'PATCH /api/v1/repos/acme/monitors/issues/8',
    ]);
    expect(gitea.invalidBodies).toEqual([]);
  });

  it('with the issues off, fails the drift run with exit 2 and says where the plan is', async () => {
    addMonitor('shop: work');
    gitea.setHasIssues(false);
    try {
      const run = await ci(['drift', 'monitors'], giteaEnv('schedule'));
      expect(run.code).toBe(2);
      expect(run.stdout).toContain(
        "::error::The live monitors drift from monitors. The repository's issues are off, so no issue holds it: the plan is in monitors-ci/report.md (exit 2).",
      );
      expect(readFileSync(join(workspace, 'monitors-ci', 'report.md'), 'utf8')).toContain('shop: work');
    } finally {
      gitea.setHasIssues(true);
    }
  });
});
