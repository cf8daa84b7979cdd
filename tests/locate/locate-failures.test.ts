// A refused create or replace is pointed at the YAML: for a 422, at the field the error
// body names, in every body shape the client reads; at the `defaults:` line when the entry
// takes the field from there; else at the monitor's entry. The YAML is loaded and planned
// for real, so the change carries what a plan (or a saved plan) carries.
import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorForStatus } from '../../src/api/status-errors.js';
import type { ChangeOutcome } from '../../src/apply/execute.js';
import { MonitorsError } from '../../src/errors.js';
import { loadDesiredState } from '../../src/load/index.js';
import { locateFailures } from '../../src/locate/locate-failures.js';
import { planChanges } from '../../src/plan/planner.js';
import type { PlannedChange } from '../../src/plan/types.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';
import { tempDir } from '../load/temp-dir.js';

const YAML = `${E2E_DEFAULTS.replace('execution_mode: single_location', 'execution_mode: multi_location').replace('consensus_threshold: 1', 'consensus_threshold: 2')}monitors:
  - name: first
    url: https://first.example.com/
    locations: [eu-west, us-east]
  - name: alpha
    url: https://alpha.example.com/
    timeout_seconds: 12
    locations: [eu-west, us-east, ap-south]
    keyword: ok
`;

/** 1-based line and column of `value` in the first line of YAML that holds `line` (of `line` itself without a value). */
function at(line: string, value = ''): { line: number; col: number } {
  const index = YAML.indexOf(line) + line.indexOf(value);
  const before = YAML.slice(0, index);
  return { line: before.split('\n').length, col: index - before.lastIndexOf('\n') };
}

async function plannedCreate(dir: string, name: string): Promise<PlannedChange> {
  const { state, diagnostics } = await loadDesiredState(['monitors.yaml'], { env: {}, cwd: dir });
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const plan = planChanges({ desired: state, live: [], lock: undefined, options: { scope: { kind: 'lock' } } });
  return plan.changes.find((c) => c.name === name)!;
}

const refused = (body: unknown): MonitorsError =>
  errorForStatus({ status: 422, json: body }, { method: 'POST', path: '/monitors', redact: (t) => t });
const failed = (change: PlannedChange, error: MonitorsError): ChangeOutcome => ({
  change,
  ok: false,
  id: null,
  generation: 0,
  error,
});

describe('locating a 422 at the field the body names', () => {
  const SHAPES: [string, unknown, string, { line: number; col: number }][] = [
    [
      'error.details[] with field (ApiError)',
      {
        error: {
          code: 'validation_failed',
          message: 'Invalid',
          details: [{ field: 'timeout_seconds', message: 'too long' }],
        },
      },
      'timeout_seconds',
      at('timeout_seconds: 12', '12'),
    ],
    [
      'error.fields map of lists',
      { error: { code: 'v', message: 'Invalid', fields: { keyword: ['is not allowed for http'] } } },
      'keyword',
      at('keyword: ok', 'ok'),
    ],
    [
      'top-level errors[] with JSON pointers',
      { errors: [{ pointer: '/data/timeout_seconds', detail: 'must be 2 to 60' }] },
      'timeout_seconds',
      at('timeout_seconds: 12', '12'),
    ],
    [
      'errors map of strings',
      { message: 'Invalid', errors: { url: 'private destination' } },
      'url',
      at('url: https://alpha', 'https'),
    ],
    [
      'pydantic-style loc arrays, down to a list item',
      { detail: [{ loc: ['body', 'locations', 2], msg: 'unknown location' }] },
      'locations',
      at('ap-south]', 'ap-south'),
    ],
    [
      'JSON:API errors[] with source.pointer',
      {
        errors: [
          {
            status: '422',
            title: 'Invalid Attribute',
            detail: 'must be a public host',
            source: { pointer: '/data/attributes/url' },
          },
        ],
      },
      'url',
      at('url: https://alpha', 'https'),
    ],
    [
      'RFC 9457 problem details with invalid-params',
      {
        type: 'about:blank',
        title: 'Validation failed',
        status: 422,
        'invalid-params': [{ name: 'timeout_seconds', reason: 'too long' }],
      },
      'timeout_seconds',
      at('timeout_seconds: 12', '12'),
    ],
    [
      'violations[] with propertyPath',
      { title: 'Invalid', violations: [{ propertyPath: 'body.url', message: 'is not reachable' }] },
      'url',
      at('url: https://alpha', 'https'),
    ],
    [
      'a field the entry takes from `defaults:` points there',
      {
        error: {
          code: 'v',
          message: 'Invalid',
          details: [{ field: 'interval_seconds', message: '300 is not enabled' }],
        },
      },
      'interval_seconds',
      at('interval_seconds: 300', '300'),
    ],
  ];

  it.each(SHAPES)('%s', async (_shape, body, field, where) => {
    const dir = tempDir({ 'monitors.yaml': YAML });
    const change = await plannedCreate(dir, 'alpha');
    const located = await locateFailures([failed(change, refused(body))], dir);
    expect(located.get(change)).toEqual([expect.objectContaining({ file: 'monitors.yaml', ...where, field })]);
  });

  it('several field errors: one place each, in the order given', async () => {
    const dir = tempDir({ 'monitors.yaml': YAML });
    const change = await plannedCreate(dir, 'alpha');
    const error = refused({
      error: {
        code: 'v',
        message: 'Invalid',
        details: [
          { field: 'url', message: 'a' },
          { field: 'interval_seconds', message: 'b' },
        ],
      },
    });
    const located = await locateFailures([failed(change, error)], dir);
    expect(located.get(change)!.map((p) => [p.field, p.line, p.col, p.message])).toEqual([
      ['url', at('url: https://alpha', 'https').line, at('url: https://alpha', 'https').col, 'url: a'],
      [
        'interval_seconds',
        at('interval_seconds: 300', '300').line,
        at('interval_seconds: 300', '300').col,
        'interval_seconds: b',
      ],
    ]);
  });
});

describe('locating what names no field', () => {
  const entry = at('- name: alpha');
  const entryValue = { line: entry.line, col: entry.col + 2 };

  it.each([
    ['a 422 without field detail', refused({ error: { code: 'v', message: 'the monitor is invalid' } })],
    [
      'a 422 naming a field the input does not have',
      refused({ error: { code: 'v', message: 'x', details: [{ field: 'plan_tier', message: 'not in your plan' }] } }),
    ],
    ['another failure (a 5xx after the retries)', new MonitorsError('API_SERVER_ERROR', 'the API failed with 503')],
  ])("%s: the monitor's entry", async (_what, error) => {
    const dir = tempDir({ 'monitors.yaml': YAML });
    const change = await plannedCreate(dir, 'alpha');
    const located = await locateFailures([failed(change, error)], dir);
    expect(located.get(change)!.map((p) => ({ line: p.line, col: p.col }))).toEqual([entryValue]);
  });

  it('a refused token is no place in the YAML, and a monitor not sent has no failure', async () => {
    const dir = tempDir({ 'monitors.yaml': YAML });
    const change = await plannedCreate(dir, 'alpha');
    const located = await locateFailures(
      [
        failed(change, new MonitorsError('API_FORBIDDEN', 'lacks monitors:write')),
        { change, ok: false, id: null, generation: 0, notStarted: true },
      ],
      dir,
    );
    expect(located.size).toBe(0);
  });

  it('a file edited since the plan (another monitor at that index) or gone: the position the plan recorded', async () => {
    const dir = tempDir({ 'monitors.yaml': YAML });
    const change = await plannedCreate(dir, 'alpha');
    const error = refused({ error: { code: 'v', message: 'x', details: [{ field: 'url', message: 'bad' }] } });
    writeFileSync(path.join(dir, 'monitors.yaml'), YAML.replace('name: alpha', 'name: renamed'));
    expect((await locateFailures([failed(change, error)], dir)).get(change)).toEqual([
      {
        file: 'monitors.yaml',
        line: entry.line,
        col: entry.col + 2,
        field: 'url',
        message: 'url: bad',
        reason: 'url: bad',
      },
    ]);
    renameSync(path.join(dir, 'monitors.yaml'), path.join(dir, 'gone.yaml'));
    expect((await locateFailures([failed(change, error)], dir)).get(change)?.[0]).toMatchObject({
      line: entry.line,
      col: entry.col + 2,
    });
  });

  it('a source that is not a YAML file (a hand-edited saved plan) is not read', async () => {
    const dir = tempDir({ 'monitors.yaml': YAML });
    const change = {
      ...(await plannedCreate(dir, 'alpha')),
      source: { file: '/etc/passwd', line: 1, col: 1, index: 0 },
    };
    expect((await locateFailures([failed(change, new MonitorsError('API_SERVER_ERROR', 'x'))], dir)).size).toBe(0);
  });
});

describe('locating a refusal of a monitor made by a for_each', () => {
  const TEMPLATED = `${YAML}  - name: "api \${each.region}"
    url: https://\${each.region}.api.example.com/
    timeout_seconds: \${var.timeout}
    locations: [eu-west, us-east]
    for_each:
      region: [eu-west, us-east]
vars:
  timeout: 12
`;
  const lineOf = (needle: string, value = needle) => {
    const index = TEMPLATED.indexOf(needle) + needle.indexOf(value);
    const before = TEMPLATED.slice(0, index);
    return { line: before.split('\n').length, col: index - before.lastIndexOf('\n') };
  };

  it("a field is found in the template, with the instance named; a field from a var is the template's reference, then the var's place", async () => {
    const dir = tempDir({ 'monitors.yaml': TEMPLATED });
    const change = await plannedCreate(dir, 'api us-east');
    expect(change.source).toMatchObject({ index: 2, instance: 'region=us-east' });
    const error = refused({
      error: {
        code: 'v',
        message: 'Invalid',
        details: [
          { field: 'url', message: 'private destination' },
          { field: 'timeout_seconds', message: 'too long' },
        ],
      },
    });
    const located = (await locateFailures([failed(change, error)], dir)).get(change);
    expect(located).toEqual([
      {
        file: 'monitors.yaml',
        ...lineOf('https://${each.region}'),
        field: 'url',
        instance: 'region=us-east',
        message: 'url: private destination (region=us-east)',
        reason: 'url: private destination',
      },
      {
        file: 'monitors.yaml',
        ...lineOf('${var.timeout}'),
        field: 'timeout_seconds',
        instance: 'region=us-east',
        message: 'timeout_seconds: too long (from ${var.timeout}) (region=us-east)',
        reason: 'timeout_seconds: too long (from ${var.timeout})',
      },
      {
        file: 'monitors.yaml',
        ...lineOf('timeout: 12', '12'),
        field: 'timeout_seconds',
        var: 'timeout',
        message: 'var timeout is set here',
        reason: 'var timeout is set here',
      },
    ]);
  });

  it('what names no field: the template entry, naming the instance', async () => {
    const dir = tempDir({ 'monitors.yaml': TEMPLATED });
    const change = await plannedCreate(dir, 'api eu-west');
    const located = (
      await locateFailures([failed(change, new MonitorsError('API_SERVER_ERROR', 'the API failed with 503'))], dir)
    ).get(change);
    const entry = lineOf('- name: "api ${each.region}"', 'name');
    expect(located).toEqual([
      {
        file: 'monitors.yaml',
        ...entry,
        instance: 'region=eu-west',
        message: 'API_SERVER_ERROR: the API failed with 503 (region=eu-west)',
        reason: 'API_SERVER_ERROR: the API failed with 503',
      },
    ]);
  });
});
