// The action with environments and the commands of issue 16, end to end: a plan of every
// environment with `check: true` carries each environment's check in its section of the
// one comment; drift plans every environment into ONE issue, opened while any environment
// drifts and closed when none does. Two simulators, a loopback web server, a fake GitHub.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort, startHttp, type HttpServer } from '../check/servers/loopback.js';
import { runCli } from '../helpers/run-cli.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';
import { eventEnv, pullRequestEnv, runActionProcess } from './action-process.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.js';

const REPO = 'acme/monitors-config';

let staging: SimProcess;
let production: SimProcess;
let github: FakeGitHub;
let web: HttpServer;
let noDns: number;
let workspace: string;

// The same monitors in both environments; production's cart path is one the web server answers 404.
const settings = () => `settings:
  environments:
    staging:
      api_url: \${env:STAGING_API_URL}
      token_env: MONITORS_STAGING_TOKEN
      lock_file: locks/staging.lock.json
      vars: { cart: /cart }
    production:
      api_url: \${env:PRODUCTION_API_URL}
      token_env: MONITORS_PRODUCTION_TOKEN
      lock_file: locks/production.lock.json
      vars: { cart: /gone }
`;
const shop = (extra = '') => `${E2E_DEFAULTS}monitors:
  - name: "shop: \${each.page}"
    url: http://shop.example.com:${web.port}\${each.path}
    for_each:
      - { page: home, path: / }
      - { page: cart, path: "\${var.cart}" }
${extra}`;

const tokens = () => ({
  STAGING_API_URL: staging.baseUrl,
  PRODUCTION_API_URL: production.baseUrl,
  MONITORS_STAGING_TOKEN: staging.token,
  MONITORS_PRODUCTION_TOKEN: production.token,
});
const outputs = () => readFileSync(join(workspace, 'output.txt'), 'utf8');

beforeAll(async () => {
  [staging, production, github, web, noDns] = await Promise.all([
    startSimProcess(),
    startSimProcess(),
    startFakeGitHub(REPO),
    startHttp((req, res) => void res.writeHead(req.url === '/gone' ? 404 : 200).end()),
    closedPort(),
  ]);
  workspace = mkdtempSync(join(tmpdir(), 'action-env-check-drift-'));
  mkdirSync(join(workspace, 'monitors'));
  writeFileSync(join(workspace, 'monitors', 'settings.yaml'), settings());
  writeFileSync(join(workspace, 'monitors', 'shop.yaml'), shop());
});
afterAll(async () => {
  await Promise.all([staging.stop(), production.stop(), github.close(), web.close()]);
  rmSync(workspace, { recursive: true, force: true });
});

// Each run is a validate, then a plan and a check per environment: five CLI processes.
describe('the action with environments: plan with check', { timeout: 120_000 }, () => {
  it("puts each environment's check in its section of the one comment, and fails the step for the environment with a monitor down", async () => {
    const env = { ...pullRequestEnv(workspace, github.apiUrl, REPO, 7), ...tokens() };
    const inputs = {
      command: 'plan',
      path: 'monitors',
      environments: 'all',
      'github-token': 'ghs_fake',
      check: 'true',
      'check-args': `--resolve shop.example.com:${web.port}:127.0.0.1 --dns-server 127.0.0.1:${noDns}`,
    };
    const run = await runActionProcess(inputs, env);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).toMatch(
      /^::error::monitors check --changed in production: a monitor this pull request creates or replaces is down/m,
    );
    expect(run.stdout).not.toContain('::error::monitors plan failed');
    const comments = github.comments.get(7)!;
    expect(comments).toHaveLength(1);
    const body = comments[0]!.body;
    expect(body.split('\n').slice(1, 5)).toEqual([
      '#### monitors plan `monitors`',
      '',
      '- **staging**: Plan: 2 to create, 0 to update, 0 to delete.',
      '- **production**: Plan: 2 to create, 0 to update, 0 to delete. Check: a monitor is down, or the check failed.',
    ]);
    const stagingSection = body.slice(body.indexOf('##### staging'), body.indexOf('##### production'));
    const productionSection = body.slice(body.indexOf('##### production'));
    expect(stagingSection).toContain(
      '#### monitors check `monitors --env staging`: the monitors this pull request creates or replaces, checked from the runner',
    );
    expect(stagingSection).toContain('**Check in staging: 2 up, 0 degraded, 0 down, 0 not checked.**');
    expect(productionSection).toContain('#### monitors check `monitors --env production`');
    expect(productionSection).toContain('**Check in production: 1 up, 0 degraded, 1 down, 0 not checked.**');
    expect(productionSection).toContain('| 🔴 down | `shop: cart` |');
    for (const secret of [staging.token, production.token, 'ghs_fake']) expect(body).not.toContain(secret);
  });
});

describe('the action with environments: drift', { timeout: 120_000 }, () => {
  const inputs = { command: 'drift', path: 'monitors', environments: 'all', 'github-token': 'ghs_fake' };
  const driftEnv = () => ({ ...eventEnv(workspace, github.apiUrl, REPO, { schedule: '17 6 * * *' }), ...tokens() });
  const openIssues = () => [...github.issues.values()].filter((i) => i.state === 'open');

  it('opens ONE issue listing every environment while one drifts', async () => {
    // staging is applied; production is not: only production drifts.
    const apply = await runCli(['apply', 'monitors', '--env', 'staging', '--yes'], { cwd: workspace, env: tokens() });
    expect(apply.code, apply.stdout + apply.stderr).toBe(0);
    writeFileSync(join(workspace, 'output.txt'), '');
    const run = await runActionProcess(inputs, driftEnv());
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(outputs()).toMatch(
      /^changes=true\nexit-code=2\nlock-files=monitors\/locks\/staging\.lock\.json monitors\/locks\/production\.lock\.json\nissue=\d+\n$/,
    );
    expect(openIssues()).toHaveLength(1);
    const issue = openIssues()[0]!;
    expect(issue.body).toMatch(
      /^<!-- monitors-drift:monitors -->\n### Drift: the live monitors differ from `monitors`/,
    );
    expect(issue.body).toContain(
      '#### monitors drift `monitors`\n\n- **staging**: No changes. 2 monitors up to date.\n- **production**: Plan: 2 to create, 0 to update, 0 to delete.',
    );
    expect(issue.body).toContain('##### production\n\n**Plan for production: 2 to create');
  });

  it('leaves the issue as it is when the plan of an environment fails, and fails the step', async () => {
    const before = openIssues()[0]!.body;
    const run = await runActionProcess(inputs, { ...driftEnv(), MONITORS_PRODUCTION_TOKEN: '' });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('::error::monitors drift failed in production');
    expect(openIssues()).toHaveLength(1);
    expect(openIssues()[0]!.body).toBe(before);
  });

  it('closes the issue once no environment drifts', async () => {
    const apply = await runCli(['apply', 'monitors', '--env', 'production', '--yes'], {
      cwd: workspace,
      env: tokens(),
    });
    expect(apply.code, apply.stdout + apply.stderr).toBe(0);
    const run = await runActionProcess(inputs, driftEnv());
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^monitors: drift issue #\d+ closed/m);
    expect(openIssues()).toHaveLength(0);
  });
});
