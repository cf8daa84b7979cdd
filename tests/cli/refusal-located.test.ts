// A 422 from a create or replace, reported at file:line:col of the field the server named
// (the `defaults:` line when the monitor takes the field from there): in the text report,
// in GitHub annotations, in `apply --format json`, and for a saved plan too. The built CLI
// against the independent spec server, in both of its 422 body styles.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { startSpecServer, type SpecServer } from '../helpers/spec-server.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

const TOKEN = 'tok_refusals_0123456789';
// 240 s is not an interval this server has enabled: a 422 naming interval_seconds.
const A = `${E2E_DEFAULTS}monitors:\n  - name: svc-ok\n    url: https://shop.example.com/ok\n  - name: svc-own\n    url: https://shop.example.com/own\n    interval_seconds: 240\n`;
const B = `${E2E_DEFAULTS.replace('interval_seconds: 300', 'interval_seconds: 240')}monitors:\n  - name: svc-default\n    url: https://shop.example.com/default\n`;

/** file:line:col of the "240" in a text. */
function where(file: string, text: string): string {
  const index = text.indexOf('240');
  const before = text.slice(0, index);
  return `${file}:${before.split('\n').length}:${index - before.lastIndexOf('\n')}`;
}
const OWN = where('monitors/a.yaml', A);
const DEFAULT = where('monitors/b.yaml', B);

const servers: SpecServer[] = [];
const dirs: string[] = [];
beforeAll(async () => {
  for (const errorStyle of ['api', 'problem'] as const)
    servers.push(
      await startSpecServer({ tokens: [{ token: TOKEN, scopes: ['monitors:read', 'monitors:write'] }], errorStyle }),
    );
});
afterAll(async () => {
  for (const s of servers) await s.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'refusals-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'monitors'));
  writeFileSync(join(dir, 'monitors', 'a.yaml'), A);
  writeFileSync(join(dir, 'monitors', 'b.yaml'), B);
  return dir;
}

const cli = (server: SpecServer, dir: string, args: string[], env: Record<string, string> = {}) =>
  runCli(args, {
    cwd: dir,
    env: {
      MONITORS_API_URL: server.baseUrl,
      MONITORS_API_TOKEN: TOKEN,
      MONITORS_RETRY_BASE_MS: '5',
      CI: 'true',
      ...env,
    },
  });

describe.each([0, 1])('a 422 from the server (body style %#)', (which) => {
  it(
    'text: each refusal at the line and column of the field, the one from defaults at the defaults line; annotations under Actions',
    { timeout: 120_000 },
    async () => {
      const server = servers[which]!;
      server.reset();
      const dir = workspace();
      const run = await cli(server, dir, ['apply', 'monitors', '--yes'], { GITHUB_ACTIONS: 'true' });
      expect(run.code, run.stdout + run.stderr).toBe(1);
      expect(run.stdout).toContain(`    ${OWN}: interval_seconds: `);
      expect(run.stdout).toContain(`    ${DEFAULT}: interval_seconds: `);
      const [ownLine, ownCol] = OWN.split(':').slice(1);
      const [defLine, defCol] = DEFAULT.split(':').slice(1);
      expect(run.stdout).toMatch(
        new RegExp(
          `^::error file=monitors/a\\.yaml,line=${ownLine},col=${ownCol},title=API_VALIDATION::create of "svc-own" refused by the API \\(422\\): interval_seconds: `,
          'm',
        ),
      );
      expect(run.stdout).toMatch(
        new RegExp(
          `^::error file=monitors/b\\.yaml,line=${defLine},col=${defCol},title=API_VALIDATION::create of "svc-default" refused`,
          'm',
        ),
      );
      expect(run.stdout).toContain('Apply complete: 1 created, 0 updated, 0 deleted, 2 failed.');

      const quiet = await cli(server, dir, ['apply', 'monitors', '--yes']);
      expect(quiet.stdout).not.toContain('::error');
    },
  );

  it(
    '--format json: stdout is one JSON document whose failed changes carry their locations',
    { timeout: 120_000 },
    async () => {
      const server = servers[which]!;
      server.reset();
      const dir = workspace();
      const run = await cli(server, dir, ['apply', 'monitors', '--yes', '--format', 'json'], {
        GITHUB_ACTIONS: 'true',
      });
      expect(run.code, run.stderr).toBe(1);
      const result = JSON.parse(run.stdout) as {
        format_version: number;
        summary: Record<string, unknown>;
        changes: {
          name: string;
          status: string;
          error?: { code: string; locations: { file: string; line: number; col: number; field?: string }[] };
        }[];
      };
      expect(result.format_version).toBe(1);
      expect(result.summary).toMatchObject({
        created: 1,
        failed: 2,
        not_started: 0,
        interrupted: false,
        stopped_by: null,
      });
      const byName = Object.fromEntries(result.changes.map((c) => [c.name, c]));
      expect(byName['svc-ok']).toMatchObject({ status: 'done' });
      const loc = (s: string) => ({
        file: s.split(':')[0],
        line: Number(s.split(':')[1]),
        col: Number(s.split(':')[2]),
        field: 'interval_seconds',
      });
      expect(byName['svc-own']!.error).toMatchObject({
        code: 'API_VALIDATION',
        locations: [expect.objectContaining(loc(OWN))],
      });
      expect(byName['svc-default']!.error).toMatchObject({
        code: 'API_VALIDATION',
        locations: [expect.objectContaining(loc(DEFAULT))],
      });
      // The plan, the report and the annotations go to stderr.
      expect(run.stderr).toContain('Plan: 3 to create');
      expect(run.stderr).toContain(`::error file=monitors/a.yaml`);
    },
  );

  it('apply --plan FILE: a saved plan carries enough to locate the refusal', { timeout: 120_000 }, async () => {
    const server = servers[which]!;
    server.reset();
    const dir = workspace();
    expect((await cli(server, dir, ['plan', 'monitors', '--out', 'plan.json'])).code).toBe(0);
    const run = await cli(server, dir, ['apply', '--plan', 'plan.json']);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).toContain(`    ${OWN}: interval_seconds: `);
    expect(run.stdout).toContain(`    ${DEFAULT}: interval_seconds: `);
  });
});

describe('a 422 on a monitor made by a for_each', () => {
  // The us-east instance asks for 240 s through its ${each.interval}: the server refuses it.
  const C = `${E2E_DEFAULTS}monitors:
  - name: "svc \${each.region}"
    url: https://\${each.region}.shop.example.com/
    interval_seconds: \${each.interval}
    for_each:
      - { region: eu-west, interval: 300 }
      - { region: us-east, interval: 240 }
`;
  const index = C.indexOf('${each.interval}');
  const before = C.slice(0, index);
  const TEMPLATE = `monitors/c.yaml:${before.split('\n').length}:${index - before.lastIndexOf('\n')}`;

  it(
    'is reported at the template line, naming the instance, in text, annotations and JSON',
    { timeout: 120_000 },
    async () => {
      const server = servers[0]!;
      server.reset();
      const dir = mkdtempSync(join(tmpdir(), 'refusals-'));
      dirs.push(dir);
      mkdirSync(join(dir, 'monitors'));
      writeFileSync(join(dir, 'monitors', 'c.yaml'), C);
      const run = await cli(server, dir, ['apply', 'monitors', '--yes'], { GITHUB_ACTIONS: 'true' });
      expect(run.code, run.stdout + run.stderr).toBe(1);
      expect(run.stdout).toContain('  - create of "svc us-east": API_VALIDATION: the API rejected the monitor (422)');
      expect(run.stdout).toMatch(
        new RegExp(`^    ${TEMPLATE}: interval_seconds: .* \\(region=us-east, interval=240\\)$`, 'm'),
      );
      const [line, col] = TEMPLATE.split(':').slice(1);
      expect(run.stdout).toMatch(
        new RegExp(
          `^::error file=monitors/c\\.yaml,line=${line},col=${col},title=API_VALIDATION::create of "svc us-east" refused by the API \\(422\\): interval_seconds: .*\\(region=us-east, interval=240\\)$`,
          'm',
        ),
      );
      expect(run.stdout).toContain('Apply complete: 1 created, 0 updated, 0 deleted, 1 failed.');

      // The reset empties the workspace the lock knows: the workspace check would stop the
      // apply (every record vanished), so the test says that this is expected.
      server.reset();
      const json = await cli(server, dir, ['apply', 'monitors', '--yes', '--format', 'json', '--allow-missing']);
      const result = JSON.parse(json.stdout) as {
        changes: { name: string; error?: { locations: Record<string, unknown>[] } }[];
      };
      const failed = result.changes.find((c) => c.name === 'svc us-east')!;
      expect(failed.error!.locations).toEqual([
        expect.objectContaining({
          file: 'monitors/c.yaml',
          line: Number(line),
          col: Number(col),
          field: 'interval_seconds',
          instance: 'region=us-east, interval=240',
        }),
      ]);
    },
  );
});
