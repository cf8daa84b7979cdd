// policy: in the loader: violations located at the field to fix (or the monitor's line),
// per environment, in generated monitors at the template's line with the instance named,
// exceptions, rules in error at their own line, and a set without policy as before.
import { describe, expect, it } from 'vitest';
import { DEFAULTS, loadFiles, where } from './temp-dir.js';

const POLICY = `policy:
  - id: team-tag
    description: Every monitor names its owning team.
    level: mandatory
    require:
      tags: ["team:*"]
  - id: fast-checks
    level: advisory
    require:
      max_interval_seconds: 120
`;

const PROD_LOCATIONS = `  - id: prod-locations
    level: mandatory
    environments: [production]
    where: { name: "shop: *" }
    require:
      min_locations: 2
`;

const SETTINGS = `settings:
  environments:
    staging: { token_env: STAGING_TOKEN }
    production: { token_env: PROD_TOKEN }
`;

const messages = (r: { diagnostics: { message: string }[] }) => r.diagnostics.map((d) => d.message);

describe('policy in the loader', () => {
  it('reports each level at the field at fault, or at the monitor when the field is missing', async () => {
    const r = await loadFiles({
      'platform.yaml': POLICY,
      'shop.yaml': `${DEFAULTS}monitors:
  - name: "shop: cart"
    type: http
    url: https://example.com/cart
    tags: "tier:1"
  - name: "shop: home"
    type: http
    url: https://example.com/
`,
    });
    expect(where(r)).toEqual([
      'shop.yaml:3:21 warning policy.fast-checks',
      'shop.yaml:18:11 error policy.team-tag',
      'shop.yaml:19:5 error policy.team-tag',
    ]);
    expect(messages(r)).toEqual([
      'policy fast-checks (advisory): interval_seconds is 300; at most 120 is allowed (affects 2 monitors)',
      'policy team-tag (mandatory): Every monitor names its owning team (no label of tags matches "team:*")',
      'policy team-tag (mandatory): Every monitor names its owning team (no label of tags matches "team:*")',
    ]);
  });

  it('checks each environment, naming the one a problem occurs in', async () => {
    const r = await loadFiles({
      'platform.yaml': `${SETTINGS}${POLICY.replace('max_interval_seconds: 120', 'max_interval_seconds: 300')}${PROD_LOCATIONS}`,
      'shop.yaml': `${DEFAULTS}monitors:
  - name: "shop: cart"
    type: http
    url: https://example.com/cart
    tags: "team:shop"
    execution_mode: single_location
    locations: [eu-west]
  - name: "api: cart"
    type: http
    url: https://example.com/api
    tags: "team:api"
`,
    });
    expect(where(r)).toEqual(['shop.yaml:20:16 error policy.prod-locations']);
    expect(messages(r)[0]).toContain('(env=production)');
    const staging = await loadFiles(
      { 'platform.yaml': `${SETTINGS}${POLICY}${PROD_LOCATIONS}`, 'shop.yaml': `${DEFAULTS}monitors: []\n` },
      { environment: 'staging' },
    );
    expect(staging.diagnostics).toEqual([]);
  });

  it('says a violation of a shared default once, at the settings line, naming how many monitors take it', async () => {
    const shared = `settings:\n  ${DEFAULTS.trimEnd().replace(/\n/g, '\n  ')}\n`;
    const entry = (name: string, more = '') =>
      `  - name: "${name}"\n    type: http\n    url: https://example.com/${name}\n    tags: "team:x"\n${more}`;
    const r = await loadFiles({
      'settings.yaml': `${shared}${POLICY}`,
      'a.yaml': `monitors:\n${entry('a1')}${entry('a2')}${entry('a3', '    interval_seconds: 600\n')}`,
      'b.yaml': `monitors:\n  - name: "b-\${each.r}"\n    type: http\n    url: https://example.com/\${each.r}\n    tags: "team:x"\n    for_each: { r: [x, y] }\n`,
      'c.yaml': `defaults:\n  interval_seconds: 120\nmonitors:\n${entry('c1')}`,
    });
    // The shared value (300) in a1, a2, b-x and b-y: once, in the settings file; a3's own value at a3.
    expect(where(r)).toEqual([
      'a.yaml:14:23 warning policy.fast-checks',
      'settings.yaml:4:23 warning policy.fast-checks',
    ]);
    expect(messages(r)).toEqual([
      'policy fast-checks (advisory): interval_seconds is 600; at most 120 is allowed',
      'policy fast-checks (advisory): interval_seconds is 300; at most 120 is allowed (affects 4 monitors)',
    ]);
  });

  it('names the environment of a violation of a default found in only some', async () => {
    const r = await loadFiles({
      'platform.yaml': `${SETTINGS}${POLICY.replace('max_interval_seconds: 120', 'max_interval_seconds: 300')}${PROD_LOCATIONS}`,
      'shop.yaml': `${DEFAULTS.replace('execution_mode: local', 'execution_mode: single_location\n  locations: [eu-west]')}monitors:
  - name: "shop: cart"
    type: http
    url: https://example.com/cart
    tags: "team:shop"
  - name: "shop: home"
    type: http
    url: https://example.com/
    tags: "team:shop"
`,
    });
    expect(where(r)).toEqual(['shop.yaml:13:14 error policy.prod-locations']);
    expect(messages(r)[0]).toMatch(/\(env=production; affects 2 monitors\)$/);
  });

  it('points a generated monitor at its template, naming the instance', async () => {
    const r = await loadFiles({
      'platform.yaml': POLICY.replace('max_interval_seconds: 120', 'max_interval_seconds: 300'),
      'shop.yaml': `${DEFAULTS}monitors:
  - name: "shop: \${each.region}"
    type: http
    url: https://\${each.region}.example.com/
    tags: \${each.tags}
    for_each:
      - { region: eu, tags: "team:shop" }
      - { region: us, tags: "tier:1" }
`,
    });
    expect(where(r)).toEqual(['shop.yaml:18:11 error policy.team-tag']);
    expect(messages(r)[0]).toMatch(/\(region=us, tags=tier:1\)$/);
  });

  it('spares a monitor with an exception, and lists the exception on the monitor', async () => {
    const r = await loadFiles({
      'platform.yaml': POLICY,
      'shop.yaml': `${DEFAULTS}  policy_exceptions: [{ id: fast-checks, reason: "the server allows no shorter interval" }]
monitors:
  - name: "shop: cart"
    type: http
    url: https://example.com/cart
    policy_exceptions:
      - { id: team-tag, reason: "owner leaving; reassigned in Q3" }
`,
    });
    expect(r.diagnostics).toEqual([]);
    expect(r.state.monitors[0]?.policyExceptions).toEqual([
      { id: 'team-tag', reason: 'owner leaving; reassigned in Q3', from: 'entry' },
      { id: 'fast-checks', reason: 'the server allows no shorter interval', from: 'defaults' },
    ]);
    expect(r.state.policy?.rules.map((rule) => rule.id)).toEqual(['team-tag', 'fast-checks']);
    expect(r.state.policy?.source).toEqual({ file: 'platform.yaml', line: 1, col: 1 });
  });

  it('reports rules and exceptions in error at their own line', async () => {
    const r = await loadFiles({
      'platform.yaml': `policy:
  - id: naming
    level: mandatory
    require: { name_pattern: "([a-z" }
  - id: typo
    level: advisory
    require: { min_location: 3 }
  - id: prod-only
    level: mandatory
    environments: [production]
    require: { min_locations: 3 }
`,
      'shop.yaml': `${DEFAULTS}monitors:
  - name: "shop: cart"
    type: http
    url: https://example.com/cart
    policy_exceptions:
      - { id: nameing, reason: "legacy" }
      - { id: naming }
`,
    });
    expect(where(r)).toEqual([
      'platform.yaml:4:30 error policy.rule.regex',
      'platform.yaml:7:16 error schema.additionalProperties',
      'platform.yaml:10:5 error environments.undeclared',
      'shop.yaml:19:15 error policy.exception.unknown',
      'shop.yaml:20:9 error schema.required',
    ]);
    expect(messages(r)[1]).toContain('did you mean "min_locations"');
  });

  it('reads deleted: entries with their exceptions, suggests a misspelt rule id, refuses a name still defined', async () => {
    const r = await loadFiles({
      'platform.yaml': `${POLICY}  - id: prod-interval\n    level: mandatory\n    require: { max_interval_seconds: 900 }\n  - id: no-deletes\n    level: mandatory\n    deny: [delete]\n`,
      'shop.yaml': `${DEFAULTS}monitors:
  - name: "shop: cart"
    type: http
    url: https://example.com/cart
    tags: "team:shop"
    policy_exceptions: [{ id: prod-intervall, reason: "typo" }]
deleted:
  - name: "shop: home"
    policy_exceptions:
      - { id: no-deletes, reason: "the home page check moved to the storefront team" }
  - name: "shop: cart"
    policy_exceptions: [{ id: no-deletes, reason: "still here" }]
`,
    });
    expect(where(r)).toEqual([
      'shop.yaml:3:21 warning policy.fast-checks',
      'shop.yaml:19:31 error policy.exception.unknown',
      'shop.yaml:24:11 error deleted.still_defined',
    ]);
    expect(messages(r)[1]).toBe('no policy rule has the id "prod-intervall"; did you mean "prod-interval"?');
    expect(r.state.deleted).toEqual([
      {
        name: 'shop: home',
        exceptions: [{ id: 'no-deletes', reason: 'the home page check moved to the storefront team' }],
        source: { file: 'shop.yaml', line: 21, col: 5 },
      },
      {
        name: 'shop: cart',
        exceptions: [{ id: 'no-deletes', reason: 'still here' }],
        source: { file: 'shop.yaml', line: 24, col: 5 },
      },
    ]);
  });

  it('refuses a second file declaring policy:', async () => {
    const r = await loadFiles({ 'a.yaml': POLICY, 'b.yaml': POLICY });
    expect(where(r)).toEqual(['a.yaml:1:1 error policy.declared_twice', 'b.yaml:1:1 error policy.declared_twice']);
  });

  it('leaves a set without policy as it was', async () => {
    const r = await loadFiles({
      'shop.yaml': `${DEFAULTS}monitors:
  - name: "shop: cart"
    type: http
    url: https://example.com/cart
`,
    });
    expect(r.diagnostics).toEqual([]);
    expect(r.state.policy).toBeUndefined();
    expect(Object.keys(r.state.monitors[0]!)).not.toContain('policyExceptions');
  });
});

describe('policy keys that take one value or a list', () => {
  it('get one message at the value, not one per branch of the schema', async () => {
    const r = await loadFiles({
      'platform.yaml': `policy:
  - id: odd
    level: mandatory
    where: { type: 5 }
    require: { execution_mode: [] }
`,
    });
    expect(where(r)).toEqual(['platform.yaml:4:20 error schema.oneOf', 'platform.yaml:5:32 error schema.oneOf']);
    expect(r.diagnostics[0]?.message).toBe(
      'where.type must be one value or a non-empty list of values (docs/policy.md says which)',
    );
  });
});
