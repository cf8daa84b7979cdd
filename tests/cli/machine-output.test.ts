// One format of machine output (issue 23, point 5): every JSON document starts with
// format_version and environment (null without environments), validate keeps its old
// `version` beside it, and the Markdown plan names its environment. Each command and
// format, with and without environments, through the built CLI against the simulator.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimServer, type SimServer } from '../../src/sim/server.js';
import { fullScopeToken } from '../../src/sim/tokens.js';
import { runCli } from '../helpers/run-cli.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

const TOKEN = 'tok_machine_output_0123456789';
let sim: SimServer;
let dir: string;

// Heartbeat monitors: `check` reports them "not checked" without any network.
const MONITORS = `${E2E_DEFAULTS.replace('type: http', 'type: heartbeat')}  heartbeat_grace_seconds: 300
monitors:
  - name: nightly job
    url: https://jobs.example.com/nightly
`;

beforeAll(async () => {
  sim = await startSimServer({ tokens: [fullScopeToken(TOKEN), fullScopeToken(`${TOKEN}_staging`, 'staging')] });
  dir = mkdtempSync(join(tmpdir(), 'machine-output-'));
  mkdirSync(join(dir, 'plain'));
  writeFileSync(join(dir, 'plain', 'monitors.yaml'), MONITORS);
  mkdirSync(join(dir, 'envs'));
  writeFileSync(join(dir, 'envs', 'monitors.yaml'), MONITORS);
  writeFileSync(
    join(dir, 'envs', 'settings.yaml'),
    `settings:\n  environments:\n    staging:\n      api_url: ${sim.baseUrl}\n      token_env: ACME_STAGING_TOKEN\n      lock_file: staging.lock.json\n    production:\n      api_url: https://monitoring.example.com/api/v1\n      token_env: ACME_PRODUCTION_TOKEN\n      lock_file: production.lock.json\n`,
  );
});
afterAll(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

const cli = (args: string[]) =>
  runCli(args, {
    cwd: dir,
    env: {
      MONITORS_API_URL: sim.baseUrl,
      MONITORS_API_TOKEN: TOKEN,
      ACME_STAGING_TOKEN: `${TOKEN}_staging`,
      CI: 'true',
    },
  });

async function json(args: string[], code = 0): Promise<Record<string, unknown>> {
  const run = await cli([...args, '--format', 'json']);
  expect(run.code, run.stderr).toBe(code);
  return JSON.parse(run.stdout) as Record<string, unknown>;
}

/** The two fields every document starts with, in that order. */
function expectHead(doc: Record<string, unknown>, environment: string | null, extra: string[] = []): void {
  expect(Object.keys(doc).slice(0, 2 + extra.length)).toEqual(['format_version', ...extra, 'environment']);
  expect(doc.format_version).toBe(1);
  expect(doc.environment).toBe(environment);
}

describe.each([
  ['without environments', 'plain', [] as string[], null],
  ['in an environment', 'envs', ['--env', 'staging'], 'staging'],
] as const)('%s', (_label, path, env, environment) => {
  it('validate --format json: format_version, the old version beside it, environment', async () => {
    const doc = await json(['validate', path, ...env]);
    expectHead(doc, environment, ['version']);
    expect(doc.version).toBe(1);
  });

  it('plan --format json, and the saved plan: format_version, environment', async () => {
    expectHead(await json(['plan', path, ...env]), environment);
    const out = join(dir, `${path}.plan.json`);
    expect((await cli(['plan', path, ...env, '--out', out])).code).toBe(0);
    const saved = JSON.parse(readFileSync(out, 'utf8')) as { format_version: number; plan: { environment?: string } };
    expect(saved.format_version).toBe(1);
    expect(saved.plan.environment ?? null).toBe(environment);
  });

  /** The first line of `COMMAND --format markdown`: `plain` without environments, `staging` in one. */
  async function expectMarkdownHead(command: string, lines: { plain: string; staging: string }): Promise<void> {
    const run = await cli([command, path, ...env, '--format', 'markdown']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe(environment === null ? lines.plain : lines.staging);
  }

  it('plan --format markdown: the summary line names the environment, when there is one', async () => {
    await expectMarkdownHead('plan', {
      plain: '**Plan: 1 to create, 0 to update, 0 to delete.**',
      staging: '**Plan for staging: 1 to create, 0 to update, 0 to delete.**',
    });
  });

  it('check --format json: format_version, environment', async () => {
    const doc = await json(['check', path, ...env]);
    expectHead(doc, environment);
    expect(doc.summary).toEqual({ up: 0, degraded: 0, down: 0, not_checked: 1 });
  });

  it('check --format markdown: the summary line names the environment, when there is one', async () => {
    await expectMarkdownHead('check', {
      plain: '**Check: 0 up, 0 degraded, 0 down, 1 not checked.**',
      staging: '**Check in staging: 0 up, 0 degraded, 0 down, 1 not checked.**',
    });
  });

  it('apply --format json: format_version, environment; then a plan without changes in Markdown says where', async () => {
    const doc = await json(['apply', path, ...env, '--yes']);
    expectHead(doc, environment);
    expect(doc.summary).toMatchObject({ created: 1, failed: 0 });
    await expectMarkdownHead('plan', {
      plain: '**No changes. 1 monitor up to date.**',
      staging: '**No changes in staging. 1 monitor up to date.**',
    });
  });

  it('destroy --format json (after that apply): format_version, environment', async () => {
    const doc = await json(['destroy', path, ...env, '--yes']);
    expectHead(doc, environment);
    expect(doc.summary).toMatchObject({ deleted: 1, failed: 0 });
  });
});

it('validate of every environment (no --env): environment null, each one listed', async () => {
  const doc = await json(['validate', 'envs']);
  expectHead(doc, null, ['version']);
  expect((doc.environments as { name: string }[]).map((e) => e.name)).toEqual(['staging', 'production']);
});

it('environments --format json: format_version, environment null (every environment), each one listed', async () => {
  const doc = await json(['environments', 'envs']);
  expectHead(doc, null);
  expect((doc.environments as { name: string }[]).map((e) => e.name)).toEqual(['staging', 'production']);
  expectHead(await json(['environments', 'plain']), null);
});
