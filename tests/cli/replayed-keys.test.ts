// Content-derived keys meet out-of-band changes: the server replays a stored response for
// a monitor that was deleted in the dashboard since. Apply must notice from the listing and
// use the next key generation, against the real simulator. (An edit moves updated_at,
// which is part of a replace's key, so the replace is sent anew rather than replayed.)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimServer, type SimServer } from '../../src/sim/server.js';
import { fullScopeToken } from '../../src/sim/tokens.js';
import { runCli } from '../helpers/run-cli.js';
import { deleteMonitorOutOfBand, editMonitorOutOfBand, exampleMonitorInput } from '../helpers/sim-admin.js';

const TOKEN = 'tok_replay_0123456789abc';
let sim: SimServer;
let dir: string;
const cli = (args: string[]) =>
  runCli(args, { cwd: dir, env: { MONITORS_API_URL: sim.baseUrl, MONITORS_API_TOKEN: TOKEN } });
const live = () => [...sim.core.state.workspace('default').monitors.values()];

beforeAll(async () => {
  sim = await startSimServer({ tokens: [fullScopeToken(TOKEN)] });
  dir = mkdtempSync(join(tmpdir(), 'replay-'));
  writeYaml();
});
afterAll(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('replayed responses that did not take effect', () => {
  it('re-creates under the next key generation when the stored 201 names a deleted monitor', async () => {
    expect((await cli(['apply', '--yes'])).code).toBe(0);
    const [first] = live();
    await deleteMonitorOutOfBand(sim.adminUrl, first!.id);
    sim.clearRequests();

    const again = await cli(['apply', '--yes']);
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(again.stderr).toMatch(/retry\s+create of "replayed" with key generation 1/);
    const posts = sim.requests().filter((r) => r.method === 'POST');
    expect(posts.map((p) => p.replayed)).toEqual([true, false]);
    expect(posts[0]!.idempotencyKey).toMatch(/\.g0$/);
    expect(posts[1]!.idempotencyKey).toMatch(/\.g1$/);
    expect(live().map((m) => m.input.name)).toEqual(['replayed']);
    expect((await cli(['plan', '--detailed-exitcode'])).code).toBe(0);
  });

  it('puts a value edited out of band back with a new key, not a replay of the earlier PUT', async () => {
    writeYaml('    timeout_seconds: 25\n');
    sim.clearRequests();
    expect((await cli(['apply', '--yes'])).code).toBe(0); // PUT with key g0
    const firstKey = sim.requests().find((r) => r.method === 'PUT')!.idempotencyKey;
    const [monitor] = live();
    // Edited in the dashboard: the next plan is the same PUT body, but the edit moved
    // updated_at, which is part of a replace's key: a new request, not a replay of g0
    // (which would leave the edit in place; execute.test.ts covers that fallback).
    await editMonitorOutOfBand(sim.adminUrl, monitor!.id, { timeout_seconds: 9 });
    sim.clearRequests();
    const again = await cli(['apply', '--yes']);
    expect(again.code, again.stdout + again.stderr).toBe(0);
    const puts = sim.requests().filter((r) => r.method === 'PUT');
    expect(puts[0]!.idempotencyKey).not.toBe(firstKey);
    expect(puts.map((p) => p.replayed)).toEqual([false]);
    expect(live()[0]!.input.timeout_seconds).toBe(25);
    expect((await cli(['plan', '--detailed-exitcode'])).code).toBe(0);
  });
  it('creates a monitor removed from the YAML and added back four times, each time once', async () => {
    const toggled = '  - name: toggled\n    url: https://example.com/toggled\n';
    for (let cycle = 1; cycle <= 4; cycle++) {
      writeYaml('    timeout_seconds: 25\n', toggled);
      const added = await cli(['apply', '--yes']);
      expect(added.code, `cycle ${cycle}: ${added.stdout}${added.stderr}`).toBe(0);
      expect(added.stdout).toContain('Apply complete: 1 created, 0 updated, 0 deleted, 0 failed.');
      expect(live().filter((m) => m.input.name === 'toggled')).toHaveLength(1);
      writeYaml('    timeout_seconds: 25\n');
      const removed = await cli(['apply', '--yes']);
      expect(removed.stdout, `cycle ${cycle}`).toContain('Apply complete: 0 created, 0 updated, 1 deleted, 0 failed.');
    }
    expect(live().map((m) => m.input.name)).toEqual(['replayed']);
  });
});

function writeYaml(extra = '', more = ''): void {
  const { name: _n, ...defaults } = exampleMonitorInput('x');
  writeFileSync(
    join(dir, 'monitors.yaml'),
    `defaults: ${JSON.stringify(defaults)}\nmonitors:\n  - name: replayed\n${extra}${more}`,
  );
}
