// The habits a Terraform user brings (issue 37, point 2 and the help of point 12): `-y` and
// `--auto-approve` are `--yes`; every command's --help names --debug. The built CLI against
// the simulator, without a terminal (where apply refuses to go on unless told yes).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_MODULES } from '../../src/cli/command-modules.js';
import { startSimServer, type SimServer } from '../../src/sim/server.js';
import { fullScopeToken } from '../../src/sim/tokens.js';
import { runCli } from '../helpers/run-cli.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

const TOKEN = 'tok_terraform_habits_0123456789';
let sim: SimServer;
let dir: string;

beforeAll(async () => {
  sim = await startSimServer({ tokens: [fullScopeToken(TOKEN)] });
  dir = mkdtempSync(join(tmpdir(), 'habits-'));
  writeFileSync(
    join(dir, 'shop.yaml'),
    `${E2E_DEFAULTS}monitors:\n  - name: home\n    url: https://shop.example.com/\n`,
  );
});
afterAll(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

const cli = (args: string[]) =>
  runCli(args, { cwd: dir, env: { MONITORS_API_TOKEN: TOKEN, MONITORS_API_URL: sim.baseUrl } });
const managed = () =>
  (JSON.parse(readFileSync(join(dir, 'monitors.lock.json'), 'utf8')) as { monitors: unknown[] }).monitors;

describe('-y and --auto-approve are --yes', () => {
  it('apply -y applies without a terminal; destroy --auto-approve deletes', async () => {
    const apply = await cli(['apply', '-y']);
    expect(apply.code, apply.stderr).toBe(0);
    expect(apply.stdout).toContain('Apply complete: 1 created');
    expect(managed()).toHaveLength(1);
    const destroy = await cli(['destroy', '--auto-approve']);
    expect(destroy.code, destroy.stderr).toBe(0);
    expect(managed()).toHaveLength(0);
  });

  it('without any of them, apply still refuses to go on without a terminal', async () => {
    const apply = await cli(['apply']);
    expect(apply.code).toBe(1);
    expect(apply.stderr).toContain('--yes');
  });
});

describe("Terraform's spellings get ours (issue 40, item 6)", () => {
  it('a single-dash long flag gets "did you mean" its two-dash spelling, with its value', async () => {
    const cases: [string[], string][] = [
      [['apply', '-auto-approve'], "unknown option '-auto-approve'; did you mean --auto-approve?"],
      [['plan', '-out=plan.json'], "unknown option '-out=plan.json'; did you mean --out=plan.json?"],
      [['plan', '-detailed-exitcode'], "unknown option '-detailed-exitcode'; did you mean --detailed-exitcode?"],
      [['plan', '-target=home'], "unknown option '-target=home'; did you mean --target=home?"],
      [['validate', '-var', 'domain=x'], "unknown option '-var'; did you mean --var?"],
    ];
    for (const [args, message] of cases) {
      const r = await cli(args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stderr.split('\n')[0]).toBe(`error BAD_OPTION: ${message} (long options take two dashes)`);
    }
    expect(managed()).toHaveLength(0);
  });

  it('state list|show|rm points at lock list|show|forget', async () => {
    for (const [sub, meant] of [
      ['list', 'lock list'],
      ['show', 'lock show'],
      ['rm', 'lock forget'],
    ]) {
      const r = await cli(['state', sub!, ...(sub === 'list' ? [] : ['home'])]);
      expect(r.code).toBe(1);
      expect(r.stderr.split('\n')[0]).toBe(
        `error UNKNOWN_COMMAND: unknown command 'state'; the lock file is what Terraform's state is here: did you mean \`monitors ${meant}\`?`,
      );
    }
  });
});

describe('--help of every command', () => {
  it('names --debug (the program option, shown as a global option)', async () => {
    for (const command of Object.keys(COMMAND_MODULES)) {
      const help = await cli([command, '--help']);
      expect(help.code, command).toBe(0);
      expect(help.stdout, command).toMatch(/^ {2}--debug\s+log every API request/m);
    }
  });
});
