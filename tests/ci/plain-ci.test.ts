// `monitors ci` in any other CI (neither GITHUB_ACTIONS nor GITLAB_CI set): plan and apply run
// as everywhere, the Markdown report and the outputs go to files, and it says that no comment
// was posted; drift found fails the job (exit 2), since no issue can hold it.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDERS } from '../../src/ci/provider-names.js';
import { runCli } from '../helpers/run-cli.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';

const EXAMPLE = fileURLToPath(new URL('../../examples/shop', import.meta.url));
const SECRETS = { SHOP_API_TOKEN: 'demo-shop-token-SENTINEL', SHOP_ADMIN_PASSWORD: 'demo-admin-password-SENTINEL' };

let sim: SimProcess;
let workspace: string;

beforeAll(async () => {
  sim = await startSimProcess();
  workspace = mkdtempSync(join(tmpdir(), 'ci-plain-'));
  cpSync(EXAMPLE, join(workspace, 'monitors'), { recursive: true });
});

afterAll(async () => {
  await sim.stop();
  rmSync(workspace, { recursive: true, force: true });
});

const env = () => ({ ...SECRETS, CI: 'true', MONITORS_API_URL: sim.baseUrl, MONITORS_API_TOKEN: sim.token });
const ci = (...args: string[]) => runCli(['ci', ...args], { cwd: workspace, env: env(), timeoutMs: 120_000 });
const file = (dir: string, name: string) => readFileSync(join(workspace, dir, name), 'utf8');

describe('monitors ci outside GitHub Actions and GitLab CI', { timeout: 120_000 }, () => {
  it('plans into report files and says that no comment was posted', async () => {
    const run = await ci('plan', 'monitors', '--report-dir', 'out');
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(
      'monitors: not GitHub Actions or GitLab CI, so no comment was posted; the plan is in out/report.md.',
    );
    expect(file('out', 'report.md')).toMatch(
      /^#### monitors plan `monitors`\n\n\*\*Plan: 17 to create, 0 to update, 0 to delete\.\*\*/,
    );
    expect(JSON.parse(file('out', 'plan-report.json'))).toEqual({ create: 17, update: 0, delete: 0 });
    expect(file('out', 'outputs.env')).toBe('MONITORS_CHANGES=true\nMONITORS_EXIT_CODE=2\n');
    for (const secret of [...Object.values(SECRETS), sim.token]) expect(file('out', 'report.md')).not.toContain(secret);
  });

  it('fails with exit 2 when the live monitors drift, and passes once they do not', async () => {
    const drift = await ci('drift', 'monitors');
    expect(drift.code).toBe(2);
    expect(drift.stderr).toContain(
      'error: the live monitors drift from monitors. Not GitHub Actions or GitLab CI, so no issue holds it: the plan is in monitors-ci/report.md (exit 2).',
    );
    const apply = await ci('apply', 'monitors');
    expect(apply.code, apply.stdout + apply.stderr).toBe(0);
    expect(file('monitors-ci', 'report.md')).toMatch(
      /^#### monitors apply `monitors`: succeeded\n\n```\n[\s\S]*Apply complete: 17 created/,
    );
    expect(file('monitors-ci', 'outputs.env')).toBe('MONITORS_CHANGES=false\nMONITORS_EXIT_CODE=0\n');
    const settled = await ci('drift', 'monitors');
    expect(settled.code, settled.stdout + settled.stderr).toBe(0);
    expect(settled.stdout).toContain('monitors: no drift: the live monitors match monitors.');
  });

  it('refuses an unknown command or provider with the commands it knows', async () => {
    const bad = await ci('destroy');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe(
      'error BAD_OPTION: monitors ci: unknown command "destroy"\n  Use one of validate, plan, apply, drift.\n',
    );
    const provider = await ci('plan', 'monitors', '--provider', 'jenkins');
    expect(provider.stderr).toContain(`--provider "jenkins" is not one of ${PROVIDERS.join(', ')}`);
  });
});
