// `check --format junit` as a process: the built CLI checks three monitors on a loopback
// server (up, slower than its threshold, failing) and its report reads back in a JUnit parser.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'junit2json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { sleep, startHttp, type HttpServer } from '../check/servers/loopback.js';

let dir: string;
let web: HttpServer;

const monitor = (name: string, path: string, slow = 2000) => `  - name: ${JSON.stringify(name)}
    type: http
    url: http://shop.example.com:PORT${path}
    method: GET
    interval_seconds: 300
    timeout_seconds: 5
    retry_count: 0
    confirmation_attempts: 1
    slow_threshold_ms: ${slow}
    expected_status_min: 200
    expected_status_max: 299
    max_redirects: 0
    auth_type: none
    execution_mode: local
    consensus_threshold: 1
`;

beforeAll(async () => {
  web = await startHttp(async (req, res) => {
    if (req.url === '/slow') await sleep(250);
    res.writeHead(req.url === '/broken' ? 503 : 200).end('ok');
  });
  dir = mkdtempSync(join(tmpdir(), 'check-junit-'));
  const yaml = `monitors:\n${monitor('<b>home</b> & co', '/')}${monitor('slow', '/slow', 100)}${monitor('broken', '/broken')}`;
  writeFileSync(join(dir, 'shop.yaml'), yaml.replaceAll('PORT', String(web.port)));
});

afterAll(async () => {
  await web.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('monitors check --format junit', () => {
  it('writes a report a JUnit parser reads: down a failure, degraded skipped, times measured', async () => {
    const r = await runCli(
      ['check', 'shop.yaml', '--format', 'junit', '--resolve', `shop.example.com:${web.port}:127.0.0.1`],
      {
        cwd: dir,
      },
    );
    expect(r.code).toBe(1); // a monitor is down
    expect(r.stderr).toBe('');
    const parsed = (await parse(r.stdout)) as any;
    expect(parsed).toMatchObject({ tests: 3, failures: 1, skipped: 1 });
    const cases = parsed.testsuite[0].testcase;
    expect(cases.map((c: any) => c.name)).toEqual(['<b>home</b> & co', 'slow', 'broken']);
    expect(cases[0].failure).toBeUndefined();
    expect(cases[1].skipped[0].type).toBe('degraded');
    expect(cases[1].time).toBeGreaterThanOrEqual(0.25);
    expect(cases[2].failure[0].message).toMatch(/503/);
  }, 60_000);
});
