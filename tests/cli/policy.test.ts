// Policy as code, end to end: the built CLI against the simulator, on a copy of
// examples/policy (a platform team's policy beside two teams' files, two environments).
// validate reports violations at their line per environment; plan and apply refuse a
// mandatory violation or a denied change with PLAN_POLICY and write nothing (no saved plan,
// no lock, no request that changes a monitor); `monitors ci` puts the refused plan, with its
// policy section, in the report that becomes the pull request's comment.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';
import { runCli } from '../helpers/run-cli.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';

const EXAMPLE = fileURLToPath(new URL('../../examples/policy', import.meta.url));

let sim: SimProcess;
let dir: string;

beforeAll(async () => {
  sim = await startSimProcess();
  dir = mkdtempSync(join(tmpdir(), 'monitors-policy-'));
  cpSync(EXAMPLE, join(dir, 'set'), { recursive: true });
});

afterAll(async () => {
  await sim.stop();
  rmSync(dir, { recursive: true, force: true });
});

const env = () => ({ MONITORS_PRODUCTION_TOKEN: sim.token, MONITORS_STAGING_TOKEN: sim.token });
const cli = (...args: string[]) => runCli(args, { cwd: dir, env: env(), timeoutMs: 60_000 });
const inProduction = (command: string, ...extra: string[]) =>
  cli(command, 'set', '--env', 'production', '--api-url', sim.baseUrl, ...extra);
const edit = (file: string, change: (text: string) => string) =>
  writeFileSync(join(dir, 'set', file), change(readFileSync(join(dir, 'set', file), 'utf8')));

async function liveNames(): Promise<string[]> {
  const response = await fetch(`${sim.baseUrl}/monitors?per_page=100`, {
    headers: { authorization: `Bearer ${sim.token}`, accept: 'application/json' },
  });
  const body = (await response.json()) as { data: { name: string }[] };
  return body.data.map((m) => m.name).sort();
}

describe('policy with the built CLI', { timeout: 120_000 }, () => {
  it('validate checks each environment: the example passes, a violation is an error at its line', async () => {
    const valid = await cli('validate', 'set');
    expect(valid.code, valid.stderr).toBe(0);
    edit('shop.yaml', (t) => t.replace('  - name: "shop: home"', '  - name: "Shop Home"'));
    const invalid = await cli('validate', 'set');
    expect(invalid.code).toBe(1);
    expect(invalid.stdout).toContain(
      'set/shop.yaml:22:11: error policy.naming policy naming (mandatory): Names start with the team\'s prefix (name "Shop Home" does not match /^[a-z0-9-]+: /)',
    );
    edit('shop.yaml', (t) => t.replace('"Shop Home"', '"shop: home"'));
  });

  it('applies a compliant set, listing the exception used', async () => {
    const applied = await inProduction('apply', '--yes');
    expect(applied.code, applied.stderr).toBe(0);
    const plan = await inProduction('plan', '--format', 'json');
    expect(plan.code, plan.stderr).toBe(0);
    const policy = JSON.parse(plan.stdout).policy;
    expect(policy.refused).toBe(false);
    expect(policy.rules.map((r: { id: string }) => r.id)).toEqual([
      'team-tag',
      'naming',
      'prod-locations',
      'fast-checks',
      'no-redirect-chains',
      'no-prod-deletes',
    ]);
    expect(policy.exceptions).toEqual([
      {
        rule: 'fast-checks',
        monitor: 'payments: provider',
        reason: "The provider's terms allow one status request per 15 minutes.",
        file: 'set/payments.yaml',
        line: 27,
        col: 5,
        from: 'entry',
      },
    ]);
  });

  it('says an advisory finding of a default once: at the default, once in a plan, summed up by read-only commands', async () => {
    edit('shop.yaml', (t) => t.replace('  interval_seconds: 180\n', '  interval_seconds: 600\n'));
    const finding =
      'warning policy.fast-checks policy fast-checks (advisory): A check runs at least every five minutes (interval_seconds is 600; at most 300 is allowed) (affects 3 monitors)';
    const validate = await cli('validate', 'set', '--env', 'production');
    expect(validate.stdout.split('\n').filter((l) => l.includes('fast-checks'))).toEqual([
      `set/shop.yaml:6:21: ${finding}`,
    ]);

    const plan = await inProduction('plan');
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stderr).not.toContain('fast-checks');
    expect(plan.stdout.split('\n').filter((l) => l.includes('is 600'))).toEqual([
      '  warning   fast-checks  set/shop.yaml:6:21: policy fast-checks (advisory): A check runs at least every five minutes (interval_seconds is 600; at most 300 is allowed) (affects 3 monitors)',
    ]);
    const markdown = await inProduction('plan', '--format', 'markdown');
    const fold = markdown.stdout.indexOf('<summary>⚠️ 1 advisory policy finding (nothing refused)</summary>');
    expect(fold).toBeGreaterThan(0);
    expect(markdown.stdout.indexOf('| ⚠️ advisory | `fast-checks` |')).toBeGreaterThan(fold);
    expect(markdown.stdout.indexOf('| 📝 exception |')).toBeLessThan(fold);

    const summary = 'note: 1 advisory policy finding; `monitors validate set --env production` lists them\n';
    for (const run of [
      await inProduction('status'),
      await inProduction('status', '--format', 'html'),
      await cli('lock', 'list', 'set', '--env', 'production'),
      await cli('lock', 'show', 'shop: home', 'set', '--env', 'production'),
    ]) {
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toBe(summary);
    }
    edit('shop.yaml', (t) => t.replace('  interval_seconds: 600\n', '  interval_seconds: 180\n'));
  });

  it('refuses a mandatory violation and a denied delete with PLAN_POLICY, writing nothing', async () => {
    const lock = join(dir, 'set', 'locks', 'production.lock.json');
    const lockBefore = readFileSync(lock, 'utf8');
    const liveBefore = await liveNames();
    // A delete in production, and a monitor without its team tag.
    edit('shop.yaml', (t) => t.replace(/ {2}- name: "shop: home"[\s\S]*?keyword_mode: present\n/, ''));
    edit('payments.yaml', (t) =>
      t.replace(
        '    url: https://pay.example.com/health\n',
        '    url: https://pay.example.com/health\n    tags: "pci"\n',
      ),
    );
    const plan = await inProduction('plan', '--out', 'saved.json');
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain(
      'error PLAN_POLICY: the policy refuses this plan: 1 mandatory violation and 1 change a deny rule refuses; nothing was written',
    );
    expect(plan.stdout).toContain('Policy (set/platform.yaml:20:1): 6 rules in force:');
    expect(plan.stdout).toContain('  violation team-tag  set/payments.yaml:24:11:');
    expect(plan.stdout).toMatch(/ {2}denied {4}no-prod-deletes {2}delete "shop: home" \([0-9A-Z]{26}\)/);
    // The refusal names the reviewed way through.
    expect(plan.stdout).toContain(
      'to delete it on purpose, add to a file of the set: deleted: [{ name: "shop: home", policy_exceptions: [{ id: no-prod-deletes, reason: "..." }] }]',
    );
    expect(existsSync(join(dir, 'saved.json'))).toBe(false);

    const apply = await inProduction('apply', '--yes');
    expect(apply.code).toBe(1);
    expect(apply.stderr).toContain('error PLAN_POLICY: the policy refuses this apply');
    expect(readFileSync(lock, 'utf8')).toBe(lockBefore);
    expect(await liveNames()).toEqual(liveBefore);

    // The delete rule is production's: staging may delete.
    const staging = await cli('plan', 'set', '--env', 'staging', '--api-url', sim.baseUrl, '--format', 'json');
    expect(JSON.parse(staging.stdout).policy.denied).toEqual([]);
  });

  it('carries out a reviewed delete: a deleted: entry with its exception, listed in the plan', async () => {
    edit('payments.yaml', (t) => t.replace('    tags: "pci"\n', ''));
    edit(
      'shop.yaml',
      (t) =>
        `${t}deleted:\n  - name: "shop: home"\n    policy_exceptions:\n      - id: no-prod-deletes\n        reason: The home page check moved to the storefront team.\n`,
    );
    const plan = await inProduction('plan');
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toMatch(
      /exception no-prod-deletes {2}"shop: home" at set\/shop\.yaml:\d+:5, a reviewed delete \(deleted:\): reason: The home page check moved/,
    );
    const apply = await inProduction('apply', '--yes');
    expect(apply.code, apply.stderr).toBe(0);
    expect(await liveNames()).not.toContain('shop: home');
  });

  it('puts the refused plan and its policy section in the CI report (the comment)', async () => {
    const ciDir = join(dir, 'ci');
    mkdirSync(join(ciDir, 'monitors'), { recursive: true });
    // A set without environments, for CI's one run: the example's policy without its settings.
    const policy = readFileSync(join(EXAMPLE, 'platform.yaml'), 'utf8').replace(
      /settings:[\s\S]*?\n\npolicy:/,
      'policy:',
    );
    writeFileSync(join(ciDir, 'monitors', 'platform.yaml'), policy.replace(/ {4}environments: \[production\]\n/g, ''));
    writeFileSync(
      join(ciDir, 'monitors', 'api.yaml'),
      `${E2E_DEFAULTS}monitors:\n  - name: "api: health"\n    url: https://api.example.com/health\n    tags: "team:api"\n    interval_seconds: 600\n  - name: "API"\n    url: https://api.example.com/\n    tags: "team:api"\n`,
    );
    const run = await runCli(['ci', 'plan', 'monitors', '--report-dir', 'out'], {
      cwd: ciDir,
      env: { CI: 'true', MONITORS_API_URL: sim.baseUrl, MONITORS_API_TOKEN: sim.token },
      timeoutMs: 60_000,
    });
    expect(run.code).toBe(1);
    const report = readFileSync(join(ciDir, 'out', 'report.md'), 'utf8');
    expect(report).toMatch(/^#### monitors plan `monitors`: refused by policy \(exit 1\)\n\n\*\*Plan: 2 to create/);
    expect(report).toContain('> ⛔ **Refused by policy: 3 mandatory violations.');
    expect(report).toContain('| ⛔ violation | `naming` | `monitors/api.yaml:21:11` |');
    expect(report).toContain('| ⚠️ advisory | `fast-checks` | `monitors/api.yaml:20:23` |');
  });
});
