// Templates: vars, ${var.NAME} and ${each.KEY} references, for_each, and the problems of
// generated monitors, located at the template (the reference itself where one is at
// fault) and naming the instance.
import { describe, expect, it } from 'vitest';
import { DEFAULTS, loadFiles, where } from './temp-dir.js';

const SETTINGS = `settings:
  environments:
    staging:
      token_env: STAGING_TOKEN
      vars: { domain: staging.shop.example.com, interval: 600, regions: [eu-west, us-east] }
    production:
      token_env: PRODUCTION_TOKEN
      vars: { domain: shop.example.com, interval: 120, regions: [eu-west, us-east, ap-south] }
`;

const lines = (text: string) => text.split('\n');
/** 1-based line and column of `needle` in `text` (its first occurrence). */
function at(text: string, needle: string, nth = 0): string {
  const all = lines(text);
  let seen = 0;
  for (const [i, line] of all.entries()) {
    let from = 0;
    for (let col = line.indexOf(needle, from); col !== -1; col = line.indexOf(needle, from)) {
      if (seen === nth) return `${i + 1}:${col + 1}`;
      seen += 1;
      from = col + 1;
    }
  }
  throw new Error(`${needle} not in text`);
}

describe('for_each and vars', () => {
  it('a mapping of lists yields their product, the first key varying slowest; whole references keep their type', async () => {
    const text = `${DEFAULTS}vars:\n  domain: example.com\n  port: 8443\n  every: 600\nmonitors:\n  - name: "api \${each.region} \${each.check}"\n    type: http\n    url: https://\${each.region}.\${var.domain}:\${var.port}/\${each.check}\n    interval_seconds: \${var.every}\n    for_each:\n      region: [eu-west, us-east]\n      check: [health, ready]\n`;
    const r = await loadFiles({ 'a.yaml': text });
    expect(r.diagnostics).toEqual([]);
    expect(r.state.monitors.map((m) => [m.name, m.input.url, m.input.interval_seconds, m.instance])).toEqual([
      ['api eu-west health', 'https://eu-west.example.com:8443/health', 600, 'region=eu-west, check=health'],
      ['api eu-west ready', 'https://eu-west.example.com:8443/ready', 600, 'region=eu-west, check=ready'],
      ['api us-east health', 'https://us-east.example.com:8443/health', 600, 'region=us-east, check=health'],
      ['api us-east ready', 'https://us-east.example.com:8443/ready', 600, 'region=us-east, check=ready'],
    ]);
    // Every instance points at its template.
    expect(new Set(r.state.monitors.map((m) => `${m.source.file}:${m.source.line}:${m.source.col}`))).toEqual(
      new Set([`a.yaml:${at(text, 'name: "api')}`]),
    );
  });

  it('defaults may hold a whole reference where a number or a list is due; a field of the wrong type, an unknown key or a name still may not', async () => {
    const head =
      'defaults:\n  method: GET\n  interval_seconds: ${var.every}\n  locations: ${var.regions}\n  timeout_seconds: 10\n';
    const rest =
      'vars: { every: 600, regions: [eu-west, us-east] }\nmonitors:\n  - name: api\n    type: http\n    url: https://api.example.com/\n';
    const complete =
      '  retry_count: 1\n  confirmation_attempts: 2\n  slow_threshold_ms: 2000\n  expected_status_min: 200\n  expected_status_max: 299\n  max_redirects: 5\n  auth_type: none\n  execution_mode: multi_location\n  consensus_threshold: 1\n';
    const ok = await loadFiles({ 'a.yaml': `${head}${complete}${rest}` });
    expect(ok.diagnostics).toEqual([]);
    expect(ok.state.monitors.map((m) => [m.input.interval_seconds, m.input.locations])).toEqual([
      [600, ['eu-west', 'us-east']],
    ]);
    const bad = await loadFiles({
      'a.yaml': `${head}${complete}  port: \${var.every} tries\n  name: \${var.every}\n  colour: \${var.every}\n${rest}`,
    });
    expect(where(bad)).toEqual(
      expect.arrayContaining([
        'a.yaml:15:9 error schema.type',
        'a.yaml:16:3 error schema.additionalProperties',
        'a.yaml:17:3 error schema.additionalProperties',
      ]),
    );
  });

  it('a list of mappings yields one monitor per mapping, and ${each.KEY} as a whole value keeps its type', async () => {
    const r = await loadFiles({
      'a.yaml': `${DEFAULTS}monitors:\n  - name: "db \${each.host}"\n    type: tcp\n    url: \${each.host}.example.com\n    port: \${each.port}\n    for_each:\n      - { host: primary, port: 5432 }\n      - { host: replica, port: 5433 }\n`,
    });
    expect(r.diagnostics).toEqual([]);
    expect(r.state.monitors.map((m) => [m.name, m.input.url, m.input.port])).toEqual([
      ['db primary', 'primary.example.com', 5432],
      ['db replica', 'replica.example.com', 5433],
    ]);
  });

  it('$${var.NAME} and $${each.KEY} are literal text, and a var may hold an ${env:NAME} reference, kept as one', async () => {
    const r = await loadFiles(
      {
        'a.yaml': `${DEFAULTS}vars:\n  secret: \${env:API_TOKEN}\nmonitors:\n  - name: "literal $\${var.x} $\${each.y} $\${env:Z}"\n    type: http\n    url: https://a.example.com/\n    auth_type: bearer\n    auth_secret: \${var.secret}\n`,
      },
      { env: { API_TOKEN: 'tok-123' } },
    );
    expect(r.diagnostics).toEqual([]);
    expect(r.state.monitors[0]).toMatchObject({
      name: 'literal ${var.x} ${each.y} ${env:Z}',
      input: { auth_secret: 'tok-123' },
      envRefs: { auth_secret: '${env:API_TOKEN}' },
    });
  });

  it('a var written with a literal secret is still a literal secret', async () => {
    const text = `${DEFAULTS}vars:\n  secret: hunter2-literal\nmonitors:\n  - name: "mm"\n    type: http\n    url: https://a.example.com/\n    auth_type: bearer\n    auth_secret: \${var.secret}\n`;
    const r = await loadFiles({ 'a.yaml': text });
    expect(where(r)).toEqual([`a.yaml:${at(text, '${var.secret}')} error secret.literal`]);
    expect(JSON.stringify(r.diagnostics)).not.toContain('hunter2');
  });
});

describe('errors in templates, at the reference and naming the instance', () => {
  it('an unknown var and an unknown key point at the reference inside the string', async () => {
    const text = `${DEFAULTS}vars:\n  domain: example.com\nmonitors:\n  - name: "api \${each.region}"\n    type: http\n    url: https://\${each.regin}.\${var.domian}/x\n    for_each:\n      region: [eu-west, us-east]\n`;
    const r = await loadFiles({ 'a.yaml': text });
    expect(where(r)).toEqual([
      `a.yaml:${at(text, '${each.regin}')} error ref.unknown`,
      `a.yaml:${at(text, '${var.domian}')} error ref.unknown`,
    ]);
    expect(r.diagnostics.map((d) => d.message)).toEqual([
      'for_each has no key "regin" (it has region); did you mean "region"? (region=eu-west; and 1 more monitor)',
      'var "domian" is not defined; did you mean "domain"? (region=eu-west; and 1 more monitor)',
    ]);
  });

  it('a var with no near name says where to define it', async () => {
    const text = `${DEFAULTS}vars:
  domain: example.com
monitors:
  - name: "api"
    type: http
    url: https://\${var.zone}/x
`;
    const r = await loadFiles({ 'a.yaml': text });
    expect(where(r)).toEqual([`a.yaml:${at(text, '${var.zone}')} error ref.unknown`]);
    expect(r.diagnostics[0]?.message).toBe(
      'var "zone" is not defined; define it under vars: in this file or under settings.environments.NAME.vars',
    );
  });

  it('${each.KEY} without a for_each says so', async () => {
    const text = `${DEFAULTS}monitors:\n  - name: "api \${each.region}"\n    type: http\n    url: https://a.example.com/\n`;
    const r = await loadFiles({ 'a.yaml': text });
    expect(where(r)).toEqual([`a.yaml:${at(text, '${each.region}')} error template.no_for_each`]);
    expect(r.diagnostics[0]?.message).toBe('${each.region} needs a for_each, and this entry has none');
  });

  it('a generated monitor that fails the schema is reported at the template line, naming the instance', async () => {
    const text = `${DEFAULTS}monitors:\n  - name: "api \${each.region}"\n    type: http\n    url: https://a.example.com/\n    timeout_seconds: \${each.timeout}\n    for_each:\n      - { region: eu-west, timeout: 30 }\n      - { region: us-east, timeout: 90 }\n`;
    const r = await loadFiles({ 'a.yaml': text });
    expect(where(r)).toEqual([`a.yaml:${at(text, '${each.timeout}')} error schema.maximum`]);
    expect(r.diagnostics[0]?.message).toBe('timeout_seconds must be at most 60 (region=us-east, timeout=90)');
  });

  it('a rule problem of a generated monitor names the instance too', async () => {
    const text = `${DEFAULTS}monitors:\n  - name: "api \${each.host}"\n    type: http\n    url: https://\${each.host}/\n    for_each:\n      host: [example.com, 10.0.0.5]\n`;
    const r = await loadFiles({ 'a.yaml': text });
    expect(where(r)).toEqual([`a.yaml:${at(text, 'https://${each.host}')} error rule.private_destination`]);
    expect(r.diagnostics[0]?.message).toMatch(/\(host=10\.0\.0\.5\)$/);
  });

  it('a for_each that yields one name twice is an error at the name, naming both instances', async () => {
    const text = `${DEFAULTS}monitors:\n  - name: "api \${each.region}"\n    type: http\n    url: https://\${each.region}.example.com/\${each.check}\n    for_each:\n      region: [eu-west]\n      check: [health, ready]\n`;
    const r = await loadFiles({ 'a.yaml': text });
    expect(where(r)).toEqual([`a.yaml:${at(text, '"api ${each.region}"')} error for_each.duplicate_name`]);
    expect(r.diagnostics[0]?.message).toBe(
      'for_each yields 2 monitors named "api eu-west" (region=eu-west, check=health; region=eu-west, check=ready); names identify monitors: use ${each.KEY} for every key that varies',
    );
  });

  it('several repeated names of one for_each are one problem', async () => {
    const text = `${DEFAULTS}monitors:\n  - name: "api \${each.region}"\n    type: http\n    url: https://\${each.region}.example.com/\${each.check}\n    for_each:\n      region: [eu-west, us-east, ap-south]\n      check: [health, ready]\n`;
    const r = await loadFiles({ 'a.yaml': text });
    expect(where(r)).toEqual([`a.yaml:${at(text, '"api ${each.region}"')} error for_each.duplicate_name`]);
    expect(r.diagnostics[0]?.message).toContain(
      '(region=eu-west, check=health; region=eu-west, check=ready), and 2 more names likewise;',
    );
  });

  it('one id pin for every instance of a for_each is an error; an id per instance is fine', async () => {
    const text = `${DEFAULTS}monitors:\n  - name: "api \${each.r}"\n    type: http\n    url: https://a.example.com/\n    id: 01HZY5T9V8W2N4K7Q3R6S0B1CD\n    for_each:\n      r: [a, b]\n`;
    expect(where(await loadFiles({ 'a.yaml': text }))).toEqual([`a.yaml:${at(text, '01HZY')} error for_each.one_id`]);
    const perInstance = text
      .replace('id: 01HZY5T9V8W2N4K7Q3R6S0B1CD', 'id: ${each.id}')
      .replace(
        'r: [a, b]',
        '- { r: a, id: 01HZY5T9V8W2N4K7Q3R6S0B1CD }\n      - { r: b, id: 01HZY5T9V8W2N4K7Q3R6S0B1CE }',
      );
    const r = await loadFiles({ 'a.yaml': perInstance });
    expect(r.diagnostics).toEqual([]);
    expect(r.state.monitors.map((m) => m.pinnedId)).toEqual([
      '01HZY5T9V8W2N4K7Q3R6S0B1CD',
      '01HZY5T9V8W2N4K7Q3R6S0B1CE',
    ]);
  });

  it('an empty product is an error at the empty list', async () => {
    const text = `${DEFAULTS}monitors:\n  - name: "api \${each.region} \${each.check}"\n    type: http\n    url: https://a.example.com/\n    for_each:\n      region: [eu-west]\n      check: []\n`;
    const r = await loadFiles({ 'a.yaml': text });
    expect(where(r)).toEqual([`a.yaml:${at(text, '[]')} error for_each.empty`]);
    expect(r.state.monitors).toEqual([]);
  });

  it('a partial reference to a list is an error, and a for_each value may not use ${each.KEY}', async () => {
    const text = `${DEFAULTS}vars:\n  regions: [a, b]\nmonitors:\n  - name: "x \${var.regions}"\n    type: http\n    url: https://a.example.com/\n  - name: "y \${each.r}"\n    type: http\n    url: https://a.example.com/\n    for_each:\n      r: ["\${each.q}"]\n`;
    const r = await loadFiles({ 'a.yaml': text });
    expect(where(r)).toEqual([
      `a.yaml:${at(text, '${var.regions}')} error template.not_text`,
      `a.yaml:${at(text, '${each.q}')} error template.each_in_for_each`,
    ]);
  });
});

describe('environments', () => {
  const file = (monitors: string) => `${SETTINGS}${DEFAULTS}vars:\n  interval: 300\nmonitors:\n${monitors}`;
  const api = `  - name: "api \${each.region}"\n    type: http\n    url: https://\${each.region}.api.\${var.domain}/health\n    interval_seconds: \${var.interval}\n    for_each:\n      region: \${var.regions}\n`;
  const admin = `  - name: "admin login"\n    type: http\n    url: https://admin.\${var.domain}/login\n    environments: [production]\n`;

  it('without --env every environment is checked, each with its own vars; an environment list limits an entry', async () => {
    const r = await loadFiles({ 'a.yaml': file(api + admin) });
    expect(r.diagnostics).toEqual([]);
    expect(r.declaredEnvironments).toEqual(['staging', 'production']);
    const byEnv = Object.fromEntries(
      r.environments.map((e) => [
        e.name,
        e.state.monitors.map((m) => `${m.name} ${m.input.url} ${m.input.interval_seconds}`),
      ]),
    );
    expect(byEnv).toEqual({
      staging: [
        'api eu-west https://eu-west.api.staging.shop.example.com/health 600',
        'api us-east https://us-east.api.staging.shop.example.com/health 600',
      ],
      production: [
        'api eu-west https://eu-west.api.shop.example.com/health 120',
        'api us-east https://us-east.api.shop.example.com/health 120',
        'api ap-south https://ap-south.api.shop.example.com/health 120',
        'admin login https://admin.shop.example.com/login 300',
      ],
    });
    // Each with where its token variable is named, for messages about the token.
    const text = file(api + admin);
    const pos = (needle: string) => {
      const [line, col] = at(text, needle).split(':').map(Number);
      return { file: 'a.yaml', line, col };
    };
    expect(r.environments.map((e) => e.state.settings.environment)).toEqual([
      { name: 'staging', tokenEnv: 'STAGING_TOKEN', tokenEnvAt: pos('STAGING_TOKEN') },
      { name: 'production', tokenEnv: 'PRODUCTION_TOKEN', tokenEnvAt: pos('PRODUCTION_TOKEN') },
    ]);
  });

  it('with one environment chosen only it is loaded', async () => {
    const r = await loadFiles({ 'a.yaml': file(api + admin) }, { environment: 'staging' });
    expect(r.environments.map((e) => e.name)).toEqual(['staging']);
    expect(r.state.monitors.map((m) => m.name)).toEqual(['api eu-west', 'api us-east']);
  });

  it('a var one environment leaves unset is an error at the reference naming that environment, and only when it is checked', async () => {
    const text = file(`  - name: "status"\n    type: http\n    url: https://\${var.status_host}/\n`).replace(
      'interval: 120, regions',
      'interval: 120, status_host: status.example.com, regions',
    );
    const all = await loadFiles({ 'a.yaml': text });
    expect(where(all)).toEqual([`a.yaml:${at(text, '${var.status_host}')} error ref.unknown`]);
    expect(all.diagnostics[0]?.message).toBe(
      'var "status_host" is not set in this environment (others set it); add it to this environment\'s vars under settings.environments, or to this file\'s vars: as a default (env=staging)',
    );
    expect((await loadFiles({ 'a.yaml': text }, { environment: 'production' })).diagnostics).toEqual([]);
  });

  it('an empty product in one environment only names it', async () => {
    const text = file(api).replace('regions: [eu-west, us-east] }', 'regions: [] }');
    const r = await loadFiles({ 'a.yaml': text });
    expect(where(r)).toEqual([`a.yaml:${at(text, '${var.regions}')} error for_each.empty`]);
    expect(r.diagnostics[0]?.message).toBe(
      'for_each key "region" has an empty list, so the product yields no monitor (env=staging)',
    );
  });

  it('a name duplicated in one environment only names it; in another environment the same names are fine', async () => {
    const text = file(`${api}  - name: "api ap-south"\n    type: http\n    url: https://x.example.com/\n`);
    const r = await loadFiles({ 'a.yaml': text });
    expect(where(r)).toEqual([
      `a.yaml:${at(text, '"api ${each.region}"')} error name.duplicate`,
      `a.yaml:${at(text, '"api ap-south"')} error name.duplicate`,
    ]);
    expect(r.diagnostics[0]?.message).toMatch(
      /^monitor name "api ap-south" is defined 2 times; .* \(region=ap-south, env=production\) \(also at a\.yaml:\d+:\d+\)$/,
    );
    expect(r.diagnostics[1]?.message).toMatch(/\(env=production\) \(also at a\.yaml:\d+:\d+\)$/);
  });

  it('an entry limited to an environment the set does not declare is an error at that name', async () => {
    const text = file(admin.replace('[production]', '[prod]'));
    const r = await loadFiles({ 'a.yaml': text });
    expect(where(r)).toEqual([`a.yaml:${at(text, 'prod]')} error environments.unknown`]);
    expect(r.diagnostics[0]?.message).toBe(
      'no environment is named "prod"; did you mean "production"?; declared: staging, production',
    );
  });

  it('environments: without declared environments is an error', async () => {
    const text = `${DEFAULTS}monitors:\n  - name: "a b"\n    type: http\n    url: https://a.example.com/\n    environments: [production]\n`;
    const r = await loadFiles({ 'a.yaml': text });
    expect(where(r)).toEqual([`a.yaml:${at(text, 'environments:')} error environments.undeclared`]);
  });

  it('defaults may limit a whole file to some environments', async () => {
    const text = file(api).replace('defaults:\n', 'defaults:\n  environments: [staging]\n');
    const r = await loadFiles({ 'a.yaml': text });
    expect(r.diagnostics).toEqual([]);
    expect(r.environments.map((e) => e.state.monitors.length)).toEqual([2, 0]);
  });

  it('two environments never share a token variable or a lock file, and settings.lock_file would be shared by all', async () => {
    const text = `settings:\n  lock_file: monitors.lock.json\n  environments:\n    a:\n      token_env: TOKEN\n      lock_file: locks/x.json\n    b:\n      token_env: TOKEN\n      lock_file: ./locks/x.json\n${DEFAULTS}monitors: []\n`;
    const r = await loadFiles({ 'a.yaml': text });
    expect(where(r)).toEqual([
      `a.yaml:${at(text, 'lock_file')} error environments.shared_lock_file`,
      `a.yaml:${at(text, 'TOKEN', 1)} error environments.shared_token`,
      `a.yaml:${at(text, './locks')} error environments.shared_lock_file`,
    ]);
  });

  it("an environment's settings resolve ${env:NAME} only when it is checked", async () => {
    const text = file(api).replace(
      '      token_env: STAGING_TOKEN\n',
      '      token_env: STAGING_TOKEN\n      api_url: ${env:STAGING_URL}\n',
    );
    expect(where(await loadFiles({ 'a.yaml': text }))).toEqual([
      `a.yaml:${at(text, '${env:STAGING_URL}')} error env.missing`,
    ]);
    expect((await loadFiles({ 'a.yaml': text }, { environment: 'production' })).diagnostics).toEqual([]);
    const staging = await loadFiles(
      { 'a.yaml': text },
      { environment: 'staging', env: { STAGING_URL: 'https://staging.example.com/api/v1' } },
    );
    const [urlLine, urlCol] = at(text, '${env:STAGING_URL}').split(':').map(Number);
    const [tokenLine, tokenCol] = at(text, 'STAGING_TOKEN').split(':').map(Number);
    expect(staging.state.settings.environment).toEqual({
      name: 'staging',
      tokenEnv: 'STAGING_TOKEN',
      tokenEnvAt: { file: 'a.yaml', line: tokenLine, col: tokenCol },
      apiUrl: 'https://staging.example.com/api/v1',
      apiUrlAt: { file: 'a.yaml', line: urlLine, col: urlCol },
    });
  });

  it('validate (missingEnv: warning): an unset ${env:NAME} through a var or an environment setting is a warning in every environment', async () => {
    const text = file(
      `  - name: "api \${each.region}"\n    type: http\n    url: https://\${each.region}.api.\${var.domain}/health\n    headers: "X-Key: \${var.key}"\n    interval_seconds: \${var.interval}\n    for_each:\n      region: \${var.regions}\n`,
    )
      .replace(
        'vars: { domain: staging.shop.example.com,',
        'api_url: ${env:STAGING_URL}\n      vars: { key: "${env:STAGING_KEY}", domain: staging.shop.example.com,',
      )
      .replace('vars: { domain: shop.example.com,', 'vars: { key: "${env:PRODUCTION_KEY}", domain: shop.example.com,');
    const warned = await loadFiles({ 'a.yaml': text }, { missingEnv: 'warning' });
    expect(where(warned)).toEqual([
      `a.yaml:${at(text, '${env:STAGING_URL}')} warning env.missing`,
      `a.yaml:${at(text, '"X-Key')} warning env.missing`,
      `a.yaml:${at(text, '"X-Key')} warning env.missing`,
    ]);
    expect(warned.diagnostics.map((d) => d.message)).toEqual([
      'environment variable STAGING_URL is not set (referenced by settings.environments.staging.api_url); plan and apply need it',
      `environment variable STAGING_KEY is not set (referenced by headers through \${var.key}); plan and apply need it (region=eu-west, env=staging; and 1 more monitor) (var key is set at a.yaml:${at(text, '"${env:STAGING_KEY}"')})`,
      `environment variable PRODUCTION_KEY is not set (referenced by headers through \${var.key}); plan and apply need it (region=eu-west, env=production; and 2 more monitors) (var key is set at a.yaml:${at(text, '"${env:PRODUCTION_KEY}"')})`,
    ]);
    // Everything else is still checked, in both environments.
    expect(warned.environments.map((e) => e.state.monitors.length)).toEqual([2, 3]);
    const broken = await loadFiles(
      { 'a.yaml': text.replace('interval: 600,', 'interval: 60,') },
      { missingEnv: 'warning' },
    );
    expect(broken.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code)).toEqual(['schema.minimum']);
    // plan and apply (the default) need the values: errors.
    const strict = await loadFiles({ 'a.yaml': text }, { environment: 'production' });
    expect(where(strict)).toEqual([`a.yaml:${at(text, '"X-Key')} error env.missing`]);
  });

  it('moved works on generated names, with its own for_each', async () => {
    const text =
      file(api.replace('"api ${each.region}"', '"API ${each.region}"')) +
      `moved:\n  - from: "api \${each.region}"\n    to: "API \${each.region}"\n    for_each:\n      region: \${var.regions}\n`;
    const r = await loadFiles({ 'a.yaml': text });
    expect(r.diagnostics).toEqual([]);
    expect(r.environments[1]?.state.moved.map((m) => `${m.from} -> ${m.to}`)).toEqual([
      'api eu-west -> API eu-west',
      'api us-east -> API us-east',
      'api ap-south -> API ap-south',
    ]);
  });

  it('a moved entry whose target exists in one environment only names the other', async () => {
    const text = file(api + admin) + `moved:\n  - from: "admin"\n    to: "admin login"\n`;
    const r = await loadFiles({ 'a.yaml': text });
    expect(where(r)).toEqual([`a.yaml:${at(text, '"admin login"', 1)} error moved.unknown_target`]);
    expect(r.diagnostics[0]?.message).toBe(
      'no monitor is named "admin login"; to must name a monitor of this set (env=staging)',
    );
  });
});
