import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSimServer } from '../../src/sim/server.js';
import { exampleMonitorInput, openIncident } from '../helpers/sim-admin.js';
import { call, newKey, startSim } from './harness.js';

describe('simulator state file', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sim-state-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('survives a restart: monitors, incidents, ids, timestamps and idempotency records', async () => {
    const stateFile = join(dir, 'state.json');
    // The listings before and after the restart are compared: no simulated check may land between them.
    const noChecks = { delayMs: 3_600_000 };
    const first = await startSim({ stateFile, checks: noChecks });
    const key = newKey();
    const input = exampleMonitorInput('persisted', { auth_type: 'bearer', auth_secret: 'never-on-disk-42' });
    const created = await call(first, 'POST', '/monitors', { key, body: input });
    const incident = await openIncident(first.adminUrl, created.body.data.id);
    const listing = (await call(first, 'GET', '/monitors')).text;
    await first.close();

    const text = readFileSync(stateFile, 'utf8');
    expect(text).not.toContain('never-on-disk-42');
    expect(readdirSync(dir)).toEqual(['state.json']);

    const second = await startSim({ stateFile, checks: noChecks });
    try {
      expect((await call(second, 'GET', '/monitors')).text).toBe(listing);
      expect((await call(second, 'GET', `/incidents/${incident.id}`)).body.data.id).toBe(incident.id);
      const replay = await call(second, 'POST', '/monitors', { key, body: input });
      expect([replay.status, replay.text]).toEqual([201, created.text]);
      // The first simulator's port (another one, as a rule) is gone: the replayed Location names this one.
      expect(replay.headers.get('location')).toBe(`${second.baseUrl}/monitors/${created.body.data.id}`);
      expect((await call(second, 'GET', replay.headers.get('location') as string)).body.data.id).toBe(
        created.body.data.id,
      );
      const later = await call(second, 'POST', '/monitors', { key: newKey(), body: exampleMonitorInput('later') });
      expect(later.body.data.id > created.body.data.id).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('writes changes without waiting for shutdown (atomically, temp file then rename)', async () => {
    const stateFile = join(dir, 'state.json');
    const sim = await startSim({ stateFile });
    try {
      await call(sim, 'POST', '/monitors', { key: newKey(), body: exampleMonitorInput('soon') });
      await sim.flush();
      const saved = JSON.parse(readFileSync(stateFile, 'utf8'));
      expect(saved).toMatchObject({ format: 'monitors-sim-state', version: 1 });
      expect(saved.workspaces.default.monitors).toHaveLength(1);
      expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    } finally {
      await sim.close();
    }
  });

  it('refuses a state file it cannot load, with one clear error', async () => {
    const stateFile = join(dir, 'state.json');
    writeFileSync(stateFile, '{"format":"something-else"}');
    await expect(startSimServer({ stateFile })).rejects.toMatchObject({ code: 'SIM_STATE_INVALID' });
    writeFileSync(stateFile, 'not json');
    await expect(startSimServer({ stateFile })).rejects.toThrow(/not valid JSON/);
  });

  it('checks every record of a state file before serving it, and names the first bad one', async () => {
    const stateFile = join(dir, 'state.json');
    const first = await startSim({ stateFile });
    const created = await call(first, 'POST', '/monitors', { key: newKey(), body: exampleMonitorInput('good') });
    await openIncident(first.adminUrl, created.body.data.id);
    await first.close();
    const good = JSON.parse(readFileSync(stateFile, 'utf8'));
    const edited = (edit: (state: any) => void) => {
      const copy = structuredClone(good);
      edit(copy);
      writeFileSync(stateFile, JSON.stringify(copy));
    };
    const cases: [(state: any) => void, RegExp][] = [
      [
        (s) => delete s.workspaces.default.monitors[0].input,
        /workspace "default" monitors\[0\] has a missing or malformed "input"/,
      ],
      [
        (s) => (s.workspaces.default.monitors[0].input.interval_seconds = '300'),
        /monitors\[0\] has a missing or malformed "input"/,
      ],
      [
        (s) => (s.workspaces.default.monitors[0].input.auth_secret = 'on-disk'),
        /monitors\[0\] has a missing or malformed "input"/,
      ],
      [(s) => (s.workspaces.default.monitors[0].status = 'weird'), /monitors\[0\] has a missing or malformed "status"/],
      [
        (s) => (s.workspaces.default.incidents[0].openedAt = 'yesterday'),
        /incidents\[0\] has a missing or malformed "openedAt"/,
      ],
      [
        (s) => (s.workspaces.other = { monitors: [s.workspaces.default.monitors[0]], incidents: [] }),
        /workspace "other" monitors\[0\] repeats the id/,
      ],
      [(s) => s.idempotency.push({ bad: 1 }), /idempotency\[1\] has a missing or malformed "workspace"/],
      [(s) => (s.idempotency[0].response.status = 422), /idempotency\[0\] has a missing or malformed "response"/],
    ];
    for (const [edit, message] of cases) {
      edited(edit);
      await expect(startSimServer({ stateFile })).rejects.toMatchObject({ code: 'SIM_STATE_INVALID', message });
    }
    edited(() => {});
    const again = await startSim({ stateFile });
    try {
      expect((await call(again, 'GET', '/monitors')).body.data.map((m: { name: string }) => m.name)).toEqual(['good']);
    } finally {
      await again.close();
    }
  });

  it('writes the state file at start, so a path it cannot write fails before a client relies on it', async () => {
    const missingFolder = join(dir, 'no-such-folder', 'state.json');
    await expect(startSimServer({ stateFile: missingFolder })).rejects.toMatchObject({
      code: 'SIM_STATE_WRITE_FAILED',
      message: /ENOENT/,
    });
    const stateFile = join(dir, 'state.json');
    const sim = await startSim({ stateFile });
    try {
      expect(JSON.parse(readFileSync(stateFile, 'utf8'))).toMatchObject({
        format: 'monitors-sim-state',
        workspaces: {},
        idempotency: [],
      });
    } finally {
      await sim.close();
    }
  });
});
