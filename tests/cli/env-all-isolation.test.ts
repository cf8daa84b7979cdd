// `--env all` runs every environment in one process, side by side: each run must see only its
// own token, lock file and output. Three environments, three workspaces of one simulator,
// each token valid for its own workspace only, each workspace holding a monitor of its own:
// a run that used another's token would list another workspace and plan changes (or fail),
// a run that saw another's variable would expand it. Said through behaviour only.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

const NAMES = ['alpha', 'beta', 'gamma'] as const;
const tokenOf = (name: string) => `tok_isolation_${name}_0123456789abcdef`;
const variableOf = (name: string) => `MONITORS_${name.toUpperCase()}_TOKEN`;
let sim: SimProcess;
let dir: string;

const settings = NAMES.map(
  (name) =>
    `    ${name}:\n      api_url: \${env:SIM_URL}\n      token_env: ${variableOf(name)}\n      lock_file: ${name}.lock.json\n`,
).join('');
const SETTINGS = `settings:\n  environments:\n${settings}`;
// `shared` in every workspace, and one monitor only in each.
const MONITORS = `${E2E_DEFAULTS}monitors:
  - name: shared
    url: https://shared.example.com/
${NAMES.map((name) => `  - name: only-${name}\n    url: https://${name}.example.com/\n    environments: [${name}]\n`).join('')}`;

const cli = (args: string[]) =>
  runCli(args, {
    cwd: dir,
    env: { SIM_URL: sim.baseUrl, ...Object.fromEntries(NAMES.map((name) => [variableOf(name), tokenOf(name)])) },
  });

interface AllJson {
  exit_code: number;
  environments: { name: string; exit_code: number; outcome: string; result: unknown; error?: string }[];
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'env-all-isolation-'));
  const tokens = join(dir, 'tokens.json');
  const scopes = ['monitors:read', 'monitors:write', 'incidents:read'];
  writeFileSync(
    tokens,
    JSON.stringify({ tokens: NAMES.map((name) => ({ token: tokenOf(name), workspace: name, scopes })) }),
  );
  sim = await startSimProcess(['--tokens-file', tokens, '--check-delay', '3600000']);
  mkdirSync(join(dir, 'monitors'));
  writeFileSync(join(dir, 'monitors', 'settings.yaml'), SETTINGS);
  writeFileSync(join(dir, 'monitors', 'sites.yaml'), MONITORS);
  for (const name of NAMES) {
    const apply = await cli(['apply', 'monitors', '--env', name, '--yes']);
    if (apply.code !== 0) throw new Error(apply.stderr);
  }
}, 60_000);
afterAll(async () => {
  await sim?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('--env all in one process', { timeout: 60_000 }, () => {
  it('plans each environment with its own token and lock, all at once: no changes anywhere', async () => {
    const plan = await cli(['plan', 'monitors', '--env', 'all', '--parallelism', '3', '--format', 'json']);
    expect(plan.code, plan.stderr).toBe(0);
    const doc = JSON.parse(plan.stdout) as AllJson;
    expect(doc.environments.map((e) => [e.name, e.exit_code, e.outcome])).toEqual(NAMES.map((name) => [name, 0, 'ok']));
    for (const e of doc.environments) expect(e.result).toMatchObject({ changes: [] });
    // Each run read its own lock file: the record of `shared` is its own workspace's monitor.
    const show = await cli(['lock', 'show', 'shared', 'monitors', '--env', 'all', '--format', 'json']);
    expect(show.code, show.stderr).toBe(0);
    const ids = (JSON.parse(show.stdout) as AllJson).environments.map((e) => JSON.stringify(e.result));
    expect(new Set(ids).size).toBe(3);
    for (const name of NAMES) expect(`${plan.stdout}${show.stdout}`).not.toContain(tokenOf(name));
  });

  it("never lets a run see another environment's token variable", async () => {
    // gamma's monitor reads alpha's token variable: its run has no such variable, and says so.
    mkdirSync(join(dir, 'probe'));
    writeFileSync(join(dir, 'probe', 'settings.yaml'), SETTINGS);
    writeFileSync(
      join(dir, 'probe', 'sites.yaml'),
      `${E2E_DEFAULTS}monitors:\n  - name: probe\n    url: "https://probe.example.com/\${env:${variableOf('alpha')}}"\n    environments: [gamma]\n`,
    );
    const validate = await cli(['validate', 'probe', '--env', 'all', '--require-env', '--format', 'json']);
    expect(validate.code).toBe(1);
    const doc = JSON.parse(validate.stdout) as AllJson;
    expect(doc.environments.map((e) => [e.name, e.outcome])).toEqual([
      ['alpha', 'ok'],
      ['beta', 'ok'],
      ['gamma', 'failed'],
    ]);
    expect(JSON.stringify(doc.environments[2]!.result)).toContain(variableOf('alpha'));
    expect(validate.stdout).not.toContain(tokenOf('alpha'));
  });
});
