// The pure pieces of the Bitbucket providers and of the status every provider with
// `publishStatus` sets: detection, the hidden marker and the cut, validate's SARIF read back,
// Code Insights' limits, the status line; and that the fakes' schema checks do refuse a body
// Bitbucket's description does not allow (so that the end-to-end tests' "no invalid body" means something).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { BitbucketApi } from '../../src/ci/bitbucket/api.js';
import { cloudAnnotations, cloudReport, dcAnnotations } from '../../src/ci/bitbucket/insights.js';
import { bitbucketBody, bitbucketMarker, withBitbucketMarker } from '../../src/ci/bitbucket/marker.js';
import { statusKey } from '../../src/ci/bitbucket/naming.js';
import { sarifFindings, type SarifFinding } from '../../src/ci/bitbucket/sarif-findings.js';
import { commitStatusOf } from '../../src/ci/commit-status.js';
import { driftBody } from '../../src/ci/markers.js';
import { detectedProvider } from '../../src/ci/provider-names.js';
import { cloudBodyChecker } from '../helpers/bitbucket/cloud-schemas.js';
import { dcBodyChecker } from '../helpers/bitbucket/dc-schemas.js';

const finding = (i: number, extra: Partial<SarifFinding> = {}): SarifFinding => ({
  path: 'monitors/a.yaml',
  line: i + 1,
  ruleId: 'schema.maximum',
  level: i % 2 === 0 ? 'error' : 'warning',
  message: `finding ${i}`,
  fingerprint: `fp${i}`,
  ...extra,
});

describe('Bitbucket detection', () => {
  it('knows Pipelines by its build number and Data Center by the server the job names', () => {
    expect(detectedProvider({ BITBUCKET_BUILD_NUMBER: '117' })).toBe('bitbucket');
    expect(detectedProvider({ BITBUCKET_BUILD_NUMBER: 'true' })).toBe('plain');
    expect(detectedProvider({ MONITORS_BITBUCKET_DC_URL: 'https://bitbucket.example.com' })).toBe('bitbucket-dc');
    expect(detectedProvider({ MONITORS_BITBUCKET_DC_URL: 'bitbucket' })).toBe('plain');
    expect(detectedProvider({ GITHUB_ACTIONS: 'true', BITBUCKET_BUILD_NUMBER: '3' })).toBe('github');
  });
});

describe('the Bitbucket marker', () => {
  it('is an empty link (Bitbucket renders no HTML), its path encoded so that nothing ends the link early', () => {
    const marker = bitbucketMarker('plan', 'monitors --env eu (west)');
    expect(marker).toBe('[](#monitors-plan:monitors%20--env%20eu%20%28west%29)');
    expect(marker.slice(3, -1)).not.toMatch(/[\s()]/);
    expect(bitbucketMarker('drift', 'monitors')).not.toBe(bitbucketMarker('plan', 'monitors'));
  });

  it('cuts a plan longer than the limit, with a pointer to the full report', () => {
    const body = bitbucketBody('plan', 'monitors', 'x'.repeat(50_000), 32_000, 'monitors-ci/report.md');
    expect(body.length).toBeLessThanOrEqual(32_000);
    expect(body.startsWith('[](#monitors-plan:monitors)\n')).toBe(true);
    expect(body).toMatch(/… \(truncated: the full plan is in monitors-ci\/report\.md\)$/);
    expect(bitbucketBody('plan', 'monitors', 'short', 32_000, 'x')).toBe('[](#monitors-plan:monitors)\nshort');
  });

  it("puts its marker in place of the drift text's HTML one", () => {
    const text = driftBody({
      path: 'monitors',
      planMarkdown: 'PLAN',
      runName: 'pipeline',
      maxChars: 32_000,
      whereFull: 'x',
    });
    const body = withBitbucketMarker('drift', 'monitors', text);
    expect(body.split('\n')[0]).toBe('[](#monitors-drift:monitors)');
    expect(body).not.toContain('<!--');
    expect(body.endsWith('PLAN')).toBe(true);
  });
});

describe("validate's SARIF as Code Insights", () => {
  it('reads each result back: decoded path, line, rule, level, fingerprint; nothing from what is not SARIF', () => {
    const sarif = JSON.stringify({
      runs: [
        {
          results: [
            {
              ruleId: 'policy.team-tag',
              level: 'error',
              message: { text: 'no team' },
              locations: [
                { physicalLocation: { artifactLocation: { uri: 'my%20monitors/a.yaml' }, region: { startLine: 4 } } },
              ],
              partialFingerprints: { 'monitorsFinding/v1': 'abc' },
            },
            {
              ruleId: 'path.missing',
              level: 'warning',
              message: { text: 'gone' },
              locations: [{ physicalLocation: { artifactLocation: { uri: 'x' } } }],
            },
          ],
        },
      ],
    });
    expect(sarifFindings(sarif)).toEqual([
      {
        path: 'my monitors/a.yaml',
        line: 4,
        ruleId: 'policy.team-tag',
        level: 'error',
        message: 'no team',
        fingerprint: 'abc',
      },
      { path: 'x', line: 0, ruleId: 'path.missing', level: 'warning', message: 'gone', fingerprint: '1' },
    ]);
    expect(sarifFindings('not json')).toEqual([]);
    expect(sarifFindings('{"runs": 3}')).toEqual([]);
  });

  it("keeps within Bitbucket's limits: 100 annotations a request, 1000 a report, a 450-character summary", () => {
    const many = Array.from({ length: 1200 }, (_, i) => finding(i));
    const parts = cloudAnnotations(many);
    expect(parts.map((p) => p.length)).toEqual(Array(10).fill(100));
    expect(cloudReport('t', many, undefined).details).toContain('(the first 1000 annotated)');
    const long = cloudAnnotations([finding(0, { message: 'y'.repeat(3000), line: 0 })])[0]![0]!;
    expect(long.summary.length).toBe(450);
    expect(long.details!.length).toBe(2000);
    expect(long).not.toHaveProperty('line'); // Cloud's line starts at 1: a finding about a whole file has none
    expect(dcAnnotations(many.slice(0, 150)).map((p) => p.annotations.length)).toEqual([100, 50]);
    expect(new Set(parts.flat().map((a) => a.external_id)).size).toBe(1000);
  });

  it("is accepted by the fakes' schemas, which do refuse a body outside them", () => {
    const cloud = cloudBodyChecker();
    expect(
      cloud.check('report', cloudReport('monitors validate x', [finding(0)], 'https://example.com/run')),
    ).toBeUndefined();
    expect(cloud.check('report_annotation[]', cloudAnnotations([finding(0), finding(1)])[0])).toBeUndefined();
    expect(cloud.check('pullrequest_comment', { content: { raw: 'x' } })).toMatch(/must have required property 'type'/);
    expect(cloud.check('commitstatus', { type: 'commitstatus', key: 'k', state: 'PASSED' })).toMatch(
      /must be equal to one of the allowed values/,
    );
    expect(cloud.check('report_annotation[]', [{ type: 'report_annotation', severity: 'SEVERE' }])).toMatch(
      /allowed values/,
    );
    const dc = dcBodyChecker();
    expect(dc.check('annotations', dcAnnotations([finding(0)])[0])).toBeUndefined();
    expect(dc.check('build', { key: 'k', state: 'SUCCESSFUL' })).toMatch(/must have required property 'url'/);
  });
});

describe('the status a run sets on its commit', () => {
  const plan = { create: 1, replace: 2, delete: 0 };
  it("says the plan's summary, the drift, or why it failed, in one line", () => {
    expect(commitStatusOf('plan', 'm', { ok: true, changes: true, counts: plan, code: 2 })).toEqual({
      path: 'm',
      command: 'plan',
      state: 'success',
      description: 'Plan: 1 to create, 2 to update, 0 to delete.',
    });
    expect(
      commitStatusOf('plan', 'm', {
        ok: true,
        changes: true,
        counts: plan,
        code: 2,
        failure: 'The check found a monitor down.',
      }),
    ).toMatchObject({
      state: 'failure',
      description: 'Plan: 1 to create, 2 to update, 0 to delete. The check found a monitor down.',
    });
    expect(commitStatusOf('drift', 'm', { ok: true, changes: true, counts: plan, code: 2 })).toMatchObject({
      state: 'failure',
      description: 'Drift: Plan: 1 to create, 2 to update, 0 to delete.',
    });
    expect(commitStatusOf('drift', 'm', { ok: true, changes: false, code: 0 })).toMatchObject({
      state: 'success',
      description: 'No drift.',
    });
    expect(commitStatusOf('apply', 'm', { ok: false, changes: false, code: 1, failedIn: ['staging'] })).toMatchObject({
      state: 'failure',
      description: 'monitors apply failed in staging (exit 1); see the report.',
    });
    expect(commitStatusOf('validate', 'm', { ok: true, changes: false, code: 0 }).description).toBe('Valid.');
  });

  it('is keyed per command and path, the same on every run', () => {
    expect(statusKey({ command: 'plan', path: 'monitors' })).toBe(statusKey({ command: 'plan', path: 'monitors' }));
    expect(statusKey({ command: 'plan', path: 'monitors --env a' })).not.toBe(
      statusKey({ command: 'plan', path: 'monitors' }),
    );
    expect(statusKey({ command: 'apply', path: 'monitors' })).not.toBe(
      statusKey({ command: 'plan', path: 'monitors' }),
    );
  });
});

describe("Bitbucket Cloud's pages", () => {
  it('follow `next` on the configured base: behind a proxy, a next naming api.bitbucket.org stays on the proxy', async () => {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(`${req.url} ${req.headers.authorization}`);
      const page = new URL(req.url ?? '/', 'http://x').searchParams.get('page') ?? '1';
      const next =
        page === '1'
          ? { next: 'https://api.bitbucket.org/2.0/repositories/a/b/pullrequests/1/comments?pagelen=100&page=2' }
          : {};
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ values: [page], ...next }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/bitbucket/2.0`;
      const pages = new BitbucketApi('Bitbucket Cloud', base, 'tok', 'BITBUCKET_ACCESS_TOKEN').cloudPages<string>(
        '/repositories/a/b/pullrequests/1/comments?pagelen=100',
        'Pull requests: Write',
      );
      expect(await pages(1)).toEqual({ items: ['1'], next: 2 });
      expect(await pages(2)).toEqual({ items: ['2'], next: undefined });
      expect(seen).toEqual([
        '/bitbucket/2.0/repositories/a/b/pullrequests/1/comments?pagelen=100 Bearer tok',
        '/bitbucket/2.0/repositories/a/b/pullrequests/1/comments?pagelen=100&page=2 Bearer tok',
      ]);
    } finally {
      server.close();
    }
  });
});
