// Where an unpushed lock record is kept under GitHub Actions: the job summary, else the log.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SUMMARY_LIMIT, rescueLockRecords, summarySection } from '../../src/lock-branch/rescue.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rescue-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const file = (text: string) => ({ path: 'monitors/monitors.lock.json', text });

describe('rescueLockRecords', () => {
  it('appends the record to the job summary, in a fence no monitor name can close', async () => {
    const summary = join(dir, 'summary.md');
    writeFileSync(summary, 'before\n');
    const logged: string[] = [];
    const text = '{"monitors": [{"name": "a ```` b"}]}\n';
    expect(
      await rescueLockRecords([file(text)], { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary }, (t) =>
        logged.push(t),
      ),
    ).toBe('the job summary');
    const written = readFileSync(summary, 'utf8');
    expect(written.startsWith('before\n### The lock record was not saved\n')).toBe(true);
    expect(written).toContain(
      `<summary><code>monitors/monitors.lock.json</code></summary>\n\n\`\`\`\`\`json\n${text}\`\`\`\`\`\n`,
    );
    expect(logged).toEqual([]);
  });

  it('prints a record too big for a job summary to the log, in a collapsed group', async () => {
    const summary = join(dir, 'summary.md');
    const logged: string[] = [];
    const big = `${'x'.repeat(SUMMARY_LIMIT)}\n`;
    expect(
      await rescueLockRecords([file(big)], { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary }, (t) =>
        logged.push(t),
      ),
    ).toBe('the job log (the groups above)');
    expect(logged).toEqual([
      `::group::monitors/monitors.lock.json (the lock record this apply could not push)\n${big}::endgroup::\n`,
    ]);
  });

  it('does nothing outside GitHub Actions: the file in the working tree is the copy', async () => {
    const logged: string[] = [];
    expect(await rescueLockRecords([file('{}\n')], {}, (t) => logged.push(t))).toBeUndefined();
    expect(logged).toEqual([]);
  });

  it('escapes the path in the HTML summary line', () => {
    expect(summarySection([{ path: 'a<b>&.json', text: '{}\n' }])).toContain('<code>a&lt;b&gt;&amp;.json</code>');
  });
});
