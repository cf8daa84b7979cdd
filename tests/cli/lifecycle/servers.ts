// The two servers the lifecycle verbs (removed:, --target, --replace, destroy) are tested
// against with the built CLI: the simulator as a process, and the independent spec server
// of tests/helpers (a path prefix, opaque cursors, spec-only listings, replays kept
// forever). One shape for both, so each test runs against each.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { runCli, type CliResult } from '../../helpers/run-cli.js';
import { clearRequestLog, exampleMonitorInput, getRequestLog, seedMonitors } from '../../helpers/sim-admin.js';
import { startSimProcess } from '../../helpers/sim-process.js';
import { startSpecServer } from '../../helpers/spec-server.js';
import { E2E_DEFAULTS } from '../../helpers/yaml-defaults.js';

export interface WriteRequest {
  method: string;
  /** `/monitors` or `/monitors/<id>`. */
  path: string;
  key: string | null;
  /** Answered from a stored response of the same key. */
  replayed: boolean;
}

export interface TestServer {
  name: string;
  /** MONITORS_API_URL and MONITORS_API_TOKEN for the CLI. */
  env: Record<string, string>;
  /** The POST, PUT and DELETE requests received since the last clear. */
  writes(): Promise<WriteRequest[]>;
  clear(): Promise<void>;
  live(): Promise<{ id: string; name: string }[]>;
  /** A monitor made "in the dashboard" (no key, not in any lock file). */
  seed(name: string): Promise<string>;
  /** A monitor deleted "in the dashboard", through the API (not logged as the CLI's write: the log is cleared after). */
  deleteOutOfBand(id: string): Promise<void>;
  stop(): Promise<void>;
}

const isWrite = (method: string) => method === 'POST' || method === 'PUT' || method === 'DELETE';

/** DELETE through the API itself, as another tool would. */
async function apiDelete(env: Record<string, string>, id: string): Promise<void> {
  const res = await fetch(`${env.MONITORS_API_URL}/monitors/${id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${env.MONITORS_API_TOKEN}`, 'idempotency-key': `out-of-band-${id}` },
  });
  if (res.status !== 204) throw new Error(`DELETE ${id} answered ${res.status}`);
}

export async function startSim(): Promise<TestServer> {
  const sim = await startSimProcess();
  const env = { MONITORS_API_URL: sim.baseUrl, MONITORS_API_TOKEN: sim.token };
  return {
    name: 'simulator',
    env,
    async writes() {
      return (await getRequestLog(sim.adminUrl))
        .filter((r) => isWrite(r.method))
        .map((r) => ({
          method: r.method,
          path: r.path.slice(r.path.indexOf('/monitors')),
          key: r.idempotencyKey,
          replayed: r.replayed,
        }));
    },
    clear: () => clearRequestLog(sim.adminUrl),
    async live() {
      const res = await fetch(`${sim.baseUrl}/monitors?per_page=100`, {
        headers: { authorization: `Bearer ${sim.token}` },
      });
      const body = (await res.json()) as { data: { id: string; name: string }[] };
      return body.data.map(({ id, name }) => ({ id, name })).sort((a, b) => (a.name < b.name ? -1 : 1));
    },
    async seed(name) {
      return (await seedMonitors(sim.adminUrl, [exampleMonitorInput(name)]))[0]!;
    },
    deleteOutOfBand: (id) => apiDelete(env, id),
    stop: () => sim.stop(),
  };
}

const SPEC_TOKEN = 'tok_lifecycle_spec_4f3e2d1c';

export async function startSpec(): Promise<TestServer> {
  const server = await startSpecServer({
    tokens: [{ token: SPEC_TOKEN, scopes: ['account:read', 'monitors:read', 'monitors:write', 'incidents:read'] }],
    pageCap: 2, // several pages even for a handful of monitors
  });
  const env = { MONITORS_API_URL: server.baseUrl, MONITORS_API_TOKEN: SPEC_TOKEN };
  return {
    name: 'spec server',
    env,
    async writes() {
      return server
        .requests()
        .filter((r) => isWrite(r.method))
        .map((r) => ({ method: r.method, path: r.path, key: r.key ?? null, replayed: r.note === 'replay' }));
    },
    async clear() {
      server.clearRequests();
    },
    async live() {
      return server
        .monitors()
        .map((m) => ({ id: m.id, name: m.input.name as string }))
        .sort((a, b) => (a.name < b.name ? -1 : 1));
    },
    async seed(name) {
      return server.insertMonitor(exampleMonitorInput(name));
    },
    deleteOutOfBand: (id) => apiDelete(env, id),
    stop: () => server.close(),
  };
}

/** A YAML file of http monitors named `names` (URLs from the names), plus `tail` (moved:, removed:, ...). */
export function monitorsYaml(names: readonly string[], tail = '', overrides: Record<string, string> = {}): string {
  const items = names.map(
    (n) => `  - name: "${n}"\n    url: https://example.com/${n.replace(/[^a-z0-9]+/gi, '-')}\n${overrides[n] ?? ''}`,
  );
  return `${E2E_DEFAULTS}monitors:\n${items.join('')}${tail}`;
}

/** A working folder of its own per test; `files` written relative to it. */
export class Workdir {
  readonly dir = mkdtempSync(join(tmpdir(), 'lifecycle-'));

  write(files: Record<string, string>): void {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(this.dir, path)), { recursive: true });
      writeFileSync(join(this.dir, path), text);
    }
  }

  read(path: string): string | undefined {
    return existsSync(join(this.dir, path)) ? readFileSync(join(this.dir, path), 'utf8') : undefined;
  }

  /** Names in the lock file at `path`, sorted. */
  lockNames(path = 'monitors.lock.json'): string[] {
    return this.lockRecords(path)
      .map((r) => r.name)
      .sort();
  }

  /** The records of the lock file at `path` (none when there is no file). */
  lockRecords(path = 'monitors.lock.json'): { id: string; name: string; [key: string]: unknown }[] {
    const text = this.read(path);
    if (text === undefined) return [];
    return (JSON.parse(text) as { monitors: { id: string; name: string }[] }).monitors;
  }

  cli(server: TestServer, args: string[], env: Record<string, string> = {}): Promise<CliResult> {
    return runCli(args, {
      cwd: this.dir,
      env: { ...server.env, CI: 'true', MONITORS_RETRY_BASE_MS: '5', ...env },
      timeoutMs: 30_000,
    });
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** No stack trace, in either stream. */
export function expectClean(result: CliResult): boolean {
  return !/^ {4}at /m.test(result.stdout) && !/^ {4}at /m.test(result.stderr);
}

/**
 * Each of these tests runs the CLI several times in a row (a process each, half a second on
 * a quiet machine): the bound of a whole test is two minutes, for a machine under load.
 */
export const SLOW = { timeout: 120_000 };

/** Both servers, for `describe.each(SERVERS)('... against the %s', (_name, start) => ...)`. */
export const SERVERS = [
  ['simulator', startSim],
  ['spec server', startSpec],
] as const;

export interface Suite {
  /** The server of this suite (started before its first test). */
  server: TestServer;
  /** A new working folder holding `names` as monitors, applied and recorded; removed after the suite. */
  applied(names: string[]): Promise<Workdir>;
}

/** Starts a server for the enclosing describe, and stops it (and removes the folders made) after it. */
export function suiteOn(start: () => Promise<TestServer>): Suite {
  const dirs: Workdir[] = [];
  const suite: Suite = {
    server: undefined as unknown as TestServer,
    async applied(names) {
      const work = new Workdir();
      dirs.push(work);
      work.write({ 'monitors.yaml': monitorsYaml(names) });
      const run = await work.cli(suite.server, ['apply', '--yes']);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      return work;
    },
  };
  beforeAll(async () => {
    suite.server = await start();
  });
  afterAll(async () => {
    await suite.server.stop();
    for (const d of dirs) d.remove();
  });
  return suite;
}
