import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, CLI_PATH } from '../helpers/run-cli.js';
import { exampleMonitorInput, getRequestLog } from '../helpers/sim-admin.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';
import { call, newKey } from './harness.js';

// These run the BUILT CLI: `npx tsc -p .` first (npm test does).
describe('monitors sim (the CLI process)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'sim-cli-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints the base URL first, serves the API with the given token, logs requests on stderr only with --verbose', async () => {
    const sim: SimProcess = await startSimProcess(['--verbose', '--listing', 'full', '--intervals', '120,300']);
    try {
      expect(sim.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
      const created = await call(sim, 'POST', '/monitors', {
        token: sim.token,
        key: newKey(),
        body: exampleMonitorInput('from-cli', { keyword: null }),
      });
      expect(created.status).toBe(201);
      expect(created.body.data.keyword).toBeNull();
      const refused = await call(sim, 'POST', '/monitors', {
        token: sim.token,
        key: newKey(),
        body: exampleMonitorInput('bad-interval', { interval_seconds: 600 }),
      });
      expect(refused.body.error.details[0].code).toBe('rule.interval_not_enabled');
      expect((await getRequestLog(sim.adminUrl)).length).toBe(2);
      await new Promise((r) => setTimeout(r, 50));
      expect(sim.stderr()).toMatch(/POST \/api\/v1\/monitors 201 /);
      expect(sim.stderr()).not.toContain(sim.token);
      // The line to paste into another shell (the --token given stays unsaid), and how to keep state.
      expect(sim.stderr()).toContain(`export MONITORS_API_URL=${sim.baseUrl} MONITORS_API_TOKEN=...`);
      expect(sim.stderr()).toContain('--state FILE to keep them across restarts');
    } finally {
      await sim.stop();
    }
  });

  it('generates a token when none is configured and prints it as the second line', async () => {
    const child = spawn(process.execPath, [CLI_PATH, 'sim', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const lines = await new Promise<string[]>((resolve) => {
        let out = '';
        child.stdout.setEncoding('utf8').on('data', (d: string) => {
          out += d;
          const parts = out.split('\n');
          if (parts.length >= 3) resolve(parts.slice(0, 2));
        });
      });
      const [baseUrl, tokenLine] = lines as [string, string];
      expect(tokenLine).toMatch(/^token: \S{16,}$/);
      const token = tokenLine.slice('token: '.length);
      expect((await call({ baseUrl }, 'GET', '/account', { token })).status).toBe(200);
      expect((await call({ baseUrl }, 'GET', '/account', { token: 'guess-guess' })).status).toBe(401);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  });

  it('reads a tokens file with workspaces, scopes and expiry', async () => {
    const file = join(dir, 'tokens.json');
    writeFileSync(
      file,
      JSON.stringify({
        tokens: [
          { token: 'reader-token-1', workspace: 'team-a', scopes: ['monitors:read'], expires_at: null },
          {
            token: 'old-token-123',
            workspace: 'team-a',
            scopes: ['monitors:read'],
            expires_at: '2020-01-01T00:00:00Z',
          },
        ],
      }),
    );
    const sim = await startSimProcess(['--tokens-file', file]);
    try {
      expect((await call(sim, 'GET', '/monitors', { token: 'reader-token-1' })).status).toBe(200);
      expect((await call(sim, 'POST', '/monitors', { token: 'reader-token-1', key: newKey(), body: {} })).status).toBe(
        403,
      );
      expect((await call(sim, 'GET', '/monitors', { token: 'old-token-123' })).status).toBe(401);
      expect((await call(sim, 'GET', '/account', { token: sim.token })).body.data.name).toBe('default');
    } finally {
      await sim.stop();
    }
  });

  it('saves its state on SIGTERM and loads it on the next start', async () => {
    const stateFile = join(dir, 'state.json');
    const first = await startSimProcess(['--state', stateFile, '--token', 'persist-token-1']);
    const created = await call(first, 'POST', '/monitors', {
      token: first.token,
      key: newKey(),
      body: exampleMonitorInput('kept'),
    });
    await first.stop();
    expect(first.child.exitCode).toBe(0);
    expect(JSON.parse(readFileSync(stateFile, 'utf8')).workspaces.default.monitors).toHaveLength(1);
    const second = await startSimProcess(['--state', stateFile, '--token', 'persist-token-1']);
    try {
      expect(
        (await call(second, 'GET', `/monitors/${created.body.data.id}`, { token: second.token })).body.data.name,
      ).toBe('kept');
    } finally {
      await second.stop();
    }
  });

  it('documents in docs/simulator.md exactly the flags of --help, with the same defaults', async () => {
    const help = await runCli(['sim', '--help'], { timeoutMs: 10_000 });
    expect(help.code).toBe(0);
    const helpText = help.stdout.replace(/\s+/g, ' ');
    const helpFlags = new Set([...help.stdout.matchAll(/^\s+(--[a-z-]+)/gm)].map((m) => m[1]));
    const docRows = readFileSync(fileURLToPath(new URL('../../docs/simulator.md', import.meta.url)), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('| `--'));
    const docFlags = new Set(
      docRows.flatMap((row) => [...(row.split(/(?<!\\)\|/)[1] ?? '').matchAll(/`(--[a-z-]+)/g)].map((m) => m[1])),
    );
    expect([...docFlags].sort()).toEqual([...helpFlags].sort());
    const compared: string[] = [];
    for (const row of docRows) {
      const [, flagCell = '', defaultCell = ''] = row.split(/(?<!\\)\|/);
      const flag = /`(--[a-z-]+)/.exec(flagCell)?.[1];
      if (!flag || flagCell.includes('`,')) continue;
      const shown = new RegExp(`${flag} <[a-z]+> (?:(?!--).)*?\\(default: "?([^")]+)"?\\)`).exec(helpText)?.[1];
      if (shown === undefined) continue;
      expect([flag, shown]).toEqual([flag, defaultCell.trim()]);
      compared.push(flag);
    }
    expect(compared.sort()).toEqual([
      '--check-delay',
      '--idempotency-ttl',
      '--intervals',
      '--listing',
      '--monitor-limit',
      '--port',
      '--rate-limit',
    ]);
  });

  it('exits 1 with the error code and hint when the state cannot be saved on SIGTERM', async () => {
    const folder = join(dir, 'removed-later');
    mkdirSync(folder);
    const sim = await startSimProcess(['--state', join(folder, 'state.json')]);
    try {
      rmSync(folder, { recursive: true });
      expect(
        (
          await call(sim, 'POST', '/monitors', {
            token: sim.token,
            key: newKey(),
            body: exampleMonitorInput('unsaved'),
          })
        ).status,
      ).toBe(201);
    } finally {
      await sim.stop();
    }
    expect(sim.child.exitCode).toBe(1);
    expect(sim.stderr()).toMatch(
      /^error SIM_STATE_WRITE_FAILED: cannot write the state file .*\(ENOENT\)\n  Check that its folder exists/m,
    );
  });

  it.each([
    [
      'a corrupt state file',
      '{"format":"monitors-sim-state","version":1,"workspaces":{"default":{"monitors":[{"id":"01M8332FNAA7QVCRA0QV65JW4T"}],"incidents":[]}},"idempotency":[]}',
      'state.json',
      /^error SIM_STATE_INVALID: .*monitors\[0\] has a missing or malformed "input"\n  Move it away/,
    ],
    [
      'a state file in a folder that does not exist',
      undefined,
      'missing/state.json',
      /^error SIM_STATE_WRITE_FAILED: .*\(ENOENT\)\n  Check that its folder exists/,
    ],
  ])(
    'stops at start on %s: exit 1, nothing on stdout, one error with its hint',
    async (_case, content, name, message) => {
      const stateFile = join(dir, name);
      if (content !== undefined) writeFileSync(stateFile, content);
      const result = await runCli(['sim', '--port', '0', '--token', 'state-token-1', '--state', stateFile], {
        timeoutMs: 10_000,
      });
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(message);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    },
  );

  it.each([
    [['--port', 'abc'], /--port must be an integer/],
    [['--error-rate', '1.5'], /--error-rate must be a number from 0 to 1/],
    [['--listing', 'everything'], /--listing must be "spec" or "full"/],
    [['--intervals', '60,300'], /--intervals must be an integer from 120/],
    [['--tokens-file', '/nonexistent/tokens.json'], /cannot be read \(ENOENT\)/],
    [['--no-such-flag'], /unknown option/],
  ])('refuses bad flags %j with one error line and exit 1', async (args, message) => {
    const result = await runCli(['sim', ...args], { timeoutMs: 10_000 });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(message);
  });
});
