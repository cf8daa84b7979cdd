// Six monitors from one template, refused for one interval_seconds: the refusal is said once
// in the progress (the others refer to it) and once in the report, grouped with the monitors
// it hit, at the ${var.interval} reference AND where the environment sets the var; the
// field is never doubled. Text, JSON and GitHub annotations agree (issue 23, point 4).
// The built CLI against the simulator (whose message repeats the field) and against the
// independent spec server in both of its 422 body styles.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimServer, type SimServer } from '../../src/sim/server.js';
import { fullScopeToken } from '../../src/sim/tokens.js';
import { runCli } from '../helpers/run-cli.js';
import { startSpecServer, type SpecServer } from '../helpers/spec-server.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

const TOKEN = 'tok_grouped_0123456789';

const settings = (apiUrl: string) => `settings:
  environments:
    staging:
      api_url: ${apiUrl}
      token_env: ACME_STAGING_TOKEN
      lock_file: staging.lock.json
      vars:
        interval: 240
    production:
      api_url: https://monitoring.example.com/api/v1
      token_env: ACME_PRODUCTION_TOKEN
      lock_file: production.lock.json
      vars:
        interval: 300
`;
// services.yaml: the reference is at 4:21; the template entry at 17:5; settings.yaml:8:19 sets the var.
const SERVICES = `${E2E_DEFAULTS.replace('interval_seconds: 300', 'interval_seconds: ${var.interval}')}monitors:
  - name: "\${each.service} \${each.check}"
    url: https://\${each.service}.shop.example.com/\${each.check}
    for_each:
      service: [cart, search, orders]
      check: [ready, live]
  - name: landing page
    url: https://shop.example.com/
    interval_seconds: 300
`;

let sim: SimServer;
const specs: SpecServer[] = [];
const dirs: string[] = [];
beforeAll(async () => {
  sim = await startSimServer({ tokens: [fullScopeToken(TOKEN)], rateLimitRps: 0 });
  for (const errorStyle of ['api', 'problem'] as const)
    specs.push(
      await startSpecServer({ tokens: [{ token: TOKEN, scopes: ['monitors:read', 'monitors:write'] }], errorStyle }),
    );
});
afterAll(async () => {
  await sim.close();
  for (const s of specs) await s.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function workspace(apiUrl: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'refusal-grouped-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'settings.yaml'), settings(apiUrl));
  writeFileSync(join(dir, 'services.yaml'), SERVICES);
  return dir;
}

const servers = () => [
  { name: 'the simulator', baseUrl: sim.baseUrl },
  { name: 'the spec server, ApiError details', baseUrl: specs[0]!.baseUrl },
  { name: 'the spec server, problem details', baseUrl: specs[1]!.baseUrl },
];

const apply = (dir: string, extra: string[] = []) =>
  runCli(['apply', '.', '--env', 'staging', '--yes', ...extra], {
    cwd: dir,
    env: { ACME_STAGING_TOKEN: TOKEN, CI: 'true', GITHUB_ACTIONS: 'true', MONITORS_RETRY_BASE_MS: '5' },
  });

const count = (text: string, needle: string) => text.split(needle).length - 1;

describe.each([0, 1, 2])('one refusal of six templated monitors (server %#)', (which) => {
  it('text and annotations: said once, grouped, at the reference and at the var', { timeout: 60_000 }, async () => {
    const dir = workspace(servers()[which]!.baseUrl);
    const run = await apply(dir);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    const out = run.stdout;
    expect(out + run.stderr).not.toContain('interval_seconds: interval_seconds');
    // Progress (stderr): one full line, five that refer to it.
    expect(
      run.stderr.match(
        /^failed {3}create of "[a-z]+ [a-z]+": the API rejected the monitor \(422\): interval_seconds: 240 is not an enabled interval/gm,
      ),
    ).toHaveLength(1);
    expect(
      run.stderr.match(
        /^failed {3}create of "[a-z]+ [a-z]+": refused as create of "[a-z]+ [a-z]+" above \(422: interval_seconds\)$/gm,
      ),
    ).toHaveLength(5);
    // The report: one group, its two places, the monitors it hit.
    const report = out.slice(out.indexOf('6 changes failed:'));
    expect(report.split('\n').slice(0, 5)).toEqual([
      '6 changes failed:',
      '  - 6 monitors from services.yaml:17:5: API_VALIDATION: the API rejected them (422)',
      expect.stringMatching(
        /^ {4}services\.yaml:4:21: interval_seconds: 240 is not an enabled interval.* \(from \$\{var\.interval\}\)$/,
      ),
      '    settings.yaml:8:19: var interval is set here, for environment staging',
      expect.stringMatching(
        /^ {4}refused: create of "cart live", create of "cart ready", create of "orders live", create of "orders ready" and 2 more \(all of them in --format json\)$/,
      ),
    ]);
    expect(count(report, 'is not an enabled interval')).toBe(2); // the report's line and the annotation
    expect(out).toContain('Apply complete: 1 created, 0 updated, 0 deleted, 6 failed.');
    // Annotations: one per place of the refusal, not one per monitor.
    const annotations = out.split('\n').filter((l) => l.startsWith('::error'));
    expect(annotations).toEqual([
      expect.stringMatching(
        /^::error file=services\.yaml,line=4,col=21,title=API_VALIDATION::6 monitors from services\.yaml:17:5 refused by the API \(422\): interval_seconds: 240 is not an enabled interval.* \(from \$\{var\.interval\}\)$/,
      ),
      '::error file=settings.yaml,line=8,col=19,title=API_VALIDATION::6 monitors from services.yaml:17:5 refused by the API (422) for interval_seconds: var interval is set here, for environment staging',
    ]);
  });

  it('JSON: the same group, with the changes it hit and the same places', { timeout: 60_000 }, async () => {
    const dir = workspace(servers()[which]!.baseUrl);
    const run = await apply(dir, ['--format', 'json']);
    expect(run.code, run.stderr).toBe(1);
    const result = JSON.parse(run.stdout) as {
      changes: { name: string; status: string; error?: { locations: Record<string, unknown>[] } }[];
      failure_groups: {
        code: string;
        count: number;
        changes: number[];
        sources: unknown[];
        locations: Record<string, unknown>[];
      }[];
    };
    expect(result.failure_groups).toHaveLength(1);
    const group = result.failure_groups[0]!;
    expect(group).toMatchObject({
      code: 'API_VALIDATION',
      count: 6,
      sources: [{ file: 'services.yaml', line: 17, col: 5, count: 6 }],
    });
    expect(group.changes.map((i) => result.changes[i]!.status)).toEqual(Array<string>(6).fill('failed'));
    expect(group.locations).toEqual([
      expect.objectContaining({ file: 'services.yaml', line: 4, col: 21, field: 'interval_seconds' }),
      {
        file: 'settings.yaml',
        line: 8,
        col: 19,
        field: 'interval_seconds',
        var: 'interval',
        message: 'var interval is set here, for environment staging',
      },
    ]);
    expect(group.locations[0]!.message).not.toContain('(service=');
    // Each failed change still carries its own places, its instance named.
    const first = result.changes[group.changes[0]!]!;
    expect(first.error!.locations).toEqual([
      expect.objectContaining({
        file: 'services.yaml',
        line: 4,
        col: 21,
        instance: expect.stringMatching(/^service=/),
      }),
      expect.objectContaining({ file: 'settings.yaml', line: 8, col: 19, var: 'interval' }),
    ]);
  });
});
