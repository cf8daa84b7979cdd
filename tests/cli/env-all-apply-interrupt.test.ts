// Ctrl-C or a CI cancel during `apply --env all`: the signal reaches the apply in progress
// once (it starts no new write, records those in flight, exits 130), and no later
// environment starts. The built CLI as a process against the simulator.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimServer, type SimServer } from '../../src/sim/server.js';
import { fullScopeToken } from '../../src/sim/tokens.js';
import { runCli } from '../helpers/run-cli.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

const TOKEN = 'tok_env_all_interrupt_0123456789';
let sim: SimServer;
let dir: string;

const environment = (name: string) =>
  `    ${name}:\n      api_url: \${env:SIM_URL}\n      token_env: ${name.toUpperCase()}_TOKEN\n      lock_file: ${name}.lock.json\n`;
const monitors = (name: string, count: number) =>
  Array.from(
    { length: count },
    (_, i) => `  - name: ${name}-${i}\n    url: https://${name}.example.com/${i}\n    environments: [${name}]\n`,
  ).join('');

beforeAll(async () => {
  sim = await startSimServer({ tokens: [fullScopeToken(TOKEN)], rateLimitRps: 0 });
  dir = mkdtempSync(join(tmpdir(), 'env-all-apply-interrupt-'));
  writeFileSync(
    join(dir, 'settings.yaml'),
    `settings:\n  environments:\n${environment('staging')}${environment('production')}`,
  );
  writeFileSync(
    join(dir, 'sites.yaml'),
    `${E2E_DEFAULTS}monitors:\n${monitors('staging', 12)}${monitors('production', 2)}`,
  );
});
afterAll(async () => {
  await sim?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('apply --env all interrupted', { timeout: 60_000 }, () => {
  it('stops the environment in progress as one apply stops, and starts no other: exit 130', async () => {
    sim.setFaults({ holdWritesMs: 400 });
    let sent = false;
    const run = await runCli(['apply', '.', '--env', 'all', '--yes', '--concurrency', '3'], {
      cwd: dir,
      env: { SIM_URL: sim.baseUrl, STAGING_TOKEN: TOKEN, PRODUCTION_TOKEN: TOKEN, CI: 'true' },
      timeoutMs: 30_000,
      watch: (child, { stderr }) => {
        if (!sent && /^created /m.test(stderr)) {
          sent = true;
          child.kill('SIGINT');
        }
      },
    });
    sim.setFaults({ holdWritesMs: 0 });
    expect(run.code, run.stdout + run.stderr).toBe(130);
    expect(run.stderr).toContain('SIGINT: starting no more changes');
    expect(run.stdout).toMatch(/Apply interrupted: \d+ created/);
    expect(run.stdout).toMatch(
      /\nmonitors apply --env staging was interrupted \(SIGINT\)\. Not applied: production; run the command again once it is fixed\.\n$/,
    );
    expect(run.stdout).not.toContain('--env production');
    // What staging wrote is recorded; production was never started.
    const live = [...sim.core.state.workspace('default').monitors.values()].map((m) => String(m.input.name));
    const recorded = (JSON.parse(readFileSync(join(dir, 'staging.lock.json'), 'utf8')) as { monitors: unknown[] })
      .monitors;
    expect(live.length).toBeGreaterThan(0);
    expect(live.length).toBeLessThan(12);
    expect(recorded).toHaveLength(live.length);
    expect(live.every((name) => name.startsWith('staging-'))).toBe(true);
    expect(existsSync(join(dir, 'production.lock.json'))).toBe(false);
  });
});
