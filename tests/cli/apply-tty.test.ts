// At a terminal, apply asks before changing anything and shows a progress bar. A real
// pseudo-terminal comes from util-linux `script`.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimServer, type SimServer } from '../../src/sim/server.js';
import { fullScopeToken } from '../../src/sim/tokens.js';
import { exampleMonitorInput } from '../helpers/sim-admin.js';
import { hasScript, runAtTerminal } from '../helpers/terminal.js';

const TOKEN = 'tok_tty_test_0123456789';
let sim: SimServer;
let dir: string;

beforeAll(async () => {
  sim = await startSimServer({ tokens: [fullScopeToken(TOKEN)] });
  dir = mkdtempSync(join(tmpdir(), 'apply-tty-'));
  const { name: _n, ...defaults } = exampleMonitorInput('x');
  writeFileSync(join(dir, 'monitors.yaml'), `defaults: ${JSON.stringify(defaults)}\nmonitors:\n  - name: tty-check\n`);
});
afterAll(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs `monitors apply` in a pseudo-terminal and types `answer` (a line, or raw keys) once the question is shown. */
function applyAtTerminal(
  answer: string | { keys: string },
  redirect = '',
): Promise<{ code: number | null; output: string }> {
  return runAtTerminal({
    args: `apply . ${redirect}`,
    cwd: dir,
    env: { MONITORS_API_URL: sim.baseUrl, MONITORS_API_TOKEN: TOKEN },
    onOutput: (output, type) => {
      if (output.includes('Only "yes" will be accepted'))
        type(typeof answer === 'string' ? `${answer}\n` : answer.keys, true);
    },
  });
}

describe.skipIf(!hasScript)('apply at a terminal', () => {
  it('cancels on any answer but "yes", changing nothing', async () => {
    const { code, output } = await applyAtTerminal('no');
    expect(code).toBe(1);
    expect(output).toContain('APPLY_CANCELLED');
    expect(sim.core.state.workspace('default').monitors.size).toBe(0);
  });

  it('cancels on Ctrl-C (exit 130) and on Ctrl-D (exit 1) with one clear line, changing nothing', async () => {
    const ctrlC = await applyAtTerminal({ keys: '\u0003' });
    expect(ctrlC.code, ctrlC.output).toBe(130);
    const ctrlD = await applyAtTerminal({ keys: '\u0004' });
    expect(ctrlD.code, ctrlD.output).toBe(1);
    for (const { output } of [ctrlC, ctrlD]) {
      expect(output).toContain('error APPLY_CANCELLED: apply cancelled; nothing was changed');
      expect(output).not.toContain('INTERNAL');
    }
    expect(sim.core.state.workspace('default').monitors.size).toBe(0);
  });

  it('asks on stdout when only stderr is redirected, and refuses without --yes when both are', async () => {
    const log = join(dir, 'stderr.log');
    const asked = await applyAtTerminal('no', `2>${log}`);
    expect(asked.code).toBe(1);
    expect(asked.output).toContain('Only "yes" will be accepted');
    expect(readFileSync(log, 'utf8')).toContain('error APPLY_CANCELLED');
    const blind = await applyAtTerminal('no', `>${log} 2>&1`);
    expect(blind.code).toBe(1);
    expect(readFileSync(log, 'utf8')).toContain('error APPLY_NEEDS_YES');
    expect(sim.core.state.workspace('default').monitors.size).toBe(0);
  });

  it('applies after "yes", with colour and a progress bar', async () => {
    const { code, output } = await applyAtTerminal('yes');
    expect(code, output).toBe(0);
    expect(output).toContain('\u001b[32m+ create "tty-check"');
    expect(output).toMatch(/Applying \[.*\] 1\/1 changes/);
    // Each change is said as it completes, above the bar (as a redirected apply says it).
    expect(output).toMatch(/created +"tty-check" \([0-9A-Z]{26}\)/);
    expect(output.indexOf('created  "tty-check"')).toBeLessThan(output.lastIndexOf('1/1 changes'));
    expect(output).toContain('Apply complete: 1 created, 0 updated, 0 deleted, 0 failed.');
    expect(sim.core.state.workspace('default').monitors.size).toBe(1);
  });
});
