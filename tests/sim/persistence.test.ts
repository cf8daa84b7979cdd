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
    const first = await startSim({ stateFile });
    const key = newKey();
    const input = exampleMonitorInput('persisted', { auth_type: 'bearer', auth_secret: 'never-on-disk-42' });
    const created = await call(first, 'POST', '/monitors', { key, body: input });
    const incident = await openIncident(first.adminUrl, created.body.data.id);
    const listing = (await call(first, 'GET', '/monitors')).text;
    await first.close();

    const text = readFileSync(stateFile, 'utf8');
    expect(text).not.toContain('never-on-disk-42');
    expect(readdirSync(dir)).toEqual(['state.json']);

    const second = await startSim({ stateFile });
    try {
      expect((await call(second, 'GET', '/monitors')).text).toBe(listing);
      expect((await call(second, 'GET', `/incidents/${incident.id}`)).body.data.id).toBe(incident.id);
      const replay = await call(second, 'POST', '/monitors', { key, body: input });
      expect([replay.status, replay.text]).toEqual([201, created.text]);
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
});
