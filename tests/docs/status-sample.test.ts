// docs/status.md (and the README's tour) show `monitors status` in text, Markdown and JSON: each sample must be what a
// real run prints against the simulator, ids and times aside. The checks are run by the
// test (POST /__sim/monitors/:id/check), each finding what the rules say.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatusReport } from '../../src/status/types.js';
import { runCli } from '../helpers/run-cli.js';
import { checkMonitorNow, seedMonitors } from '../helpers/sim-admin.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';
import { httpInput } from '../load/valid-input.js';

let sim: SimProcess;
let dir: string;
const shop = (monitors: [string, string][]) =>
  `${E2E_DEFAULTS}monitors:\n${monitors.map(([name, path]) => `  - name: "shop: ${name}"\n    url: https://shop.example.com${path}\n`).join('')}`;
const cli = (args: string[]) =>
  runCli(args, { cwd: dir, env: { MONITORS_API_URL: sim.baseUrl, MONITORS_API_TOKEN: sim.token } });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'status-sample-'));
  writeFileSync(
    join(dir, 'rules.json'),
    JSON.stringify({
      delayMs: 3_600_000,
      default: 'up',
      rules: [
        { name: 'shop: orders API', status: 'down' },
        { name: 'shop: search API', status: 'degraded' },
      ],
    }),
  );
  const monitors: [string, string][] = [
    ['home page', '/'],
    ['orders API', '/api/orders'],
    ['search API', '/api/search'],
  ];
  writeFileSync(join(dir, 'shop.yaml'), shop(monitors));
  sim = await startSimProcess(['--check-rules', join(dir, 'rules.json')]);
  const apply = await cli(['apply', '--yes']);
  if (apply.code !== 0) throw new Error(apply.stderr);
  const report = JSON.parse((await cli(['status', '--format', 'json'])).stdout) as StatusReport;
  for (const m of report.monitors) await checkMonitorNow(sim.adminUrl, m.id!);
  await seedMonitors(sim.adminUrl, [httpInput({ name: 'made in the dashboard', url: 'https://blog.example.com/' })]);
  writeFileSync(join(dir, 'shop.yaml'), shop([...monitors, ['reviews API', '/api/reviews']]));
}, 120_000);
afterAll(async () => {
  await sim.stop();
  rmSync(dir, { recursive: true, force: true });
});

const page = () => readFileSync(fileURLToPath(new URL('../../docs/status.md', import.meta.url)), 'utf8');
/** The fenced block after the line `$ monitors ARGS` (text) or after `<!-- sample: NAME -->`. */
const block = (marker: string) => new RegExp(`${marker}\\n\`\`\`\\w*\\n([\\s\\S]*?)\`\`\``).exec(page())?.[1];
const normalized = (text: string) =>
  text
    .replace(/\b[0-9A-Z]{26}\b/g, 'ID')
    .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, 'TIME')
    .trimEnd();

describe('the samples in docs/status.md are real output', { timeout: 120_000 }, () => {
  it('text, with --fail-on down', async () => {
    const sample = /```\n\$ monitors status --fail-on down\n([\s\S]*?)```/.exec(page())?.[1];
    expect(sample).toBeDefined();
    const run = await cli(['status', '--fail-on', 'down']);
    expect(run.code).toBe(1);
    expect(normalized(run.stdout)).toBe(normalized(sample!));
    // The README's tour shows the same run.
    const readme = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');
    const tour = /## Live status[\s\S]*?\n```\n(STATUS[\s\S]*?)```/.exec(readme)?.[1];
    expect(tour).toBeDefined();
    expect(normalized(run.stdout)).toBe(normalized(tour!));
  });

  it('Markdown', async () => {
    const sample = block('<!-- sample: monitors status --format markdown -->');
    expect(sample).toBeDefined();
    const run = await cli(['status', '--format', 'markdown']);
    expect(normalized(run.stdout)).toBe(normalized(sample!));
  });

  it('JSON', async () => {
    const sample = block('<!-- sample: monitors status --name "shop: orders API" --format json -->');
    expect(sample).toBeDefined();
    const run = await cli(['status', '--name', 'shop: orders API', '--format', 'json']);
    expect(normalized(run.stdout)).toBe(normalized(sample!));
  });
});
