// `monitors plan ... --debug 2>&1 | head`: a reader that stops early is not an error. The
// command finishes its work and exits with the code it would have had; nothing is printed
// about the closed pipe, and no stack.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, CLI_PATH } from '../helpers/run-cli.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

let sim: SimProcess;
let dir: string;
beforeAll(async () => {
  sim = await startSimProcess();
  dir = mkdtempSync(join(tmpdir(), 'closed-output-'));
  const monitors = Array.from(
    { length: 30 },
    (_, i) => `  - name: "shop: page ${i}"\n    url: https://shop.example.com/${i}\n`,
  );
  writeFileSync(join(dir, 'shop.yaml'), `${E2E_DEFAULTS}monitors:\n${monitors.join('')}`);
});
afterAll(async () => {
  await sim.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the CLI with stdout (and stderr, with `both`) a pipe whose reader is gone before the first write. */
function runClosed(args: string[], both: boolean): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_PATH, ...args], {
      cwd: dir,
      env: cliEnv({ MONITORS_API_URL: sim.baseUrl, MONITORS_API_TOKEN: sim.token }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.destroy();
    let stderr = '';
    if (both) child.stderr.destroy();
    else child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('output into a pipe whose reader has gone (| head)', () => {
  it('plan --debug --detailed-exitcode with stdout and stderr closed exits 2, as it would have', async () => {
    expect((await runClosed(['plan', '--debug', '--detailed-exitcode', '--lock', 'a.lock.json'], true)).code).toBe(2);
  });

  it('with stdout closed: the same exit code, and stderr holds the debug log only (no EPIPE, no stack)', async () => {
    const run = await runClosed(['plan', '--debug', '--detailed-exitcode', '--lock', 'b.lock.json'], false);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('-> GET ');
    expect(run.stderr).not.toMatch(/EPIPE|error|\n\s+at /);
  });

  it('apply --yes into a closed pipe finishes its work (a later plan has no changes) and exits 0', async () => {
    expect((await runClosed(['apply', '--yes', '--debug', '--lock', 'c.lock.json'], true)).code).toBe(0);
    expect((await runClosed(['plan', '--detailed-exitcode', '--lock', 'c.lock.json'], true)).code).toBe(0);
  });

  it('validate of a valid folder into a closed pipe exits 0', async () => {
    expect((await runClosed(['validate'], true)).code).toBe(0);
  });
});

describe('output that cannot be written (a full disk behind `> out.txt`)', () => {
  /** Runs the CLI with stdout on /dev/full, where every write fails with ENOSPC. */
  function runFull(args: string[]): Promise<{ code: number | null; stderr: string }> {
    return new Promise((resolve, reject) => {
      const full = openSync('/dev/full', 'w');
      const child = spawn(process.execPath, [CLI_PATH, ...args], {
        cwd: dir,
        env: cliEnv(),
        stdio: ['ignore', full, 'pipe'],
      });
      closeSync(full);
      let stderr = '';
      child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stderr }));
    });
  }

  it.runIf(existsSync('/dev/full'))(
    'validate of a valid folder exits 1 and says in one line that its output was lost',
    async () => {
      const run = await runFull(['validate']);
      expect(run.code).toBe(1);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(/ENOSPC|no space/i);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    },
  );
});
