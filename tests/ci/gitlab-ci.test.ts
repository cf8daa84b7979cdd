// `monitors ci` on GitLab CI end to end: the built CLI as a process with the variables GitLab
// sets (https://docs.gitlab.com/ci/variables/predefined_variables/), against the simulator and
// the fake GitLab API (tests/helpers/fake-gitlab.ts). On a merge request pipeline, ONE note
// holds the plan, updated on every push and never stale; on a schedule, ONE issue is open
// while the live monitors drift, and closed once they do not; the report goes to files.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitlabJobVariables, startFakeGitLab, type FakeGitLab } from '../helpers/fake-gitlab.js';
import { runCli, type CliResult } from '../helpers/run-cli.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';

const EXAMPLE = fileURLToPath(new URL('../../examples/shop', import.meta.url));
const SECRETS = { SHOP_API_TOKEN: 'demo-shop-token-SENTINEL', SHOP_ADMIN_PASSWORD: 'demo-admin-password-SENTINEL' };
const PROJECT_TOKEN = 'glpat-project-token-SENTINEL';
const READ_TOKEN = 'glpat-reporter-read-only';
const JOB_TOKEN = 'glcbt-job-token-SENTINEL';
const MARKER = '<!-- monitors-plan:monitors -->';
const DRIFT_MARKER = '<!-- monitors-drift:monitors -->';

let sim: SimProcess;
let gitlab: FakeGitLab;
let workspace: string;

beforeAll(async () => {
  [sim, gitlab] = await Promise.all([
    startSimProcess(),
    startFakeGitLab({
      projectId: 42,
      projectPath: 'acme/monitors',
      mergeRequests: [7],
      tokens: { [PROJECT_TOKEN]: 'write', [READ_TOKEN]: 'read' },
    }),
  ]);
  workspace = mkdtempSync(join(tmpdir(), 'ci-gitlab-'));
  cpSync(EXAMPLE, join(workspace, 'monitors'), { recursive: true });
  // Notes of people and of GitLab itself, before the plan's.
  gitlab.notes
    .get(7)!
    .push(
      { id: 1, body: 'Looks good to me', system: false, author: { id: 3, username: 'alice' } },
      { id: 2, body: 'added 1 commit', system: true, author: { id: 3, username: 'alice' } },
    );
});

afterAll(async () => {
  await Promise.all([sim.stop(), gitlab.close()]);
  rmSync(workspace, { recursive: true, force: true });
});

/** The variables of a GitLab CI job of project acme/monitors (id 42). */
function gitlabEnv(kind: 'merge_request_event' | 'schedule' | 'push', extra: Record<string, string> = {}) {
  return {
    ...SECRETS,
    ...gitlabJobVariables(gitlab, kind),
    CI_JOB_TOKEN: JOB_TOKEN,
    MONITORS_API_URL: sim.baseUrl,
    MONITORS_API_TOKEN: sim.token,
    MONITORS_GITLAB_TOKEN: PROJECT_TOKEN,
    ...extra,
  };
}

const ci = (args: string[], env: Record<string, string>): Promise<CliResult> =>
  runCli(['ci', ...args], { cwd: workspace, env, timeoutMs: 120_000 });
const planNotes = () => gitlab.notes.get(7)!.filter((n) => n.body.startsWith(MARKER));
const report = (name: string) => readFileSync(join(workspace, 'monitors-ci', name), 'utf8');
const storefront = () => join(workspace, 'monitors', 'storefront.yaml');
const addMonitor = (name: string, extra = '') =>
  writeFileSync(
    storefront(),
    `${readFileSync(storefront(), 'utf8')}\n  - name: "${name}"\n    type: http\n    url: https://shop.example.com/${name.replace(/\W+/g, '-')}\n${extra}`,
  );
const noSecretIn = (text: string) => {
  for (const secret of [...Object.values(SECRETS), PROJECT_TOKEN, JOB_TOKEN, sim.token])
    expect(text).not.toContain(secret);
};

describe('monitors ci plan on a GitLab merge request pipeline', { timeout: 120_000 }, () => {
  it('posts ONE note holding the plan, then updates that same note on the next push', async () => {
    const first = await ci(['plan', 'monitors'], gitlabEnv('merge_request_event'));
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect(first.stdout).toMatch(
      /^monitors: plan note created \(.*\/acme\/monitors\/-\/merge_requests\/7#note_\d+\)\.$/m,
    );
    expect(planNotes()).toHaveLength(1);
    const id = planNotes()[0]!.id;
    expect(planNotes()[0]!.body).toMatch(
      /^<!-- monitors-plan:monitors -->\n#### monitors plan `monitors`\n\n\*\*Plan: 17 to create, 0 to update, 0 to delete\.\*\*/,
    );
    // The report files, for the job's artifacts: the same Markdown, the counts for the merge request widget, the outputs.
    expect(report('report.md')).toBe(planNotes()[0]!.body.slice(MARKER.length + 1));
    expect(JSON.parse(report('plan-report.json'))).toEqual({ create: 17, update: 0, delete: 0 });
    expect(report('outputs.env')).toBe('MONITORS_CHANGES=true\nMONITORS_EXIT_CODE=2\n');

    addMonitor('shop: careers page');
    const second = await ci(['plan', 'monitors'], gitlabEnv('merge_request_event'));
    expect(second.code, second.stdout + second.stderr).toBe(0);
    expect(second.stdout).toContain('monitors: plan note updated');
    expect(planNotes()).toHaveLength(1);
    expect(planNotes()[0]!.id).toBe(id);
    expect(planNotes()[0]!.body).toContain('shop: careers page');
    // The people's notes are untouched; the fake saw one note created, then that one updated.
    expect(
      gitlab.notes
        .get(7)!
        .slice(0, 2)
        .map((n) => n.body),
    ).toEqual(['Looks good to me', 'added 1 commit']);
    const writes = gitlab.requests.filter((r) => !r.startsWith('GET'));
    expect(writes).toEqual([
      'POST /api/v4/projects/42/merge_requests/7/notes',
      `PUT /api/v4/projects/42/merge_requests/7/notes/${id}`,
    ]);
    noSecretIn(planNotes()[0]!.body);
    noSecretIn(second.stdout + second.stderr + report('report.md'));
  });

  it('puts a failed plan in the note instead of leaving the old plan there, and fails the job', async () => {
    const before = readFileSync(storefront(), 'utf8');
    addMonitor('broken', '    retry_count: 99\n');
    try {
      const run = await ci(['plan', 'monitors'], gitlabEnv('merge_request_event'));
      expect(run.code).toBe(1);
      expect(planNotes()).toHaveLength(1);
      expect(planNotes()[0]!.body).toMatch(
        /^<!-- monitors-plan:monitors -->\n#### monitors plan `monitors`: failed \(exit 1\)/,
      );
      expect(planNotes()[0]!.body).toContain('retry_count');
      expect(planNotes()[0]!.body).not.toContain('**Plan:');
      expect(run.stdout).toContain('ERROR: monitors plan failed (exit 1); see the log above.');
      expect(existsSync(join(workspace, 'monitors-ci', 'plan-report.json'))).toBe(false); // no counts of an earlier plan
    } finally {
      writeFileSync(storefront(), before);
    }
  });

  it('fails the job with a clear message when the token cannot write notes, leaving the note as it was', async () => {
    const before = planNotes()[0]!.body;
    const run = await ci(['plan', 'monitors'], gitlabEnv('merge_request_event', { MONITORS_GITLAB_TOKEN: READ_TOKEN }));
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /^ERROR: The plan note was not posted: GitLab API PUT \/projects\/42\/merge_requests\/7\/notes\/\d+ failed: 403 Forbidden: 403 Forbidden \(the token in MONITORS_GITLAB_TOKEN may not do this: it needs the api scope and at least the Reporter role in the project\)\. The plan is in monitors-ci\/report\.md\.$/m,
    );
    expect(report('report.md')).toContain('**Plan:'); // the plan itself is still in the report
    expect(planNotes()[0]!.body).toBe(before);
  });

  it('says that CI_JOB_TOKEN cannot write notes and which variable to set, when no token is given', async () => {
    const withJobToken = await ci(
      ['plan', 'monitors'],
      gitlabEnv('merge_request_event', { MONITORS_GITLAB_TOKEN: '' }),
    );
    expect(withJobToken.code).toBe(1);
    expect(withJobToken.stdout).toContain(
      'ERROR: The plan note was not posted: No MONITORS_GITLAB_TOKEN: the plan note cannot be written. CI_JOB_TOKEN cannot write notes or issues through the API',
    );
    // The job token itself is refused by the API (401), and never printed.
    const job = await ci(['plan', 'monitors'], gitlabEnv('merge_request_event', { MONITORS_GITLAB_TOKEN: JOB_TOKEN }));
    expect(job.code).toBe(1);
    expect(job.stdout).toMatch(
      /failed: 401 Unauthorized: 401 Unauthorized \(MONITORS_GITLAB_TOKEN is not a valid token/,
    );
    noSecretIn(job.stdout + job.stderr);
    // --no-comment plans without a note.
    const quiet = await ci(
      ['plan', 'monitors', '--no-comment'],
      gitlabEnv('merge_request_event', { MONITORS_GITLAB_TOKEN: '' }),
    );
    expect(quiet.code, quiet.stdout + quiet.stderr).toBe(0);
  });

  it('posts no note outside a merge request pipeline', async () => {
    const notes = gitlab.notes.get(7)!.length;
    const run = await ci(['plan', 'monitors'], gitlabEnv('push'));
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('monitors: not a merge request pipeline; no plan note.');
    expect(gitlab.notes.get(7)!.length).toBe(notes);
  });
});

describe('monitors ci drift on a GitLab schedule', { timeout: 120_000 }, () => {
  const openIssues = () => [...gitlab.issues.values()].filter((i) => i.state === 'opened');

  it('opens ONE labelled issue while the live monitors drift, updates it, and closes it once they do not', async () => {
    const drifting = await ci(['drift', 'monitors'], gitlabEnv('schedule'));
    expect(drifting.code, drifting.stdout + drifting.stderr).toBe(0);
    expect(drifting.stdout).toMatch(/^monitors: drift issue #1 opened \(.*\/acme\/monitors\/-\/issues\/1\)\.$/m);
    expect(openIssues()).toHaveLength(1);
    const issue = openIssues()[0]!;
    expect(issue.title).toBe('Monitors drift: the live monitors differ from monitors');
    expect(issue.labels).toEqual(['monitors-drift']);
    expect(issue.description).toMatch(
      new RegExp(`^${DRIFT_MARKER}\\n### Drift: the live monitors differ from \`monitors\``),
    );
    expect(issue.description).toContain(`([pipeline](${gitlab.serverUrl}/acme/monitors/-/pipelines/1001))`);
    expect(issue.description).toContain('**Plan: 18 to create, 0 to update, 0 to delete.**');
    expect(report('outputs.env')).toContain('MONITORS_DRIFT_ISSUE=1\n');
    noSecretIn(issue.description ?? '');

    const again = await ci(['drift', 'monitors'], gitlabEnv('schedule'));
    expect(again.stdout).toContain('monitors: drift issue #1 updated');
    expect(gitlab.issues.size).toBe(1);

    const applied = await runCli(['apply', 'monitors', '--yes'], { cwd: workspace, env: gitlabEnv('push') });
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    const settled = await ci(['drift', 'monitors'], gitlabEnv('schedule'));
    expect(settled.code, settled.stdout + settled.stderr).toBe(0);
    expect(settled.stdout).toContain('monitors: drift issue #1 closed');
    expect(openIssues()).toHaveLength(0);
    expect(gitlab.issues.get(1)!.notes.map((n) => n.body)).toEqual([
      expect.stringMatching(
        /^No drift any more: the scheduled check on .* found the live monitors equal to `monitors`\. Closing\.$/,
      ),
    ]);
    const issueWrites = gitlab.requests.filter((r) => !r.startsWith('GET') && r.includes('/issues'));
    expect(issueWrites).toEqual([
      'POST /api/v4/projects/42/issues',
      'PUT /api/v4/projects/42/issues/1',
      'POST /api/v4/projects/42/issues/1/notes',
      'PUT /api/v4/projects/42/issues/1',
    ]);
    const quiet = await ci(['drift', 'monitors'], gitlabEnv('schedule'));
    expect(quiet.stdout).toContain('monitors: no drift, and no drift issue open.');
  });

  it('fails the job when the token cannot write the issue, so drift never hides behind a green job', async () => {
    addMonitor('shop: work');
    const run = await ci(['drift', 'monitors'], gitlabEnv('schedule', { MONITORS_GITLAB_TOKEN: READ_TOKEN }));
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /^ERROR: The drift issue could not be opened or updated: GitLab API POST \/projects\/42\/issues failed: 403 Forbidden/m,
    );
    expect(report('report.md')).toContain('shop: work');
  });
});
