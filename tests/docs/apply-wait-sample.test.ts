// docs/apply-wait.md shows the end of an `apply --wait` run in CI: it must be what a run
// that is not on a terminal prints (stdout and stderr together, as a CI log has them), ids,
// times and the order in which monitors finish their wait aside.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cliEnv, CLI_PATH } from '../helpers/run-cli.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

let sim: SimProcess;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'apply-wait-sample-'));
  writeFileSync(
    join(dir, 'rules.json'),
    JSON.stringify({ default: 'up', delayMs: 1000, rules: [{ name: 'shop: orders API', status: 'down' }] }),
  );
  writeFileSync(
    join(dir, 'shop.yaml'),
    `${E2E_DEFAULTS}monitors:\n${[
      ['home page', '/'],
      ['orders API', '/api/orders'],
      ['search API', '/api/search'],
    ]
      .map(([name, path]) => `  - name: "shop: ${name}"\n    url: https://shop.example.com${path}\n`)
      .join('')}`,
  );
  sim = await startSimProcess(['--check-rules', join(dir, 'rules.json')]);
});
afterAll(async () => {
  await sim.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The CLI's stdout and stderr in one stream, in the order written (a CI log). */
function runMerged(args: string[]): Promise<{ code: number | null; output: string }> {
  const quoted = [process.execPath, CLI_PATH, ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', `${quoted} 2>&1`], {
      cwd: dir,
      env: cliEnv({ MONITORS_API_URL: sim.baseUrl, MONITORS_API_TOKEN: sim.token }),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (output += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** Ids, times and timestamps as placeholders; the lines of monitors ending their wait in name order. */
function normalized(text: string): string[] {
  const lines = text
    .replace(/\b[0-9A-Z]{26}\b/g, 'ID')
    .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, 'TIME')
    .replace(/\b\d+(?:\.\d+)?s\b/g, 'Ns')
    .trimEnd()
    .split('\n');
  const settled = lines.filter((l) => / after Ns$/.test(l)).sort();
  let i = 0;
  return lines.map((l) => (/ after Ns$/.test(l) ? settled[i++]! : l));
}

it('the sample in docs/apply-wait.md is the end of a real run in CI', async () => {
  const doc = readFileSync(fileURLToPath(new URL('../../docs/apply-wait.md', import.meta.url)), 'utf8');
  const sample = /\n```\n(Apply complete:[\s\S]*?)```/.exec(doc)?.[1];
  expect(sample).toBeDefined();
  const run = await runMerged(['apply', '--yes', '--wait']);
  expect(run.code).toBe(1);
  const end = run.output.slice(run.output.indexOf('Apply complete:'));
  expect(normalized(end)).toEqual(normalized(sample!));
});
