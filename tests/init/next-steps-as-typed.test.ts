// The next steps `monitors init` prints run as typed (issue 37, points 1 and 9): with the
// CLI on the PATH as `npm link` or `npm install -g` puts it there (a `monitors` symlink to
// the package's bin), the steps are pasted into a shell, the two export lines swapped for
// the line the simulator prints to paste. Started as `node FILE`, the steps name that file.
// With --ci gitlab, .monitors/ holds the bundle the pipeline runs.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_PATH, runCli } from '../helpers/run-cli.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';

let base: string;
let bin: string;
let sim: SimProcess;
beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'init-as-typed-'));
  bin = join(base, 'bin');
  mkdirSync(bin);
  chmodSync(CLI_PATH, 0o755); // npm gives a package's bin this mode when it links or installs it
  symlinkSync(CLI_PATH, join(bin, 'monitors'));
  sim = await startSimProcess();
});
afterAll(async () => {
  await sim.stop();
  rmSync(base, { recursive: true, force: true });
});

/** The lines under "Next steps:" up to the first line that is not a step. */
function nextSteps(stdout: string): string[] {
  const after = stdout.split('\nNext steps:\n')[1] ?? '';
  const steps: string[] = [];
  for (const line of after.split('\n')) {
    if (!line.startsWith('  ')) break;
    steps.push(line.trim());
  }
  return steps;
}

const shell = (script: string, path: string) =>
  spawnSync('sh', ['-e', '-c', script], {
    cwd: base,
    encoding: 'utf8',
    env: { PATH: path, HOME: process.env.HOME ?? '/tmp', NO_COLOR: '1' },
    timeout: 60_000,
  });

describe('the next steps of init, as typed', () => {
  it('with monitors on the PATH: init, cd, validate, plan and apply work as printed', () => {
    const path = `${bin}:${process.env.PATH ?? ''}`;
    const init = shell('monitors init starter', path);
    expect(init.status, init.stderr).toBe(0);
    const steps = nextSteps(init.stdout);
    expect(steps[0]).toBe('cd starter');
    expect(steps.some((s) => s.startsWith('monitors validate '))).toBe(true);
    const pasteLine = `export MONITORS_API_URL=${sim.baseUrl} MONITORS_API_TOKEN=${sim.token}`;
    const script = steps
      .filter((s) => !s.startsWith('export MONITORS_API_TOKEN'))
      .map((s) => (s.startsWith('export MONITORS_API_URL') ? pasteLine : s))
      // Without a terminal apply asks nobody: the one word a person at a prompt would type.
      .map((s) => (s.startsWith('monitors apply') ? s.replace('monitors apply', 'monitors apply -y') : s))
      .join('\n');
    const run = shell(script, path);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('8 monitors in 2 files: valid.');
    expect(run.stdout).toContain('Plan: 8 to create, 0 to update, 0 to delete.');
    expect(run.stdout).toContain('Apply complete: 8 created');
  });

  it('started as node FILE (no monitors on the PATH): the steps name that file, and work as typed', async () => {
    const init = await runCli(['init', 'by-path'], { cwd: base });
    expect(init.code, init.stderr).toBe(0);
    const steps = nextSteps(init.stdout);
    const validate = steps.find((s) => s.includes(' validate'))!;
    expect(validate.startsWith(`node ${CLI_PATH} validate`)).toBe(true);
    expect(init.stdout).toContain('`monitors` is not on your PATH');
    const run = shell(`${steps[0]!}\n${validate}`, process.env.PATH ?? '');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('8 monitors in 2 files: valid.');
  });

  it("with --ci: the lock file is ignored, so the first apply is the pipeline's, not a local one", async () => {
    const init = await runCli(['init', 'with-ci', '--ci', 'github'], { cwd: base });
    const steps = nextSteps(init.stdout);
    expect(steps.some((s) => / apply\b/.test(s.split('#')[0]!))).toBe(false);
    expect(steps.at(-1)).toMatch(/^git push +# apply from CI: it keeps the lock file on the branch monitors-state/);
  });

  it("--ci gitlab: .monitors/ holds the bundle, and the pipeline's command runs from the new folder", async () => {
    const init = await runCli(['init', 'gl', '--ci', 'gitlab'], { cwd: base });
    expect(init.code, init.stderr).toBe(0);
    expect(init.stdout).toMatch(/\n {2}\.monitors\/ +the CLI's bundle \(\d+ files\)/);
    const run = shell('cd gl && node .monitors/monitors.mjs validate monitors', process.env.PATH ?? '');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toBe('8 monitors in 2 files: valid.\n');
  });
});
