import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runActionProcess } from './action-process.js';

describe('the action running validate through the built CLI', () => {
  let workspace: string;
  let env: Record<string, string>;
  beforeEach(() => {
    workspace = mkdtempSync(join(tmpdir(), 'action-validate-'));
    mkdirSync(join(workspace, 'monitors'));
    env = {
      GITHUB_WORKSPACE: workspace,
      GITHUB_STEP_SUMMARY: join(workspace, 'summary.md'),
      GITHUB_OUTPUT: join(workspace, 'output.txt'),
    };
    writeFileSync(env.GITHUB_STEP_SUMMARY!, '');
    writeFileSync(env.GITHUB_OUTPUT!, '');
  });
  afterEach(() => rmSync(workspace, { recursive: true, force: true }));

  it('fails with annotations on the offending YAML line and a summary', async () => {
    const yaml = [
      'monitors:',
      '  - name: Home',
      '    type: http',
      '    url: https://example.com/',
      '    retry_count: 9',
      '',
    ].join('\n');
    writeFileSync(join(workspace, 'monitors', 'home.yaml'), yaml);
    const run = await runActionProcess({ command: 'validate', path: 'monitors' }, env);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^::error file=monitors\/home\.yaml,line=5,/m);
    expect(run.stdout).toContain('::error::monitors validate failed (exit 1)');
    const summary = readFileSync(env.GITHUB_STEP_SUMMARY!, 'utf8');
    expect(summary).toContain('#### monitors validate `monitors`: failed (exit 1)');
    expect(summary).not.toContain('::error');
    expect(readFileSync(env.GITHUB_OUTPUT!, 'utf8')).toBe(
      'sarif-file=monitors-ci/monitors.sarif\nchanges=false\nexit-code=1\n',
    );
    // The findings as SARIF, for the upload-sarif step: the same problem, at the same line.
    const sarif = JSON.parse(readFileSync(join(workspace, 'monitors-ci', 'monitors.sarif'), 'utf8'));
    const results = sarif.runs[0].results as {
      ruleId: string;
      locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[];
    }[];
    const retry = results.find((r) => r.ruleId === 'schema.maximum')!;
    expect(retry.locations[0]!.physicalLocation.region.startLine).toBe(5);
    expect(retry.locations[0]!.physicalLocation.artifactLocation.uri).toMatch(/(^|\/)monitors\/home\.yaml$/);
  });

  it('succeeds on valid YAML', async () => {
    const yaml = [
      'defaults: {type: http, method: GET, interval_seconds: 300, timeout_seconds: 10, retry_count: 0, confirmation_attempts: 1,',
      '  slow_threshold_ms: 3000, expected_status_min: 200, expected_status_max: 299, max_redirects: 0, auth_type: none,',
      '  execution_mode: local, consensus_threshold: 1}',
      'monitors:',
      '  - {name: Home, url: "https://example.com/"}',
      '',
    ].join('\n');
    writeFileSync(join(workspace, 'monitors', 'home.yaml'), yaml);
    const run = await runActionProcess({ command: 'validate', path: 'monitors' }, env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(readFileSync(env.GITHUB_STEP_SUMMARY!, 'utf8')).toContain('#### monitors validate `monitors`: succeeded');
  });
});
