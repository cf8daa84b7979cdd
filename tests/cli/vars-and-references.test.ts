// Issue 40, items 1 and 6, with the built CLI against one simulator: a reference typo is an
// error at its file:line:col in validate and in plan's refusal (nothing sent); `--var` sets
// a var for one run of validate, plan, check, apply and status, and a saved plan records
// them (apply --plan refuses other ones).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimServer, type SimServer } from '../../src/sim/server.js';
import { fullScopeToken } from '../../src/sim/tokens.js';
import { runCli } from '../helpers/run-cli.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

const TOKEN = 'tok_vars_and_references_0123456789';
const PREVIEW = 'pr-123.preview.example.com';
let sim: SimServer;
let dir: string;
let typos: string;

beforeAll(async () => {
  sim = await startSimServer({ tokens: [fullScopeToken(TOKEN)] });
  dir = mkdtempSync(join(tmpdir(), 'vars-'));
  const port = new URL(sim.baseUrl).port;
  writeFileSync(
    join(dir, 'shop.yaml'),
    `${E2E_DEFAULTS}vars:\n  domain: shop.example.com\nmonitors:\n  - name: "home \${var.domain}"\n    url: http://\${var.domain}:${port}/\n`,
  );
  typos = mkdtempSync(join(tmpdir(), 'typos-'));
  writeFileSync(
    join(typos, 'shop.yaml'),
    `${E2E_DEFAULTS}vars:\n  domain: shop.example.com\nmonitors:\n  - name: home\n    url: https://www.\${vars.domain}/\n  - name: cart\n    url: https://www.\${var.domain/x\n  - name: api\n    url: https://api.example.com/\n    auth_type: bearer\n    auth_secret: \${var.api_token\n`,
  );
});
afterAll(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(typos, { recursive: true, force: true });
});

const cli = (args: string[], cwd = dir) =>
  runCli(args, { cwd, env: { MONITORS_API_TOKEN: TOKEN, MONITORS_API_URL: sim.baseUrl } });

describe('a reference typo', () => {
  it('is an error at its ${ in validate and in the plan refusal', async () => {
    const text = readFileSync(join(typos, 'shop.yaml'), 'utf8').split('\n');
    const at = (needle: string) => {
      const line = text.findIndex((l) => l.includes(needle));
      return `shop.yaml:${line + 1}:${text[line]!.indexOf(needle) + 1}`;
    };
    const expected = [
      `${at('${vars')}: error ref.unknown "\${vars.domain}" is not a reference: there is no kind "vars"; did you mean \${var.domain}?`,
      `${at('${var.domain/x')}: error ref.syntax "\${var.domain/x" is not closed`,
      `${at('${var.api_token')}: error ref.syntax auth_secret holds a reference that is not closed`,
    ];
    const validate = await cli(['validate'], typos);
    expect(validate.code).toBe(1);
    const lines = validate.stdout.split('\n');
    for (const [i, line] of expected.entries()) expect(lines[i]).toContain(line);
    expect(validate.stdout).not.toContain('secret.literal');
    const plan = await cli(['plan'], typos);
    expect(plan.code).toBe(1);
    for (const line of expected) expect(plan.stderr).toContain(line);
    expect(plan.stderr).toContain('error CONFIG_INVALID');
  });
});

describe('--var for one run', () => {
  it('validate: an undeclared name is an error at "--var NAME" with did you mean; a declared one is used', async () => {
    const typo = await cli(['validate', '--var', 'domian=x.example.com']);
    expect(typo.code).toBe(1);
    expect(typo.stdout).toContain('--var domian: error var.unknown var "domian" is not declared');
    expect(typo.stdout).toContain('did you mean "domain"?');
    expect(typo.stdout).toContain('1 error in 1 option given.');
    const ok = await cli(['validate', '--var', `domain=${PREVIEW}`, '--format', 'json']);
    expect(ok.code, ok.stdout).toBe(0);
    const bad = await cli(['validate', '--var', 'domain']);
    expect(bad.stderr).toMatch(/^error BAD_OPTION: --var takes NAME=VALUE/);
  });

  it('plan and check use it; a saved plan records it, and apply --plan refuses another', async () => {
    const plan = await cli(['plan', '--var', `domain=${PREVIEW}`, '--format', 'json']);
    expect(plan.code, plan.stderr).toBe(0);
    const change = (
      JSON.parse(plan.stdout) as { changes: { name: string; fields: { field: string; new: unknown }[] }[] }
    ).changes[0]!;
    expect(change.name).toBe(`home ${PREVIEW}`);
    expect(change.fields.find((f) => f.field === 'url')?.new).toContain(`http://${PREVIEW}:`);

    const port = new URL(sim.baseUrl).port;
    const check = await cli([
      'check',
      '--var',
      `domain=${PREVIEW}`,
      '--resolve',
      `${PREVIEW}:${port}:127.0.0.1`,
      '--format',
      'json',
    ]);
    expect(check.stdout).toContain(`home ${PREVIEW}`);

    const varFile = join(dir, 'preview.yaml.vars');
    writeFileSync(varFile, `domain: ${PREVIEW}\n`);
    const saved = await cli(['plan', '--var-file', varFile, '--out', 'preview.plan.json']);
    expect(saved.code, saved.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'preview.plan.json'), 'utf8')).vars).toEqual({ domain: PREVIEW });
    const other = await cli(['apply', '--plan', 'preview.plan.json', '--var', 'domain=pr-124.preview.example.com']);
    expect(other.code).toBe(1);
    expect(other.stderr).toContain('error PLAN_VARS_DIFFER: the saved plan preview.plan.json was made with other vars');
    const same = await cli(['apply', '--plan', 'preview.plan.json', '--var', `domain=${PREVIEW}`]);
    expect(same.code, same.stderr).toBe(0);
  });

  it('status: the monitor applied with the var is live under its name, and not in the YAML without it', async () => {
    type Row = { name: string; state: string };
    const rows = (stdout: string) => (JSON.parse(stdout) as { monitors: Row[] }).monitors.map((m) => [m.name, m.state]);
    const status = await cli(['status', '--var', `domain=${PREVIEW}`, '--format', 'json']);
    expect(status.code, status.stderr).toBe(0);
    expect(rows(status.stdout)).toEqual([[`home ${PREVIEW}`, 'live']]);
    const without = await cli(['status', '--format', 'json']);
    expect(rows(without.stdout)).toEqual([
      [`home ${PREVIEW}`, 'not_in_yaml'],
      ['home shop.example.com', 'not_created'],
    ]);
  });
});
