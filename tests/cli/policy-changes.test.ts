// A change to `policy:` itself, end to end with the built CLI against the simulator: the
// first plan lists every rule as added, apply records the policy in the lock, a changed rule
// shows in the text and JSON plans (and is "changes present" for --detailed-exitcode), an
// apply with no monitor change still records it (from the YAML and from a saved plan), and
// the next plan shows no change.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimServer, type SimServer } from '../../src/sim/server.js';
import { fullScopeToken } from '../../src/sim/tokens.js';
import { runCli } from '../helpers/run-cli.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

const TOKEN = 'tok_policy_changes_SENTINEL_51';
let sim: SimServer;
let dir: string;

const policy = (rules: string) => `policy:\n${rules}`;
const TEAM_TAG = `  - id: team-tag\n    level: mandatory\n    require:\n      tags: ["team:*"]\n`;
const FAST = (level: string) =>
  `  - id: fast-checks\n    level: ${level}\n    require:\n      max_interval_seconds: 300\n`;
const NAMING = `  - id: naming\n    level: advisory\n    require:\n      name_pattern: '^[a-z]+: '\n`;
const write = (rules: string) =>
  writeFileSync(
    join(dir, 'monitors.yaml'),
    `${E2E_DEFAULTS}${policy(rules)}monitors:\n  - name: "shop: home"\n    url: https://shop.example.com/\n    tags: "team:shop"\n`,
  );
const cli = (...args: string[]) =>
  runCli(args, { cwd: dir, env: { MONITORS_API_URL: sim.baseUrl, MONITORS_API_TOKEN: TOKEN }, timeoutMs: 30_000 });
const lockPolicy = () => JSON.parse(readFileSync(join(dir, 'monitors.lock.json'), 'utf8')).policy;

beforeAll(async () => {
  sim = await startSimServer({ tokens: [fullScopeToken(TOKEN)], checks: { delayMs: 3_600_000 } });
  dir = mkdtempSync(join(tmpdir(), 'policy-changes-'));
});
afterAll(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a change to the policy with the built CLI', { timeout: 60_000 }, () => {
  it('is shown by plan until an apply records it', async () => {
    write(TEAM_TAG + FAST('advisory'));
    const first = await cli('plan', '--format', 'json');
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout).policy.changes).toEqual([
      { rule: 'fast-checks', action: 'add', level: 'advisory' },
      { rule: 'team-tag', action: 'add', level: 'mandatory' },
    ]);
    const applied = await cli('apply', '--yes');
    expect(applied.code, applied.stderr).toBe(0);
    expect(Object.keys(lockPolicy().rules)).toEqual(['fast-checks', 'team-tag']);
    const settled = await cli('plan', '--detailed-exitcode');
    expect(settled.code, settled.stdout + settled.stderr).toBe(0);
    expect(settled.stdout).not.toContain('Policy changed');

    // A stricter level, a rule dropped, a rule added; no monitor changes.
    write(FAST('mandatory') + NAMING);
    const changed = await cli('plan', '--detailed-exitcode');
    expect(changed.code, changed.stderr).toBe(2);
    expect(changed.stdout).toContain(
      [
        'Policy changed since the last apply:',
        '  ~ rule fast-checks: level advisory -> mandatory',
        '  + rule naming (advisory)',
        '  - rule team-tag (mandatory)',
      ].join('\n'),
    );
    expect(changed.stdout).toContain('No changes.');
    const json = JSON.parse((await cli('plan', '--format', 'json')).stdout);
    expect(json.policy.changes).toEqual([
      { rule: 'fast-checks', action: 'change', level: 'mandatory', previous_level: 'advisory', changed: [] },
      { rule: 'naming', action: 'add', level: 'advisory' },
      { rule: 'team-tag', action: 'remove', level: 'mandatory' },
    ]);

    const recorded = await cli('apply', '--yes');
    expect(recorded.code, recorded.stderr).toBe(0);
    expect(recorded.stdout).toContain('Lock file written: monitors.lock.json');
    expect(lockPolicy().rules['fast-checks'].level).toBe('mandatory');
    expect(Object.keys(lockPolicy().rules)).toEqual(['fast-checks', 'naming']);
    const after = await cli('plan', '--detailed-exitcode');
    expect(after.code, after.stderr).toBe(0);
    expect(after.stdout).not.toContain('Policy changed');

    // A saved plan records the rules it was made under when it is applied (here: a loosened rule).
    write(FAST('mandatory').replace('300', '600') + NAMING); // loosened
    const saved = await cli('plan', '--out', 'policy.plan.json');
    expect(saved.code, saved.stdout + saved.stderr).toBe(0);
    expect(saved.stdout).toContain('  ~ rule fast-checks: require changed\n');
    const appliedSaved = await cli('apply', '--plan', 'policy.plan.json');
    expect(appliedSaved.code, appliedSaved.stderr).toBe(0);
    const last = await cli('plan', '--detailed-exitcode');
    expect(last.code, last.stdout + last.stderr).toBe(0);
  });
});
