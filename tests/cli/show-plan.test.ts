// `monitors show PLAN_FILE`: a saved plan (`plan --out`) shown in each format exactly as
// plan printed it when it saved the file, with no token and no server; a file that is not
// a plan is refused in one line.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

let sim: SimProcess;
let dir: string;

beforeAll(async () => {
  sim = await startSimProcess();
  dir = mkdtempSync(join(tmpdir(), 'show-plan-'));
  writeFileSync(
    join(dir, 'monitors.yaml'),
    `${E2E_DEFAULTS}monitors:\n  - name: home\n    url: https://example.com/\n  - name: api\n    url: https://example.com/api\n`,
  );
});
afterAll(async () => {
  await sim?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('monitors show', () => {
  it('renders a saved plan as plan printed it, in text, Markdown and JSON, offline', async () => {
    const env = { MONITORS_API_URL: sim.baseUrl, MONITORS_API_TOKEN: sim.token };
    for (const format of ['text', 'markdown', 'json']) {
      const planned = await runCli(['plan', '--format', format, '--out', `plan-${format}.json`], { cwd: dir, env });
      expect(planned.code).toBe(0);
      const shown = await runCli(['show', `plan-${format}.json`, '--format', format], { cwd: dir });
      expect(shown.code).toBe(0);
      expect(shown.stdout).toBe(planned.stdout);
      expect(shown.stderr).toMatch(/^Saved plan plan-\w+\.json: made \d{4}-\d\d-\d\dT/);
    }
  });

  it('refuses a file that is not a saved plan, and a missing one', async () => {
    writeFileSync(join(dir, 'not-a-plan.json'), '{"monitors": []}');
    const wrong = await runCli(['show', 'not-a-plan.json'], { cwd: dir });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/^error PLAN_FILE_INVALID: the saved plan is not valid: it is not a file written by/);
    const missing = await runCli(['show', 'nowhere.json'], { cwd: dir });
    expect(missing.stderr).toMatch(/^error PLAN_FILE_UNREADABLE: cannot read the saved plan nowhere\.json: ENOENT/);
    expect(missing.stdout).toBe('');
  });
});
