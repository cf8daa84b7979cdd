// The README's first command runs scripts/demo.ts: keep it true.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DEMO = fileURLToPath(new URL('../../dist/scripts/demo.js', import.meta.url));
const leftovers = () => readdirSync(tmpdir()).filter((f) => f.startsWith('monitors-demo-'));

describe('the README demo', () => {
  it('validates, plans, applies and plans again with no changes, then cleans up', () => {
    const before = leftovers();
    const run = spawnSync(process.execPath, [DEMO], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', NO_COLOR: '1' },
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('Plan: 21 to create, 0 to update, 0 to delete.');
    expect(run.stdout).toContain('Apply complete: 21 created, 0 updated, 0 deleted, 0 failed.');
    expect(run.stdout).toContain('No changes. 21 monitors up to date.');
    expect(run.stdout).toContain('Lock file written: monitors.lock.json');
    expect(run.stdout).toContain('Demo complete');
    // Paths read as in a repository of your own, not relative to the demo's temporary folder.
    expect(run.stdout).toMatch(/^ {4}defined at: examples\/[a-z-]+\/[a-z-]+\.yaml:\d+:\d+$/m);
    expect(run.stdout).not.toContain('../');
    // The first thing a newcomer sees fits on a screen or two (it was about 1,000 lines: the whole plan, twice).
    expect(run.stdout.split('\n').length).toBeLessThanOrEqual(60);
    expect(run.stdout.match(/^\+ create /gm)).toHaveLength(1);
    expect(leftovers()).toEqual(before);
  });
});
