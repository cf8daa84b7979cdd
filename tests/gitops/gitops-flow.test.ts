// The GitOps loop end to end: a repository with the example monitors, a branch that
// changes them, the PR plan comment, the merge, the apply on main, the lock file
// committed, and the next plan empty. Runs the built CLI and real git.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimServer, type SimServer } from '../../src/sim/server.js';
import { fullScopeToken } from '../../src/sim/tokens.js';
import { runCli } from '../helpers/run-cli.js';

const EXAMPLES = fileURLToPath(new URL('../../examples/shop', import.meta.url));
const TOKEN = 'gitops_token_0123456789abcdef';
const SECRETS = { SHOP_API_TOKEN: 'demo-shop-token', SHOP_ADMIN_PASSWORD: 'demo-admin-password' };

let sim: SimServer;
let repo: string;
const git = (...args: string[]) =>
  execFileSync('git', args, {
    cwd: repo,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.com',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.com',
    },
  });
const monitors = (...args: string[]) =>
  runCli(args, {
    cwd: repo,
    env: { MONITORS_API_URL: sim.baseUrl, MONITORS_API_TOKEN: TOKEN, CI: 'true', ...SECRETS },
  });

beforeAll(async () => {
  sim = await startSimServer({ tokens: [fullScopeToken(TOKEN)] });
  repo = mkdtempSync(join(tmpdir(), 'gitops-'));
  git('init', '-q', '-b', 'main');
  cpSync(EXAMPLES, join(repo, 'monitors'), { recursive: true });
  git('add', '.');
  git('commit', '-qm', 'monitors as code');
});

afterAll(async () => {
  await sim.close();
  rmSync(repo, { recursive: true, force: true });
});

describe('GitOps flow', () => {
  it('applies the first merge and commits the lock file', async () => {
    const apply = await monitors('apply', 'monitors', '--yes');
    expect(apply.code, apply.stderr).toBe(0);
    expect(apply.stdout).toMatch(/Apply complete: \d+ created, 0 updated, 0 deleted, 0 failed\./);
    git('add', 'monitors/monitors.lock.json');
    git('commit', '-qm', 'monitors: update lock file');
    expect(git('status', '--porcelain')).toBe('');
  });

  it('posts a plan comment for a branch that changes monitors, applies it on merge, and plans nothing afterwards', async () => {
    git('checkout', '-q', '-b', 'tune-timeouts');
    const file = join(repo, 'monitors', 'storefront.yaml');
    const text = readFileSync(file, 'utf8');
    const changed = text.replace(
      /timeout_seconds: (\d+)/,
      (_m, n: string) => `timeout_seconds: ${Number(n) === 60 ? 59 : Number(n) + 1}`,
    );
    expect(changed).not.toBe(text);
    writeFileSync(
      file,
      `${changed}\n  - name: "shop: careers page"\n    type: http\n    url: https://shop.example.com/careers\n`,
    );
    git('commit', '-qam', 'tune timeouts, watch the careers page');

    const plan = await monitors('plan', 'monitors', '--format', 'markdown', '--detailed-exitcode');
    expect(plan.code, plan.stderr).toBe(2);
    expect(plan.stdout.split('\n')[0]).toMatch(/Plan: 1 to create, [1-9]\d* to update, 0 to delete\./);
    expect(plan.stdout).toContain('<details>');
    expect(plan.stdout).toContain('shop: careers page');
    expect(plan.stdout.length).toBeLessThan(65_536);
    expect(plan.stdout).not.toContain(SECRETS.SHOP_API_TOKEN);

    git('checkout', '-q', 'main');
    git('merge', '-q', '--no-ff', '-m', 'Merge tune-timeouts', 'tune-timeouts');
    const apply = await monitors('apply', 'monitors', '--yes');
    expect(apply.code, apply.stderr).toBe(0);
    expect(apply.stdout).toMatch(/Apply complete: 1 created, [1-9]\d* updated, 0 deleted, 0 failed\./);
    expect(git('status', '--porcelain')).toContain('monitors/monitors.lock.json');
    git('add', 'monitors/monitors.lock.json');
    git('commit', '-qm', 'monitors: update lock file');

    const after = await monitors('plan', 'monitors', '--detailed-exitcode');
    expect(after.code, after.stdout + after.stderr).toBe(0);
    expect(after.stdout).toMatch(/No changes/);
    const lock = readFileSync(join(repo, 'monitors', 'monitors.lock.json'), 'utf8');
    expect(lock).not.toContain(SECRETS.SHOP_API_TOKEN);
    expect(lock).not.toContain(SECRETS.SHOP_ADMIN_PASSWORD);
  });
});
