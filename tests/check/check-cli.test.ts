// `monitors check` end to end: the BUILT CLI on a folder of monitors that name public hosts,
// reached through --resolve (and --ca, --dns-server, --rdap-url) on loopback servers.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import {
  closedPort,
  sleep,
  startDns,
  startHttp,
  startTcp,
  startTls,
  startUdp,
  type HttpServer,
  type Running,
} from './servers/loopback.js';
import { createTestCa } from './servers/test-ca.js';

const SECRET = 'shop-api-token-e2e-5f2c';
const DEFAULTS = `defaults:
  method: GET
  interval_seconds: 300
  timeout_seconds: 15
  retry_count: 0
  confirmation_attempts: 1
  slow_threshold_ms: 10000
  expected_status_min: 200
  expected_status_max: 299
  max_redirects: 0
  auth_type: none
  execution_mode: local
  consensus_threshold: 1
`;

let dir: string;
let web: HttpServer;
let api: HttpServer;
let tls: Running;
let tcp: Running;
let udp: Running;
let dns: Running;
let rdap: HttpServer;
let refused: number;
let flags: string[];

beforeAll(async () => {
  const ca = createTestCa();
  [web, api, tls, tcp, udp, dns, rdap, refused] = await Promise.all([
    startHttp(
      async (req, res) => {
        if (req.url === '/slow') await sleep(150);
        res.writeHead(200, { 'content-type': 'text/html' }).end('<button>Add to cart</button>');
      },
      ca.issue(['shop.example.com'], 90),
    ),
    startHttp((req, res) => {
      if (req.headers.authorization !== `Bearer ${SECRET}`) return void res.writeHead(401).end('{}');
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    }),
    startTls(ca.issue(['shop.example.com'], 90)),
    startTcp(),
    startUdp((p) => p),
    startDns({ 'shop.example.com': { A: ['93.184.215.14'] } }),
    startHttp(
      (_req, res) =>
        void res.writeHead(200).end(
          JSON.stringify({
            events: [{ eventAction: 'expiration', eventDate: new Date(Date.now() + 400 * 86_400_000).toISOString() }],
          }),
        ),
    ),
    closedPort(),
  ]);
  dir = mkdtempSync(join(tmpdir(), 'check-cli-'));
  writeFileSync(join(dir, 'ca.pem'), ca.cert);
  writeFileSync(
    join(dir, 'shop.yaml'),
    `${DEFAULTS}
monitors:
  - name: "shop: home page"
    type: http
    url: https://shop.example.com:${web.port}/
  - name: "shop: product page shows add to cart"
    type: keyword
    url: https://shop.example.com:${web.port}/products/tee
    keyword: Add to cart
  - name: "shop: slow page"
    type: http
    url: https://shop.example.com:${web.port}/slow
    slow_threshold_ms: 100
  - name: "shop: orders API healthy"
    type: json
    url: http://api.shop.example.com:${api.port}/v1/health
    auth_type: bearer
    auth_secret: \${env:SHOP_API_TOKEN}
    json_pointer: /status
    json_operator: equals
    json_expected: ok
  - name: "shop: TLS certificate"
    type: ssl
    url: shop.example.com
    port: ${tls.port}
    minimum_tls_days: 21
  - name: "db: port open"
    type: tcp
    url: db.shop.example.com
    port: ${tcp.port}
  - name: "ntp: answers"
    type: udp
    url: ntp.shop.example.com
    port: ${udp.port}
    udp_payload: e3000000
    udp_expected: e3
  - name: "shop: DNS points at the load balancer"
    type: dns
    url: shop.example.com
    dns_record_type: A
    dns_expected: 93.184.215.14
  - name: "shop: domain registered"
    type: domain
    url: example.com
    minimum_domain_days: 30
  - name: "cdn: reachable"
    type: ping
    url: cdn.shop.example.com
`,
  );
  writeFileSync(
    join(dir, 'broken.yaml'),
    `${DEFAULTS}
monitors:
  - name: "legacy: admin port"
    type: tcp
    url: admin.shop.example.com
    port: ${refused}
`,
  );
  flags = [
    '--resolve',
    `shop.example.com:${web.port}:127.0.0.1`,
    '--resolve',
    `shop.example.com:${tls.port}:127.0.0.1`,
    '--resolve',
    `api.shop.example.com:*:127.0.0.1`,
    '--resolve',
    `db.shop.example.com:${tcp.port}:127.0.0.1`,
    '--resolve',
    `ntp.shop.example.com:${udp.port}:127.0.0.1`,
    '--resolve',
    `admin.shop.example.com:${refused}:127.0.0.1`,
    '--ca',
    join(dir, 'ca.pem'),
    '--dns-server',
    `127.0.0.1:${dns.port}`,
    '--rdap-url',
    `http://127.0.0.1:${rdap.port}/`,
  ];
});
afterAll(async () => {
  await Promise.all([web, api, tls, tcp, udp, dns, rdap].map((s) => s.close()));
  rmSync(dir, { recursive: true, force: true });
});

const env = { SHOP_API_TOKEN: SECRET };

describe('monitors check (built CLI)', () => {
  it('checks every type and exits 1 because one monitor is down (JSON)', async () => {
    const run = await runCli(['check', dir, ...flags, '--format', 'json'], { env });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(report.format_version).toBe(1);
    expect(report.summary).toEqual({ up: 8, degraded: 1, down: 1, not_checked: 1 });
    const status = Object.fromEntries(report.results.map((r: { name: string; status: string }) => [r.name, r.status]));
    expect(status).toEqual({
      'legacy: admin port': 'down',
      'shop: home page': 'up',
      'shop: product page shows add to cart': 'up',
      'shop: slow page': 'degraded',
      'shop: orders API healthy': 'up',
      'shop: TLS certificate': 'up',
      'db: port open': 'up',
      'ntp: answers': 'up',
      'shop: DNS points at the load balancer': 'up',
      'shop: domain registered': 'up',
      'cdn: reachable': 'not_checked',
    });
    const down = report.results.find((r: { name: string }) => r.name === 'legacy: admin port');
    expect(down).toMatchObject({
      type: 'tcp',
      target: `admin.shop.example.com:${refused}`,
      reason: 'connection refused',
      attempts: 1,
      source: { file: expect.stringMatching(/broken\.yaml$/), line: 16, col: 5 },
    });
    expect(run.stdout).not.toContain(SECRET);
  });

  it('prints one line per monitor, problems first, and the summary (text)', async () => {
    const run = await runCli(['check', dir, ...flags], { env });
    expect(run.code).toBe(1);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(
      `down         legacy: admin port (tcp admin.shop.example.com:${refused}): connection refused`,
    );
    expect(lines[1]).toMatch(
      /^degraded {5}shop: slow page \(http https:\/\/shop\.example\.com:\d+\/slow\): status 200 in \d+ ms, slower than slow_threshold_ms 100$/,
    );
    expect(lines[2]).toMatch(
      /^not checked {2}cdn: reachable \(ping cdn\.shop\.example\.com\): not checked from here: ping sends ICMP/,
    );
    expect(lines.at(-1)).toBe('Check: 8 up, 1 degraded, 1 down, 1 not checked.');
    expect(run.stdout).not.toContain(SECRET);
  });

  it('exits 0 when nothing is down (degraded and not checked do not fail), with --name filters', async () => {
    const run = await runCli(
      ['check', dir, ...flags, '--name', 'shop: *', '--name', 'cdn: *', '--format', 'markdown'],
      { env },
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^\*\*Check: 6 up, 1 degraded, 0 down, 1 not checked\.\*\*\n\n<details open>\n<summary>Show 8 checks<\/summary>\n\n\| Status \| Monitor \| Check \| Result \|/,
    );
    expect(run.stdout).toContain('| 🟡 degraded | `shop: slow page` | http `https://shop.example.com:');
    expect(run.stdout).not.toContain('legacy');
  });

  it('tells a --name that matches nothing, and refuses bad options before checking anything', async () => {
    const none = await runCli(['check', dir, ...flags, '--name', 'Shop*'], { env });
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/^error CHECK_NO_MATCH: no monitor's name matches --name "Shop\*"\n/);
    const bad = await runCli(['check', dir, '--resolve', 'shop.example.com:443'], { env });
    expect(bad).toMatchObject({ code: 1, stdout: '' });
    expect(bad.stderr).toMatch(/^error BAD_OPTION: --resolve shop\.example\.com:443: expected HOST:PORT:ADDRESS\n/);
    const ca = await runCli(['check', dir, '--ca', join(dir, 'shop.yaml')], { env });
    expect(ca.stderr).toMatch(/^error BAD_OPTION: --ca .*shop\.yaml holds no PEM certificate/);
  });

  it('stops on invalid YAML as plan does, before any check', async () => {
    const run = await runCli(['check', dir, ...flags], { env: {} });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/SHOP_API_TOKEN/);
    expect(run.stderr).toContain('error CONFIG_INVALID');
    expect(run.stdout).toBe('');
  });
});

describe('monitors check against local servers, as the monitors are written (built CLI)', () => {
  let local: string;
  beforeAll(() => {
    local = mkdtempSync(join(tmpdir(), 'check-local-'));
    writeFileSync(
      join(local, 'shop.yaml'),
      `${DEFAULTS}
monitors:
  - name: "shop: home page"
    type: keyword
    url: https://shop.example.com/products/tee
    keyword: Add to cart
  - name: "shop: TLS certificate"
    type: ssl
    url: shop.example.com
    minimum_tls_days: 21
`,
    );
  });
  afterAll(() => rmSync(local, { recursive: true, force: true }));

  it('--connect-to sends port 443 to a TLS server on another port (no server on 127.0.0.1:443 needed)', async () => {
    const run = await runCli(
      ['check', local, '--connect-to', `shop.example.com:443:127.0.0.1:${web.port}`, '--ca', join(dir, 'ca.pem')],
      { env },
    );
    // Both go there: the ssl check's port 443 too (an HTTPS server is a TLS server).
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/^up {11}shop: TLS certificate \(ssl shop\.example\.com:443\): /m);
    expect(run.stdout).toMatch(
      /^up {11}shop: home page \(keyword https:\/\/shop\.example\.com\/products\/tee\): status 200/m,
    );
  });

  it('--connect-to with an empty HOST maps every host on a port, and the ssl check follows it', async () => {
    const run = await runCli(
      [
        'check',
        local,
        '--connect-to',
        `:443:127.0.0.1:${tls.port}`,
        '--name',
        'shop: TLS*',
        '--ca',
        join(dir, 'ca.pem'),
      ],
      { env },
    );
    expect(run.stdout).toMatch(/^up {11}shop: TLS certificate \(ssl shop\.example\.com:443\): /m);
    expect(run.code).toBe(0);
  });

  it('refuses a --connect-to or --resolve it cannot read, with exit 1 and no stack', async () => {
    const bad = await runCli(['check', local, '--connect-to', 'shop.example.com:443:127.0.0.1'], { env });
    expect(bad).toMatchObject({ code: 1, stdout: '' });
    expect(bad.stderr).toMatch(
      /^error BAD_OPTION: --connect-to shop\.example\.com:443:127\.0\.0\.1: expected HOST:PORT:CONNECT-HOST:CONNECT-PORT/,
    );
    expect(bad.stderr).not.toMatch(/\n\s+at /);
    const mapped = await runCli(['check', local, '--resolve', 'shop.example.com:443:127.0.0.1:8443'], { env });
    expect(mapped.stderr).toContain('use --connect-to shop.example.com:443:127.0.0.1:8443');
  });

  it("names the --dns-server that refused, not the monitor's host", async () => {
    const run = await runCli(['check', local, '--name', 'shop: home page', '--dns-server', `127.0.0.1:${refused}`], {
      env,
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      `shop: home page (keyword https://shop.example.com/products/tee): the DNS server 127.0.0.1:${refused} refused the connection (is a DNS server listening there?)`,
    );
  });
});
