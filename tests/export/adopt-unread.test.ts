// Issue 36, point 1: adopting erases nothing silently. A monitor made in the dashboard with
// bearer auth, a group, tags, follow_redirects and statuses up to 399 is exported from a
// listing that cannot show those fields; the first plan lists every field the full
// replacement sets, old value or (not readable), and marks what export guessed, in text,
// Markdown and JSON. The built CLI against the simulator (spec listing) and the spec server.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { exampleMonitorInput, seedMonitors, setFaults } from '../helpers/sim-admin.js';
import { startSimProcess } from '../helpers/sim-process.js';
import { startSpecServer } from '../helpers/spec-server.js';

const LEGACY = exampleMonitorInput('legacy api', {
  auth_type: 'bearer',
  auth_secret: 'legacy-secret-value',
  group: 'payments',
  tags: 'team-a,critical',
  follow_redirects: true,
  expected_status_max: 399,
});

interface JsonField {
  field: string;
  old_known: boolean;
  old_source?: string;
  guessed?: boolean;
  server_default?: boolean;
  new?: unknown;
}

async function adoptAndPlan(env: Record<string, string>): Promise<void> {
  const cwd = mkdtempSync(join(tmpdir(), 'adopt-unread-'));
  try {
    const cli = (args: string[]) => runCli(args, { cwd, env: { ...env, CI: 'true' } });
    const exported = await cli(['export', '--out', 'adopted']);
    expect(exported.code, exported.stderr).toBe(0);
    const lock = JSON.parse(readFileSync(join(cwd, 'adopted/monitors.lock.json'), 'utf8')) as {
      monitors: { guessed?: Record<string, unknown> }[];
    };
    expect(lock.monitors[0]!.guessed).toMatchObject({ auth_type: 'none', expected_status_max: 299 });

    const text = await cli(['plan', 'adopted']);
    expect(text.code, text.stderr).toBe(0);
    const lines = text.stdout.split('\n');
    expect(lines[0]).toMatch(
      /^Warning: 1 monitor will be overwritten with values nobody has read .*auth_type.*group.*tags/,
    );
    expect(text.stdout).toMatch(/^ {4}auth_type: +\(not readable\) -> "none" {2}\(guessed by export: check it\)$/m);
    expect(text.stdout).toMatch(
      /^ {4}expected_status_max: +\(not readable\) -> 299 {2}\(guessed by export: check it\)$/m,
    );
    expect(text.stdout).toMatch(/^ {4}auth_secret: +\(not readable\) -> \(server default\)$/m);
    expect(text.stdout).toMatch(/^ {4}group: +\(not readable\) -> \(server default\)$/m);
    expect(text.stdout).toMatch(/^ {4}tags: +\(not readable\) -> \(server default\)$/m);
    expect(text.stdout).toMatch(/^ {4}follow_redirects: +\(not readable\) -> \(server default\)$/m);
    expect(text.stdout).toMatch(/^ {4}url: +"https:\/\/[^"]+" -> "https:\/\/[^"]+"$/m);
    expect(text.stdout).not.toContain('legacy-secret-value');

    const markdown = await cli(['plan', 'adopted', '--format', 'markdown']);
    const fold = markdown.stdout.indexOf('<details');
    const warning = markdown.stdout.indexOf('will be overwritten with values nobody has read');
    expect(warning).toBeGreaterThan(0);
    expect(fold === -1 || warning < fold).toBe(true);
    expect(markdown.stdout).toContain('(guessed by export: check it)');

    const json = JSON.parse((await cli(['plan', 'adopted', '--format', 'json'])).stdout) as {
      overwrites_unread: { monitors: number; fields: string[] };
      changes: { fields: JsonField[] }[];
    };
    expect(json.overwrites_unread.monitors).toBe(1);
    const field = (name: string) => json.changes[0]!.fields.find((f) => f.field === name)!;
    expect(field('auth_type')).toMatchObject({ old_known: false, old_source: 'not_readable', guessed: true });
    expect(field('group')).toMatchObject({ old_source: 'not_readable', server_default: true, new: null });
    expect(field('url')).toMatchObject({ old_known: true, old_source: 'server' });

    // Once a person writes the real value, it is no longer marked as guessed.
    const file = join(cwd, 'adopted/http.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/expected_status_max: 299/, 'expected_status_max: 399'));
    const edited = await cli(['plan', 'adopted']);
    expect(edited.stdout).toMatch(/^ {4}expected_status_max: +\(not readable\) -> 399$/m);
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}

describe('the first plan after adopting a monitor nobody can read', { timeout: 120_000 }, () => {
  it('against the simulator (spec listing)', async () => {
    const sim = await startSimProcess();
    try {
      await setFaults(sim.adminUrl, { listingMode: 'spec' });
      await seedMonitors(sim.adminUrl, [LEGACY]);
      await adoptAndPlan({ MONITORS_API_URL: sim.baseUrl, MONITORS_API_TOKEN: sim.token });
    } finally {
      await sim.stop();
    }
  });

  it('against the spec server', async () => {
    const token = 'tok_adopt_unread_0123456789';
    const server = await startSpecServer({ tokens: [{ token, scopes: ['monitors:read', 'monitors:write'] }] });
    try {
      server.insertMonitor(LEGACY);
      await adoptAndPlan({ MONITORS_API_URL: server.baseUrl, MONITORS_API_TOKEN: token });
    } finally {
      await server.close();
    }
  });
});
