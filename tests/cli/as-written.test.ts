// What the YAML says is what the server gets: the built CLI against the independent spec
// server (tests/helpers/spec-server.ts). Every field reaches the server as written, after
// defaults and ${env:NAME}: list order, header text, tags text, explicit nulls. Plans
// still compare by meaning: a server that stores another spelling of the same values
// (locations sorted, headers re-spaced, tags re-joined) plans clean, with or without a
// lock file.
import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/run-cli.js';
import { startSpecServer, type SpecServer } from '../helpers/spec-server.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';
import { httpInput } from '../load/valid-input.js';

const TOKEN = 'tok_as_written_0123456789';
const ENV = { AW_PATH: 'p/1', AW_HEADER: 'hv-SENTINEL', AW_REGION: 'us-west', AW_SECRET: 'sekret-aw-SENTINEL' };

// E2E_DEFAULTS with a list of locations in an order of its own, and tags spelled loosely.
const DEFAULTS = E2E_DEFAULTS.replace('execution_mode: single_location', 'execution_mode: multi_location')
  .replace('locations: [eu-west]', 'locations: [us-east, eu-west, ap-south]')
  .replace('consensus_threshold: 1', 'consensus_threshold: 2')
  .concat('  tags: "web , shop,  web,alpha"\n');

const YAML = `${DEFAULTS}monitors:
  - name: "as-written: defaults"
    url: https://shop.example.com/a
  - name: "as-written: own values"
    url: https://shop.example.com/b
    locations: [ap-south, us-east]
    headers: |
      X-Trace:   1
      accept:text/html
    tags: "zeta,beta, alpha "
    group: null
    keyword: ~
  - name: "as-written: templated"
    url: https://shop.example.com/\${env:AW_PATH}
    headers: "X-Key:  \${env:AW_HEADER}\\r\\nAccept: */*"
    locations: ["\${env:AW_REGION}", eu-west]
    auth_type: bearer
    auth_secret: \${env:AW_SECRET}
`;

const COMMON = httpInput({ execution_mode: 'multi_location', consensus_threshold: 2, tags: 'web , shop,  web,alpha' });

/** Byte for byte what the YAML says, per monitor (the spec server keeps the secret too). */
const EXPECTED: Record<string, Record<string, unknown>> = {
  'as-written: defaults': {
    ...COMMON,
    name: 'as-written: defaults',
    url: 'https://shop.example.com/a',
    locations: ['us-east', 'eu-west', 'ap-south'],
  },
  'as-written: own values': {
    ...COMMON,
    name: 'as-written: own values',
    url: 'https://shop.example.com/b',
    locations: ['ap-south', 'us-east'],
    headers: 'X-Trace:   1\naccept:text/html\n',
    tags: 'zeta,beta, alpha ',
    group: null,
    keyword: null,
  },
  'as-written: templated': {
    ...COMMON,
    name: 'as-written: templated',
    url: 'https://shop.example.com/p/1',
    headers: 'X-Key:  hv-SENTINEL\r\nAccept: */*',
    locations: ['us-west', 'eu-west'],
    auth_type: 'bearer',
    auth_secret: 'sekret-aw-SENTINEL',
  },
};

let asSent: SpecServer;
let respelled: SpecServer;
const dirs: string[] = [];

function newDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'as-written-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'monitors.yaml'), YAML);
  return dir;
}

const cli = (server: SpecServer, dir: string, args: string[]): Promise<CliResult> =>
  runCli(args, {
    cwd: dir,
    env: { MONITORS_API_URL: server.baseUrl, MONITORS_API_TOKEN: TOKEN, MONITORS_RETRY_BASE_MS: '5', ...ENV },
  });

const storedByName = (server: SpecServer) =>
  Object.fromEntries(server.monitors().map((m) => [m.input.name as string, m.input]));

async function expectClean(server: SpecServer, dir: string): Promise<void> {
  const plan = await cli(server, dir, ['plan', '--detailed-exitcode']);
  expect(plan.code, plan.stdout + plan.stderr).toBe(0);
  expect(plan.stdout).toContain('No changes. 3 monitors up to date.');
}

beforeAll(async () => {
  asSent = await startSpecServer({
    tokens: [{ token: TOKEN, scopes: ['monitors:read', 'monitors:write'] }],
    listing: 'full',
  });
  respelled = await startSpecServer({
    tokens: [{ token: TOKEN, scopes: ['monitors:read', 'monitors:write'] }],
    listing: 'full',
    storage: 'respelled',
  });
});
afterAll(async () => {
  await asSent.close();
  await respelled.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('send as written', () => {
  it(
    'a saved plan carries the bodies as written (templates kept), and the server then holds byte for byte what the YAML says',
    { timeout: 120_000 },
    async () => {
      asSent.reset();
      const dir = newDir();
      const planned = await cli(asSent, dir, ['plan', '--out', 'plan.json']);
      expect(planned.code, planned.stderr).toBe(0);
      const saved = readFileSync(join(dir, 'plan.json'), 'utf8');
      const bodies = Object.fromEntries(
        (
          JSON.parse(saved) as { plan: { changes: { name: string; body: Record<string, unknown> }[] } }
        ).plan.changes.map((c) => [c.name, c.body]),
      );
      expect(bodies['as-written: templated']).toMatchObject({
        locations: ['${env:AW_REGION}', 'eu-west'],
        headers: 'X-Key:  ${env:AW_HEADER}\r\nAccept: */*',
        auth_secret: '${env:AW_SECRET}',
      });
      expect(bodies['as-written: own values']).toMatchObject({
        locations: ['ap-south', 'us-east'],
        headers: 'X-Trace:   1\naccept:text/html\n',
        group: null,
      });
      expect(saved).not.toContain('SENTINEL');

      const applied = await cli(asSent, dir, ['apply', '--plan', 'plan.json']);
      expect(applied.code, applied.stdout + applied.stderr).toBe(0);
      expect(applied.stdout).toContain('Apply complete: 3 created');
      expect(storedByName(asSent)).toStrictEqual(EXPECTED);
      await expectClean(asSent, dir);
    },
  );

  it('a plain apply sends the same bytes', { timeout: 120_000 }, async () => {
    asSent.reset();
    const dir = newDir();
    const applied = await cli(asSent, dir, ['apply', '--yes']);
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(storedByName(asSent)).toStrictEqual(EXPECTED);
    await expectClean(asSent, dir);
  });

  it(
    'a server that stores another spelling of the same values plans clean, and its writes verify',
    { timeout: 120_000 },
    async () => {
      respelled.reset();
      const dir = newDir();
      const applied = await cli(respelled, dir, ['apply', '--yes']);
      expect(applied.code, applied.stdout + applied.stderr).toBe(0);
      expect(applied.stdout).not.toContain('warning');
      const stored = storedByName(respelled)['as-written: own values']!;
      expect(stored).toMatchObject({
        locations: ['ap-south', 'us-east'],
        headers: 'x-trace:1\r\naccept:text/html',
        tags: 'alpha, beta, zeta',
      });
      expect(storedByName(respelled)['as-written: defaults']).toMatchObject({
        locations: ['ap-south', 'eu-west', 'us-east'],
        tags: 'alpha, shop, web, web',
      });
      await expectClean(respelled, dir);

      // Without the lock file: each is replaced once (not verifiable), then the plan is clean again.
      unlinkSync(join(dir, 'monitors.lock.json'));
      const again = await cli(respelled, dir, ['apply', '--yes']);
      expect(again.code, again.stdout + again.stderr).toBe(0);
      expect(again.stdout).toContain('Apply complete: 0 created, 3 updated');
      await expectClean(respelled, dir);
    },
  );

  it(
    'a re-ordered list is another payload with another key: a refused create is refused again for its reason, never a 409',
    { timeout: 120_000 },
    async () => {
      asSent.reset();
      const dir = newDir();
      // 240 s is not an enabled interval on this server: a 422, which it keeps under the key.
      // (No templated monitor here: with no lock file yet, its hashes take a new salt each run.)
      const refused = YAML.replace('interval_seconds: 300', 'interval_seconds: 240').replace(
        /  - name: "as-written: templated"[^]*$/,
        '',
      );
      writeFileSync(join(dir, 'monitors.yaml'), refused);
      const first = await cli(asSent, dir, ['apply', '--yes', '--concurrency', '1']);
      expect(first.code).toBe(1);
      expect(first.stdout).toContain('(422)');
      writeFileSync(
        join(dir, 'monitors.yaml'),
        refused.replace('locations: [us-east, eu-west, ap-south]', 'locations: [ap-south, eu-west, us-east]'),
      );
      const second = await cli(asSent, dir, ['apply', '--yes', '--concurrency', '1']);
      expect(second.code).toBe(1);
      expect(second.stdout + second.stderr).not.toContain('API_KEY_REUSED');
      expect(second.stdout).toContain('(422)');
      const posts = asSent.requests().filter((r) => r.method === 'POST');
      expect(
        posts.every((r) => r.status === 422),
        JSON.stringify(posts),
      ).toBe(true);
      // The first monitor's body changed order: its key changed. The others kept theirs.
      const keysOf = (from: number, to: number) => new Set(posts.slice(from, to).map((r) => r.key));
      const half = posts.length / 2;
      expect(posts.length % 2).toBe(0);
      const before = keysOf(0, half);
      const after = keysOf(half, posts.length);
      expect([...after].filter((k) => !before.has(k))).toHaveLength(1);
    },
  );
});

describe('send as written: monitors made by a for_each', () => {
  // A var holds the locations in an order of its own; each instance writes its header and tags loosely.
  const GENERATED = `${DEFAULTS}vars:
  order: [us-east, eu-west, ap-south]
monitors:
  - name: "gen \${each.region}"
    url: https://\${each.region}.shop.example.com/
    locations: \${var.order}
    headers: "X-Region:   \${each.region}\\r\\nX-Key: \${env:AW_HEADER}"
    tags: "\${each.region} , shop"
    for_each:
      region: [zeta, alpha]
`;
  const expected = (region: string) => ({
    ...COMMON,
    name: `gen ${region}`,
    url: `https://${region}.shop.example.com/`,
    locations: ['us-east', 'eu-west', 'ap-south'],
    headers: `X-Region:   ${region}\r\nX-Key: hv-SENTINEL`,
    tags: `${region} , shop`,
  });

  it(
    'each instance reaches the server as its template writes it, and a server that re-spells them plans clean',
    { timeout: 120_000 },
    async () => {
      for (const server of [asSent, respelled]) {
        server.reset();
        const dir = mkdtempSync(join(tmpdir(), 'as-written-'));
        dirs.push(dir);
        writeFileSync(join(dir, 'monitors.yaml'), GENERATED);
        const applied = await cli(server, dir, ['apply', '--yes']);
        expect(applied.code, applied.stdout + applied.stderr).toBe(0);
        if (server === asSent)
          expect(storedByName(server)).toStrictEqual({ 'gen zeta': expected('zeta'), 'gen alpha': expected('alpha') });
        else
          expect(storedByName(server)['gen zeta']).toMatchObject({
            locations: ['ap-south', 'eu-west', 'us-east'],
            tags: 'shop, zeta',
          });
        const plan = await cli(server, dir, ['plan', '--detailed-exitcode']);
        expect(plan.code, plan.stdout + plan.stderr).toBe(0);
        expect(plan.stdout).toContain('No changes. 2 monitors up to date.');
      }
    },
  );
});
