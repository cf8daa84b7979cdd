// The new file of `export --name/--id`, then the real loader and planner over the repository
// it joins: the file means the same beside files whose `defaults:` say otherwise (defaults
// never cross files), the adopted monitors plan clean, and the rest of the plan is as before.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adoptMonitors, envNamesOf } from '../../../src/export/adopt/adopt.js';
import type { SelectedMonitor } from '../../../src/export/adopt/select.js';
import { exportWorkspace } from '../../../src/export/export-workspace.js';
import { loadDesiredState } from '../../../src/load/index.js';
import { newLockFile } from '../../../src/lock/lock-file.js';
import type { LiveMonitor } from '../../../src/model/monitor.js';
import { planChanges } from '../../../src/plan/planner.js';
import { FULL_LISTING, full, id } from '../fixtures.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

// The repository's own file: defaults that differ from every adopted monitor's values.
const EXISTING = `defaults:
  type: keyword
  method: POST
  interval_seconds: 600
  timeout_seconds: 45
  retry_count: 5
  confirmation_attempts: 3
  slow_threshold_ms: 9000
  expected_status_min: 200
  expected_status_max: 204
  follow_redirects: true
  max_redirects: 7
  auth_type: bearer
  auth_secret: \${env:MONITOR_SECRET_API_LOGIN}
  execution_mode: multi_location
  locations: [ap-south, us-east]
  consensus_threshold: 2
  group: Other team
  tags: other
  keyword: ok
  headers: "X-Team: other"
monitors:
  - name: "other: home"
    url: https://other.example.com/
`;
const OTHER_LIVE = full(id(90), 'other: home', { url: 'https://other.example.com/' });
const ADOPTED = FULL_LISTING.filter((m) => ['API health', 'API search', 'Blog'].includes(m.name));
const UNMANAGED = full(id(91), 'someone else', { url: 'https://else.example.com/' });

const selected = (live: LiveMonitor[]): SelectedMonitor[] => live.map((m) => ({ live: m, pinned: false }));

async function planOf(files: Record<string, string>, records = newLockFile().monitors) {
  const dir = mkdtempSync(join(tmpdir(), 'adopt-plan-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const { state, diagnostics } = await loadDesiredState([dir], { env: { MONITOR_SECRET_API_LOGIN: 's' }, cwd: dir });
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const live = [OTHER_LIVE, ...ADOPTED, UNMANAGED];
  return {
    state,
    plan: planChanges({
      desired: state,
      live,
      lock: { ...newLockFile(), monitors: records },
      options: { scope: { kind: 'lock' } },
    }),
  };
}

describe('adoptMonitors', () => {
  it('writes a self-contained file: beside other defaults, the adopted monitors plan clean and the rest plans as before', async () => {
    const before = await planOf({ 'shop.yaml': EXISTING });
    const adopted = adoptMonitors(selected(ADOPTED), {
      fileName: 'adopted.yaml',
      takenEnv: envNamesOf(before.state.monitors),
    });
    expect(adopted.files.map((f) => [f.fileName, f.monitors])).toEqual([['adopted.yaml', 3]]);
    const after = await planOf({ 'shop.yaml': EXISTING, 'adopted.yaml': adopted.files[0]!.text }, adopted.records);

    const strip = (plan: typeof before.plan) => plan.changes.map((c) => [c.action, c.name, c.reason]);
    expect(strip(after.plan)).toEqual(strip(before.plan));
    expect(after.plan.summary.unchanged).toBe(before.plan.summary.unchanged + ADOPTED.length);
    expect(after.plan.unmanaged.map((u) => u.name)).toEqual(['someone else']);
    expect(before.plan.unmanaged.map((u) => u.name).sort()).toEqual(
      [...ADOPTED.map((m) => m.name), 'someone else'].sort(),
    );
  });

  it('makes exactly the records a whole-workspace export makes for those monitors', () => {
    const adopted = adoptMonitors(selected(ADOPTED), { fileName: 'a.yaml', takenEnv: [] });
    expect(adopted.records).toEqual(exportWorkspace(ADOPTED).records);
  });

  it("gives a secret a variable no monitor of the repository uses, and limits the file to --env's environment", async () => {
    const { state } = await planOf({ 'shop.yaml': EXISTING });
    const login = FULL_LISTING.filter((m) => m.name === 'API login');
    const adopted = adoptMonitors(selected(login), {
      fileName: 'production-api-login.yaml',
      takenEnv: envNamesOf(state.monitors),
      environment: 'production',
    });
    expect(adopted.secrets).toEqual([{ name: 'API login', env: 'MONITOR_SECRET_API_LOGIN_2' }]);
    expect(adopted.files[0]!.text).toContain('auth_secret: ${env:MONITOR_SECRET_API_LOGIN_2}');
    expect(adopted.files[0]!.text).toContain('\ndefaults:\n  environments:\n    - production\n');
  });

  it('pins a monitor whose name another live monitor shares, right under its name', () => {
    const twin = full(id(40), 'twin', { url: 'https://twin.example.com/' });
    const text = adoptMonitors([{ live: twin, pinned: true }], { fileName: 'twin.yaml', takenEnv: [] }).files[0]!.text;
    expect(text).toContain(`  - name: twin\n    id: ${id(40)} # pinned: another live monitor has this name too`);
  });
});
