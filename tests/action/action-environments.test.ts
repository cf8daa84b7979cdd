// The action with environments, end to end: the example set (examples/environments)
// planned in every environment on a pull request as ONE comment with a section and a
// summary line each, then applied environment by environment, each process holding only
// its own token, against two simulators and a fake GitHub.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenId } from '../../src/sim/tokens.js';
import { getRequestLog } from '../helpers/sim-admin.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';
import { runActionProcess } from './action-process.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.js';

const REPO = 'acme/monitors-config';
const EXAMPLE = fileURLToPath(new URL('../../examples/environments', import.meta.url));
const SECRETS = {
  STAGING_SHOP_API_TOKEN: 'staging-shop-token-SENTINEL',
  PRODUCTION_SHOP_API_TOKEN: 'production-shop-token-SENTINEL',
};

let staging: SimProcess;
let production: SimProcess;
let github: FakeGitHub;
let workspace: string;
let env: Record<string, string>;

/**
 * Loaded into every node process of the run (NODE_OPTIONS --import): the wrapper, `monitors ci`
 * and each CLI run it starts. Records the names of the variables each process holds.
 */
const SPY = `import { appendFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';
const args = process.argv.slice(2);
const at = args.indexOf('--env');
if (isMainThread) appendFileSync(process.env.SPY_LOG, JSON.stringify({ env: at >= 0 ? args[at + 1] : null, vars: Object.keys(process.env) }) + '\\n');
`;

const outputs = () =>
  Object.fromEntries(
    readFileSync(env.GITHUB_OUTPUT!, 'utf8')
      .trim()
      .split('\n')
      .map((l) => l.split(/=(.*)/s).slice(0, 2)),
  );
const spied = () =>
  readFileSync(join(workspace, 'spy.log'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { env: string | null; vars: string[] });

beforeAll(async () => {
  [staging, production, github] = await Promise.all([startSimProcess(), startSimProcess(), startFakeGitHub(REPO)]);
  workspace = mkdtempSync(join(tmpdir(), 'action-environments-'));
  cpSync(EXAMPLE, join(workspace, 'monitors'), { recursive: true });
  // The example's URLs are real hosts; here each environment is a simulator.
  const settings = join(workspace, 'monitors', 'settings.yaml');
  writeFileSync(
    settings,
    readFileSync(settings, 'utf8')
      .replace('api_url: https://staging.monitoring.example.com/api/v1', 'api_url: ${env:STAGING_API_URL}')
      .replace('api_url: https://monitoring.example.com/api/v1', 'api_url: ${env:PRODUCTION_API_URL}'),
  );
  writeFileSync(join(workspace, 'spy.mjs'), SPY);
  writeFileSync(join(workspace, 'event.json'), JSON.stringify({ pull_request: { number: 7 } }));
  env = {
    ...SECRETS,
    STAGING_API_URL: staging.baseUrl,
    PRODUCTION_API_URL: production.baseUrl,
    MONITORS_STAGING_TOKEN: staging.token,
    MONITORS_PRODUCTION_TOKEN: production.token,
    GITHUB_WORKSPACE: workspace,
    GITHUB_EVENT_PATH: join(workspace, 'event.json'),
    GITHUB_API_URL: github.apiUrl,
    GITHUB_REPOSITORY: REPO,
    GITHUB_STEP_SUMMARY: join(workspace, 'summary.md'),
    GITHUB_OUTPUT: join(workspace, 'output.txt'),
    SPY_LOG: join(workspace, 'spy.log'),
    NODE_OPTIONS: `--import=${pathToFileURL(join(workspace, 'spy.mjs')).href}`,
    CI: 'true',
  };
});

afterAll(async () => {
  await Promise.all([staging.stop(), production.stop(), github.close()]);
  rmSync(workspace, { recursive: true, force: true });
});

const inputs = (command: string, environments: string) => ({
  command,
  path: 'monitors',
  environments,
  'github-token': 'ghs_fake',
  comment: 'true',
});

describe('the action with environments', () => {
  it('plans every environment into ONE comment, with a summary line and a section each', async () => {
    const run = await runActionProcess(inputs('plan', 'all'), env);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(outputs()).toEqual({
      changes: 'true',
      'exit-code': '2',
      'lock-files': 'monitors/locks/staging.lock.json monitors/locks/production.lock.json',
    });
    const comments = github.comments.get(7)!;
    expect(comments).toHaveLength(1);
    const body = comments[0]!.body;
    expect(body.split('\n').slice(0, 6)).toEqual([
      '<!-- monitors-plan:monitors -->',
      '#### monitors plan `monitors`',
      '',
      '- **staging**: Plan: 14 to create, 0 to update, 0 to delete.',
      '- **production**: Plan: 20 to create, 0 to update, 0 to delete.',
      '',
    ]);
    expect(body).toContain('##### staging\n\n**Plan for staging: 14 to create');
    expect(body).toContain('##### production\n\n**Plan for production: 20 to create');
    expect(body).toContain('`admin login`'); // production only
    expect(body.indexOf('`admin login`')).toBeGreaterThan(body.indexOf('##### production'));
    for (const secret of [...Object.values(SECRETS), staging.token, production.token, 'ghs_fake'])
      expect(body).not.toContain(secret);
    expect(readFileSync(env.GITHUB_STEP_SUMMARY!, 'utf8')).toContain('- **production**: Plan: 20 to create');
  });

  it("runs each environment's process without the other environments' token", () => {
    const runs = spied().filter((r) => r.env !== null);
    expect(runs.map((r) => r.env)).toEqual(['staging', 'production']);
    const stagingRun = runs[0]!.vars;
    const productionRun = runs[1]!.vars;
    expect(stagingRun).toContain('MONITORS_STAGING_TOKEN');
    expect(stagingRun).not.toContain('MONITORS_PRODUCTION_TOKEN');
    expect(productionRun).toContain('MONITORS_PRODUCTION_TOKEN');
    expect(productionRun).not.toContain('MONITORS_STAGING_TOKEN');
    for (const vars of [stagingRun, productionRun]) {
      expect(vars.some((v) => v.startsWith('MONITORS_ACTION_'))).toBe(false);
      expect(vars).not.toContain('GITHUB_TOKEN'); // monitors ci keeps the github-token to itself
    }
  });

  it('a failed environment gets its section with the error, the others their plans, and the step fails', async () => {
    const run = await runActionProcess(inputs('plan', 'staging, production'), {
      ...env,
      MONITORS_PRODUCTION_TOKEN: '',
    });
    expect(run.code).toBe(1);
    const comments = github.comments.get(7)!;
    expect(comments).toHaveLength(1); // updated in place
    const body = comments[0]!.body;
    expect(body).toContain('- **staging**: Plan: 14 to create, 0 to update, 0 to delete.');
    expect(body).toContain('- **production**: failed (exit 1)');
    expect(body).toContain('MONITORS_PRODUCTION_TOKEN is not set (the token of environment production)');
    expect(run.stdout).toContain('::error::monitors plan failed in production');
  });

  it('applies each environment with its own token and lock file; each simulator only sees its own token', async () => {
    const run = await runActionProcess(inputs('apply', 'staging production'), env);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(outputs()['lock-files']).toBe('monitors/locks/staging.lock.json monitors/locks/production.lock.json');
    const lock = (name: string) =>
      JSON.parse(readFileSync(join(workspace, 'monitors', 'locks', `${name}.lock.json`), 'utf8')) as {
        monitors: unknown[];
      };
    expect(lock('staging').monitors).toHaveLength(14);
    expect(lock('production').monitors).toHaveLength(20);
    for (const [sim, other] of [
      [staging, production],
      [production, staging],
    ] as const) {
      const log = await getRequestLog(sim.adminUrl);
      expect(log.filter((r) => r.method === 'POST' && r.status === 201).length).toBe(sim === staging ? 14 : 20);
      expect(log.every((r) => r.tokenId === tokenId(sim.token))).toBe(true);
      expect(log.some((r) => r.tokenId === tokenId(other.token))).toBe(false);
    }
  });

  it('refuses one lock input for every environment', async () => {
    const run = await runActionProcess({ ...inputs('plan', 'all'), lock: 'monitors/monitors.lock.json' }, env);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('::error::the lock input (--lock) would give every environment one lock file');
  });

  it('apply stops at the first environment that fails and says which were not run', async () => {
    rmSync(join(workspace, 'monitors', 'locks'), { recursive: true, force: true });
    const run = await runActionProcess(inputs('apply', 'production staging'), {
      ...env,
      MONITORS_PRODUCTION_TOKEN: '',
    });
    expect(run.code).toBe(1);
    const summary = readFileSync(env.GITHUB_STEP_SUMMARY!, 'utf8');
    expect(summary).toContain(
      '- **production**: failed (exit 1)\n- **staging**: not run (an earlier environment failed)',
    );
    expect(existsSync(join(workspace, 'monitors', 'locks', 'staging.lock.json'))).toBe(false);
  });

  it('command environments: the declared environments as JSON in the environments output, for a job matrix', async () => {
    const run = await runActionProcess({ command: 'environments', path: 'monitors' }, env);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const listed = JSON.parse(outputs().environments) as { format_version: number; environments: unknown[] };
    expect(listed).toEqual({
      format_version: 1,
      environment: null,
      environments: [
        {
          name: 'staging',
          token_env: 'MONITORS_STAGING_TOKEN',
          api_url: staging.baseUrl, // the YAML's ${env:STAGING_API_URL}, resolved
          lock_file: 'monitors/locks/staging.lock.json',
          monitors: 14,
        },
        {
          name: 'production',
          token_env: 'MONITORS_PRODUCTION_TOKEN',
          api_url: production.baseUrl,
          lock_file: 'monitors/locks/production.lock.json',
          monitors: 20,
        },
      ],
    });
    expect(JSON.parse(run.stdout)).toEqual(listed);
  });
});
