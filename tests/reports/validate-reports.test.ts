// `validate --format sarif|codequality` as a process, in a repository whose monitors sit in
// a sub-folder: paths from the repository root, the SARIF log accepted by the maintainers'
// validator (schema and rules, GitHub's included), the same fingerprints after lines move,
// and GitLab's Code Quality fields.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { sarifProblems } from './multitool.js';

const MONITOR = `  - name: "shop: home"
    type: http
    url: https://shop.example.com/
    method: GET
    interval_seconds: 300
    timeout_seconds: 10
    retry_count: 1
    confirmation_attempts: 2
    slow_threshold_ms: 2000
    expected_status_min: 200
    expected_status_max: 299
    max_redirects: 3
    auth_type: none
    execution_mode: local
    consensus_threshold: 1
`;
const BROKEN = `monitors:\n${MONITOR}    colour: red\n${MONITOR.replace('shop: home', 'shop: cart').replace('timeout_seconds: 10', 'timeout_seconds: 100')}`;

let repo = '';
let infra = '';

beforeAll(() => {
  repo = mkdtempSync(path.join(tmpdir(), 'monitors-reports-'));
  mkdirSync(path.join(repo, '.git'));
  infra = path.join(repo, 'infra');
  mkdirSync(path.join(infra, 'my monitors'), { recursive: true });
  writeFileSync(path.join(infra, 'my monitors', 'shop.yaml'), BROKEN);
});

afterAll(() => rmSync(repo, { recursive: true, force: true }));

interface SarifResult {
  ruleId: string;
  level: string;
  locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[];
  partialFingerprints: Record<string, string>;
}

const resultsOf = (stdout: string): SarifResult[] => JSON.parse(stdout).runs[0].results;

describe('validate --format sarif', () => {
  it('passes the SARIF validator, names files from the repository root and keeps fingerprints when lines move', async () => {
    const r = await runCli(['validate', 'my monitors', '--format', 'sarif'], { cwd: infra });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    const results = resultsOf(r.stdout);
    expect(results.map((x) => [x.ruleId, x.level, x.locations[0]!.physicalLocation.region.startLine])).toEqual([
      ['schema.additionalProperties', 'error', 17],
      ['schema.maximum', 'error', 23],
    ]);
    for (const x of results)
      expect(x.locations[0]!.physicalLocation.artifactLocation.uri).toBe('infra/my%20monitors/shop.yaml');
    const file = path.join(repo, 'out.sarif');
    writeFileSync(file, r.stdout);
    expect(await sarifProblems(file, repo)).toEqual([]);
    // The validator does see mistakes: a line 0 breaks the schema (JSON1008), a rule without
    // its full description GitHub's rules (GH2012).
    const log = JSON.parse(r.stdout);
    delete log.runs[0].tool.driver.rules[0].fullDescription;
    log.runs[0].results[0].locations[0].physicalLocation.region.startLine = 0;
    writeFileSync(file, JSON.stringify(log));
    const problems = (await sarifProblems(file, repo)).join('\n');
    expect(problems).toMatch(/^JSON1008 \(error\)/m);
    expect(problems).toMatch(/^GH2012 \(error\)/m);

    // Two lines added above: the same findings, two lines down, with the same fingerprints.
    const shop = path.join(infra, 'my monitors', 'shop.yaml');
    writeFileSync(shop, `# the shop\n# its checks\n${readFileSync(shop, 'utf8')}`);
    const again = resultsOf((await runCli(['validate', 'my monitors', '--format', 'sarif'], { cwd: infra })).stdout);
    expect(again.map((x) => x.locations[0]!.physicalLocation.region.startLine)).toEqual([19, 25]);
    expect(again.map((x) => x.partialFingerprints)).toEqual(results.map((x) => x.partialFingerprints));
    writeFileSync(shop, BROKEN);
  }, 90_000);
});

describe('validate --format codequality', () => {
  it("writes GitLab's documented fields for every finding", async () => {
    const r = await runCli(['validate', 'my monitors', '--format', 'codequality'], { cwd: infra });
    expect(r.code).toBe(1);
    const issues = JSON.parse(r.stdout) as Record<string, unknown>[];
    expect(issues).toHaveLength(2);
    for (const issue of issues) {
      expect(Object.keys(issue)).toEqual(
        expect.arrayContaining(['description', 'check_name', 'fingerprint', 'severity', 'location']),
      );
      expect(['info', 'minor', 'major', 'critical', 'blocker']).toContain(issue.severity);
      expect(issue.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(issues[1]).toMatchObject({
      check_name: 'schema.maximum',
      severity: 'major',
      location: { path: 'infra/my monitors/shop.yaml', lines: { begin: 23 } },
    });
  });

  it('refuses an unknown format, naming those it renders', async () => {
    const r = await runCli(['validate', 'my monitors', '--format', 'xml'], { cwd: infra });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/sarif.*codequality/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stdout).toBe('');
  });
});

describe('a policy rule in the reports', () => {
  it("is described by the rule's own description, and by its id and level without one", async () => {
    const set = path.join(infra, 'with policy');
    mkdirSync(set, { recursive: true });
    writeFileSync(
      path.join(set, 'policy.yaml'),
      'policy:\n  - id: fast-checks\n    description: A check runs at least every five minutes\n    level: advisory\n    require: { max_interval_seconds: 120 }\n  - id: team-tag\n    level: mandatory\n    require: { tags: ["team:*"] }\n',
    );
    writeFileSync(path.join(set, 'shop.yaml'), `monitors:\n${MONITOR}`);
    const r = await runCli(['validate', 'with policy', '--format', 'sarif'], { cwd: infra });
    expect(r.code, r.stderr).toBe(1);
    const rules = JSON.parse(r.stdout).runs[0].tool.driver.rules as { id: string; shortDescription: unknown }[];
    expect(rules.map((x) => [x.id, x.shortDescription])).toEqual([
      ['policy.fast-checks', { text: 'A check runs at least every five minutes.' }],
      ['policy.team-tag', { text: 'Policy rule team-tag (mandatory).' }],
    ]);
    const quality = await runCli(['validate', 'with policy', '--format', 'codequality'], { cwd: infra });
    const issues = JSON.parse(quality.stdout) as { check_name: string; content: { body: string } }[];
    const body = issues.find((i) => i.check_name === 'policy.fast-checks')?.content.body;
    expect(body).toMatch(/^A check runs at least every five minutes\. See /);
  });
});
