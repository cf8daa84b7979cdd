// The action's plan step with `check: true` end to end: the built CLI plans against the
// simulator, then checks the changed monitors on a loopback server (through the check-args
// input's --resolve), and one comment holds both; a monitor that is down fails the step.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort, startHttp, type HttpServer } from '../check/servers/loopback.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';
import { pullRequestEnv, runActionProcess } from './action-process.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.js';

const REPO = 'acme/monitors-config';

let sim: SimProcess;
let github: FakeGitHub;
let web: HttpServer;
let workspace: string;
let env: Record<string, string>;
let noDns: number;

const yaml = (cartPath: string) => `${E2E_DEFAULTS}monitors:
  - name: "shop: home"
    url: http://shop.example.com:${web.port}/
  - name: "shop: cart"
    url: http://shop.example.com:${web.port}${cartPath}
  - name: "cdn: reachable"
    type: ping
    url: cdn.shop.example.com
`;

beforeAll(async () => {
  [sim, github, web, noDns] = await Promise.all([
    startSimProcess(),
    startFakeGitHub(REPO),
    startHttp((req, res) => void res.writeHead(req.url === '/gone' ? 404 : 200).end()),
    closedPort(),
  ]);
  workspace = mkdtempSync(join(tmpdir(), 'action-check-'));
  mkdirSync(join(workspace, 'monitors'));
  env = { ...pullRequestEnv(workspace, github.apiUrl, REPO, 7), MONITORS_API_TOKEN: sim.token };
});
afterAll(async () => {
  await Promise.all([sim.stop(), github.close(), web.close()]);
  rmSync(workspace, { recursive: true, force: true });
});

// Every other name goes to a resolver where nothing answers: no lookup leaves this machine.
const inputs = () => ({
  command: 'plan',
  path: 'monitors',
  'api-url': sim.baseUrl,
  'github-token': 'ghs_fake',
  check: 'true',
  'check-args': `--resolve shop.example.com:${web.port}:127.0.0.1 --dns-server 127.0.0.1:${noDns}`,
});

// Each run is two CLI processes (plan, then check): twice an ordinary plan run's work.
describe('the action planning a pull request with check: true', { timeout: 60_000 }, () => {
  it('puts the check of the changed monitors beside the plan, and fails the step when one is down', async () => {
    writeFileSync(join(workspace, 'monitors', 'shop.yaml'), yaml('/gone'));
    const run = await runActionProcess(inputs(), env);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).toMatch(
      /^::error::monitors check --changed: a monitor this pull request creates or replaces is down/m,
    );
    expect(readFileSync(env.GITHUB_OUTPUT!, 'utf8')).toBe('changes=true\nexit-code=2\n');
    const body = github.comments.get(7)![0]!.body;
    expect(body).toMatch(
      /^<!-- monitors-plan:monitors -->\n#### monitors plan `monitors`\n\n\*\*Plan: 3 to create, 0 to update, 0 to delete\.\*\*/,
    );
    const check = body.slice(body.indexOf('#### monitors check `monitors`'));
    expect(check).toMatch(
      /^#### monitors check `monitors`: the monitors this pull request creates or replaces, checked from the runner\n\n\*\*Check: 1 up, 0 degraded, 1 down, 1 not checked\.\*\*\n\n<details open>/,
    );
    expect(check).toContain('| 🔴 down | `shop: cart` | http `http://shop.example.com:');
    expect(check).toContain('| status 404, expected 200-299 (2 attempts) |');
    expect(check).toContain('| ⚪ not checked | `cdn: reachable` |');
    expect(check).toContain('_--changed: checking the 3 of 3 monitors that the plan creates or replaces._');
    expect(readFileSync(env.GITHUB_STEP_SUMMARY!, 'utf8')).toContain(check);
  });

  it('updates the same comment once the monitor is fixed, and passes', async () => {
    writeFileSync(join(workspace, 'monitors', 'shop.yaml'), yaml('/cart'));
    const run = await runActionProcess(inputs(), env);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(github.comments.get(7)).toHaveLength(1);
    expect(github.comments.get(7)![0]!.body).toContain(
      '**Check: 2 up, 0 degraded, 0 down, 1 not checked.**\n\n<details>',
    );
  });

  it('runs no check when the plan failed: the comment shows the plan error alone', async () => {
    writeFileSync(join(workspace, 'monitors', 'shop.yaml'), `${yaml('/cart')}    retry_count: 99\n`);
    const run = await runActionProcess(inputs(), env);
    expect(run.code).toBe(1);
    const body = github.comments.get(7)![0]!.body;
    expect(body).toMatch(/^<!-- monitors-plan:monitors -->\n#### monitors plan `monitors`: failed \(exit 1\)/);
    expect(body).not.toContain('monitors check');
  });
});
