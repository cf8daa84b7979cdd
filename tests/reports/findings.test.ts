// The pure part of the code-scanning reports: fingerprints that survive a line moving, the
// SARIF log's shape (levels, rules, locations, encoded paths) and Code Quality's fields.
import { describe, expect, it } from 'vitest';
import { renderCodeQuality } from '../../src/render/codequality/render-code-quality.js';
import { fingerprints } from '../../src/render/findings/fingerprint.js';
import { ruleInfo } from '../../src/render/findings/rules.js';
import type { Finding } from '../../src/render/findings/types.js';
import { FINGERPRINT_KEY, renderSarif } from '../../src/render/sarif/render-sarif.js';

const finding = (over: Partial<Finding> = {}): Finding => ({
  file: 'monitors/shop.yaml',
  path: 'infra/monitors/shop.yaml',
  line: 18,
  col: 5,
  severity: 'error',
  code: 'schema.additionalProperties',
  message: 'unknown field "timeout"; did you mean "timeout_seconds"?',
  ...over,
});

const CONTEXT = { version: '1.2.3', informationUri: 'https://example.test/monitors' };

describe('fingerprints', () => {
  it('stay the same when the finding moves to another line or column', () => {
    expect(fingerprints([finding()])).toEqual(fingerprints([finding({ line: 40, col: 9 })]));
  });

  it('differ by code, path and message, and tell repeated findings apart by their order', () => {
    const [a, b, c, d, e] = fingerprints([
      finding(),
      finding({ code: 'schema.type' }),
      finding({ path: 'other.yaml' }),
      finding({ message: 'unknown field "colour"' }),
      finding(),
    ]);
    expect(new Set([a, b, c, d, e]).size).toBe(5);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('renderSarif', () => {
  it('writes one rule per code, each result pointing at its rule, level and place', () => {
    const log = JSON.parse(
      renderSarif(
        [
          finding(),
          finding({ severity: 'warning', code: 'lint.no_locations', line: 3, col: 1, message: 'w' }),
          finding({ line: 30 }),
          finding({
            severity: 'info',
            code: 'file.skipped',
            path: 'docker-compose.yml',
            line: 0,
            col: 0,
            message: 'i',
          }),
        ],
        CONTEXT,
      ),
    );
    expect(log.version).toBe('2.1.0');
    const run = log.runs[0];
    expect(run.tool.driver).toMatchObject({ name: 'monitors', version: '1.2.3' });
    const rules = run.tool.driver.rules as { id: string; name: string; helpUri: string }[];
    expect(rules.map((r) => r.id)).toEqual(['file.skipped', 'lint.no_locations', 'schema.additionalProperties']);
    expect(rules[2]!.name).toBe('SchemaAdditionalProperties');
    expect(rules[2]!.helpUri).toBe(ruleInfo('schema.additionalProperties').helpUri);
    expect(run.results.map((r: { level: string }) => r.level)).toEqual(['error', 'warning', 'error', 'note']);
    for (const r of run.results) expect(rules[r.ruleIndex]!.id).toBe(r.ruleId);
    expect(run.results[0].locations[0].physicalLocation).toEqual({
      artifactLocation: { uri: 'infra/monitors/shop.yaml', uriBaseId: 'SRCROOT' },
      region: { startLine: 18, startColumn: 5 },
    });
    // A problem with a path as a whole: the artifact, no region.
    expect(run.results[3].locations[0].physicalLocation.region).toBeUndefined();
    // Same code, path and message on another line: another occurrence, another fingerprint.
    expect(run.results[0].partialFingerprints[FINGERPRINT_KEY]).not.toBe(
      run.results[2].partialFingerprints[FINGERPRINT_KEY],
    );
  });

  it('percent-encodes each segment of a path, keeping the slashes', () => {
    const log = JSON.parse(renderSarif([finding({ path: 'my monitors/ä#1.yaml' })], CONTEXT));
    expect(log.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri).toBe(
      'my%20monitors/%C3%A4%231.yaml',
    );
  });

  it('is a valid log with no results when there is nothing to report', () => {
    const log = JSON.parse(renderSarif([], CONTEXT));
    expect(log.runs[0].results).toEqual([]);
    expect(log.runs[0].tool.driver.rules).toEqual([]);
  });
});

describe('renderCodeQuality', () => {
  it("writes GitLab's fields, severities mapped, a path-level problem at line 1", () => {
    const issues = JSON.parse(
      renderCodeQuality([
        finding(),
        finding({ severity: 'warning', code: 'lint.x', message: 'w' }),
        finding({ severity: 'info', code: 'path.empty_folder', line: 0, col: 0, path: 'empty', message: 'i' }),
      ]),
    );
    expect(issues.map((i: { severity: string }) => i.severity)).toEqual(['major', 'minor', 'info']);
    expect(issues[0]).toMatchObject({
      check_name: 'schema.additionalProperties',
      description: expect.stringContaining('unknown field "timeout"'),
      fingerprint: fingerprints([finding()])[0],
      location: { path: 'infra/monitors/shop.yaml', lines: { begin: 18 } },
    });
    expect(issues[2].location).toEqual({ path: 'empty', lines: { begin: 1 } });
  });
});
