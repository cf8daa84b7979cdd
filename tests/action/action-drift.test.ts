// The action's drift command end to end, as a scheduled workflow runs it: the built CLI
// plans against the simulator; drift opens ONE issue holding the plan, a later run with
// drift updates that issue, and the first run without drift closes it with a comment.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';
import { eventEnv, runActionProcess } from './action-process.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.js';

const REPO = 'acme/monitors-config';
const EXAMPLE = fileURLToPath(new URL('../../examples/shop', import.meta.url));
const SECRETS = { SHOP_API_TOKEN: 'demo-shop-token', SHOP_ADMIN_PASSWORD: 'demo-admin-password' };
const MARKER = '<!-- monitors-drift:monitors -->';

let sim: SimProcess;
let github: FakeGitHub;
let workspace: string;
let env: Record<string, string>;

const inputs = () => ({ command: 'drift', path: 'monitors', 'api-url': sim.baseUrl, 'github-token': 'ghs_fake' });
const outputs = () => readFileSync(env.GITHUB_OUTPUT!, 'utf8');
const openIssues = () => [...github.issues.values()].filter((i) => i.state === 'open' && !i.pull_request);
const storefront = () => join(workspace, 'monitors', 'storefront.yaml');

beforeAll(async () => {
  [sim, github] = await Promise.all([startSimProcess(), startFakeGitHub(REPO)]);
  workspace = mkdtempSync(join(tmpdir(), 'action-drift-'));
  cpSync(EXAMPLE, join(workspace, 'monitors'), { recursive: true });
  env = {
    ...SECRETS,
    ...eventEnv(workspace, github.apiUrl, REPO, { schedule: '17 6 * * *' }),
    GITHUB_SERVER_URL: 'https://github.test',
    GITHUB_RUN_ID: '4242',
    MONITORS_API_TOKEN: sim.token,
  };
  // Issues that are not the drift issue: an unrelated one, and a pull request quoting the marker.
  github.issues.set(1, {
    number: 1,
    title: 'Unrelated',
    body: 'hello',
    state: 'open',
    state_reason: null,
    labels: [{ name: 'monitors-drift' }],
    html_url: 'x',
  });
  github.issues.set(2, {
    number: 2,
    title: 'A PR',
    body: `${MARKER}\nquoted`,
    state: 'open',
    state_reason: null,
    labels: [],
    html_url: 'y',
    pull_request: { url: 'z' },
  });
});

afterAll(async () => {
  await Promise.all([sim.stop(), github.close()]);
  rmSync(workspace, { recursive: true, force: true });
});

// Each test runs the CLI as a process several times: minutes on a loaded machine.
describe('the action running drift on a schedule', { timeout: 120_000 }, () => {
  it('opens one labelled issue holding the plan when the live monitors differ from the YAML', async () => {
    const run = await runActionProcess(inputs(), env);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /^monitors: drift issue #100 opened \(https:\/\/github\.test\/acme\/monitors-config\/issues\/100\)\.$/m,
    );
    expect(outputs()).toBe('changes=true\nexit-code=2\nissue=100\n');
    expect(openIssues().map((i) => i.number)).toEqual([1, 100]);
    const issue = github.issues.get(100);
    expect(issue).toMatchObject({
      title: 'Monitors drift: the live monitors differ from monitors',
      labels: [{ name: 'monitors-drift' }],
    });
    expect(issue!.body).toMatch(
      /^<!-- monitors-drift:monitors -->\n### Drift: the live monitors differ from `monitors`\n\nThe scheduled drift check on \S+ \(\[workflow run\]\(https:\/\/github\.test\/acme\/monitors-config\/actions\/runs\/4242\)\)/,
    );
    expect(issue!.body).toMatch(/\*\*Plan: \d+ to create, 0 to update, 0 to delete\.\*\*/);
    expect(readFileSync(env.GITHUB_STEP_SUMMARY!, 'utf8')).toMatch(/^#### monitors drift `monitors`\n\n\*\*Plan: /);
    for (const secret of [...Object.values(SECRETS), sim.token, 'ghs_fake']) expect(issue!.body).not.toContain(secret);
  });

  it('updates that issue on the next run with drift, even when its label was dropped, never opening a second one', async () => {
    github.issues.get(100)!.labels = []; // GitHub drops labels the token may not set
    writeFileSync(
      storefront(),
      `${readFileSync(storefront(), 'utf8')}\n  - name: "shop: careers page"\n    type: http\n    url: https://shop.example.com/careers\n`,
    );
    writeFileSync(env.GITHUB_OUTPUT!, '');
    const run = await runActionProcess(inputs(), env);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('monitors: drift issue #100 updated');
    expect(outputs()).toBe('changes=true\nexit-code=2\nissue=100\n');
    expect(openIssues().map((i) => i.number)).toEqual([1, 100]);
    expect(github.issues.get(100)!.body).toContain('shop: careers page');
    expect(github.issues.get(2)!.body).toBe(`${MARKER}\nquoted`);
  });

  it('closes the issue with a comment once a run finds no drift, and then touches nothing', async () => {
    const apply = await runCli(['apply', 'monitors', '--yes'], {
      cwd: workspace,
      env: { ...SECRETS, MONITORS_API_URL: sim.baseUrl, MONITORS_API_TOKEN: sim.token },
    });
    expect(apply.code, apply.stdout + apply.stderr).toBe(0);
    writeFileSync(env.GITHUB_OUTPUT!, '');
    const run = await runActionProcess(inputs(), env);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('monitors: drift issue #100 closed');
    expect(outputs()).toBe('changes=false\nexit-code=0\nissue=100\n');
    expect(github.issues.get(100)).toMatchObject({ state: 'closed', state_reason: 'completed' });
    expect(github.comments.get(100)!.map((c) => c.body)).toEqual([
      expect.stringMatching(
        /^No drift any more: the scheduled check on \S+ \(\[workflow run\]\(https:\/\/github\.test\/acme\/monitors-config\/actions\/runs\/4242\)\) found the live monitors equal to `monitors`\. Closing\.$/,
      ),
    ]);

    const requestsBefore = github.requests.length;
    const quiet = await runActionProcess(inputs(), env);
    expect(quiet.code).toBe(0);
    expect(quiet.stdout).toContain('monitors: no drift, and no drift issue open.');
    expect(github.requests.slice(requestsBefore).every((r) => r.startsWith('GET '))).toBe(true);
  });

  it('opens a new issue when drift comes back after the old one was closed', async () => {
    writeFileSync(
      storefront(),
      readFileSync(storefront(), 'utf8').replace('https://shop.example.com/careers', 'https://shop.example.com/jobs'),
    );
    const run = await runActionProcess(inputs(), env);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('monitors: drift issue #101 opened');
    expect(github.issues.get(101)!.body).toMatch(/\*\*Plan: 0 to create, 1 to update, 0 to delete\.\*\*/);
  });

  it('fails the step when the token cannot write issues, so drift never hides behind a green run', async () => {
    writeFileSync(
      storefront(),
      readFileSync(storefront(), 'utf8').replace('https://shop.example.com/jobs', 'https://shop.example.com/work'),
    );
    github.readOnly = true;
    try {
      const run = await runActionProcess(inputs(), env);
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(
        /^::error::The drift issue could not be opened or updated: GitHub API PATCH \/repos\/acme\/monitors-config\/issues\/101 failed: 403 Forbidden: Resource not accessible by integration \(does the job grant `permissions: issues: write`\?\)\. The plan is in the job summary; the job needs `permissions: issues: write`\.$/m,
      );
      expect(readFileSync(env.GITHUB_STEP_SUMMARY!, 'utf8')).toContain('shop.example.com/work');
    } finally {
      github.readOnly = false;
    }
  });

  it('leaves the issue alone and fails when the plan itself fails', async () => {
    const before = github.issues.get(101)!.body;
    const run = await runActionProcess(inputs(), { ...env, MONITORS_API_TOKEN: 'not-a-valid-token-0000' });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('::error::monitors drift failed (exit 1)');
    expect(github.issues.get(101)!.body).toBe(before);
  });
});
