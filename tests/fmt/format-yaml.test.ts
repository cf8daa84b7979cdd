// The canonical layout of `monitors fmt` (src/fmt/): key orders, quotes only where needed,
// comments and references kept, a file with a syntax error refused with the loader's
// located message, and the two properties: fmt(fmt(x)) == fmt(x), and fmt changes neither
// what validate says nor any value planned (over every example set).
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMonitorsYaml, type Formatted } from '../../src/fmt/format-yaml.js';
import { UNPLACED_TOP_LEVEL_KEYS } from '../../src/fmt/layout.js';
import { loadDesiredState } from '../../src/load/index.js';

const fmt = async (text: string): Promise<string> => {
  const out: Formatted = await formatMonitorsYaml(text, { skipForeign: false });
  if (out.kind !== 'formatted') throw new Error(`not formatted: ${JSON.stringify(out)}`);
  return out.text;
};

describe('formatMonitorsYaml', () => {
  it('orders sections and keys as the layout says, keeping comments and references', async () => {
    const text = [
      'monitors:',
      '  # the home page',
      '  - url: "https://${var.domain}/"   # where',
      '    type: http',
      '    environments: [production]',
      '    name: "home"',
      '    tags: "${env:TEAM},web"',
      'defaults:',
      '  timeout_seconds: 10',
      '  interval_seconds: 300',
      'vars:',
      '  domain: example.com',
      '',
    ].join('\n');
    expect(await fmt(text)).toBe(
      [
        'vars:',
        '  domain: example.com',
        '',
        'defaults:',
        '  interval_seconds: 300',
        '  timeout_seconds: 10',
        '',
        'monitors:',
        '  # the home page',
        '  - name: home',
        '    environments: [production]',
        '    type: http',
        '    url: https://${var.domain}/ # where',
        '    tags: ${env:TEAM},web',
        '',
      ].join('\n'),
    );
  });

  it('keeps the quotes a plain scalar would need, and block scalars as written', async () => {
    const text = [
      'monitors:',
      '  - name: "123"',
      '    keyword: "true"',
      '    json_expected: "a: b"',
      "    body: 'x #y'",
      '    locations: ["${each.region}", "eu-west"]',
      '    udp_payload: "tab\\there"',
      '    dns_expected: |',
      '      one',
      '      two',
      '',
    ].join('\n');
    const out = await fmt(text);
    expect(out).toContain('name: "123"');
    expect(out).toContain('keyword: "true"');
    expect(out).toContain('json_expected: "a: b"');
    expect(out).toMatch(/body: ["']x #y["']/);
    expect(out).toContain('locations: ["${each.region}", eu-west]');
    expect(out).toContain('udp_payload: "tab\\there"');
    expect(out).toContain('dns_expected: |\n      one\n      two\n');
  });

  it('refuses a file with a syntax error, located as the loader locates it', async () => {
    const out = await formatMonitorsYaml('monitors:\n  - name: "home\n', { skipForeign: false });
    expect(out.kind).toBe('refused');
    if (out.kind !== 'refused') return;
    expect(out.problems[0]).toMatchObject({ pos: { line: 2, col: 11 }, code: 'yaml.unclosed_quote' });
  });

  it('leaves the YAML of another tool alone when searching a folder', async () => {
    expect((await formatMonitorsYaml('services:\n  web: {image: x}\n', { skipForeign: true })).kind).toBe('foreign');
  });

  it('gives every top-level key of the file schema its place', () => {
    expect(UNPLACED_TOP_LEVEL_KEYS).toEqual([]);
  });

  it('is idempotent on shuffled, requoted monitors with comments', async () => {
    const field = fc.constantFrom(
      ['name', '"web ${each.region}"'],
      ['url', "'https://${var.domain}/x'"],
      ['type', 'http'],
      ['interval_seconds', '${var.interval}'],
      ['tags', '"a,b"'],
      ['id', '"01HZX0000000000000000000AA"'],
      ['for_each', '{region: [eu, us]}'],
      ['headers', '{"X-A": "1", b: "2"}'],
      ['locations', '["${each.region}"]'],
    );
    const entry = fc.uniqueArray(field, { minLength: 1, maxLength: 6, selector: ([k]) => k });
    const file = fc.record({
      monitors: fc.array(entry, { minLength: 1, maxLength: 3 }),
      comment: fc.boolean(),
      defaultsFirst: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(file, async ({ monitors, comment, defaultsFirst }) => {
        const list = monitors
          .map((fields) =>
            fields
              .map(([k, v], i) => `${i === 0 ? '  - ' : '    '}${k}: ${v}${comment && i === 0 ? ' # c' : ''}`)
              .join('\n'),
          )
          .join('\n');
        const defaults = 'defaults:\n  timeout_seconds: 10\n  type: http\n';
        const text = defaultsFirst ? `${defaults}monitors:\n${list}\n` : `monitors:\n${list}\n${defaults}`;
        const once = await fmt(text);
        expect(await fmt(once)).toBe(once);
        if (comment) expect(once).toContain('# c');
      }),
      { numRuns: 40 },
    );
  });
});

describe('fmt over the example sets', () => {
  const ROOT = join(import.meta.dirname, '../..');
  const ENV = {
    SHOP_API_TOKEN: 'shop-token',
    SHOP_ADMIN_PASSWORD: 'admin-pw',
    GATEWAY_API_KEY: 'gw-key',
    STAGING_SHOP_API_TOKEN: 'st-token',
    PRODUCTION_SHOP_API_TOKEN: 'pr-token',
  };
  const sets = ['shop', 'model-gateway', 'environments'];
  // What validate says (codes and messages: lines may move) and every value planned, per environment.
  const meaning = async (dir: string) => {
    const loaded = await loadDesiredState([dir], { env: ENV, cwd: dir });
    return {
      diagnostics: loaded.diagnostics.map((d) => `${d.severity} ${d.code} ${d.message}`).sort(),
      environments: loaded.environments.map((e) => ({
        name: e.name,
        monitors: e.state.monitors.map((m) => ({ name: m.name, input: m.input, envRefs: m.envRefs, id: m.pinnedId })),
        settings: { ...e.state.settings, source: undefined, apiUrlAt: undefined },
      })),
    };
  };

  it.each(sets)('%s: the same validation and planned values, and a second fmt changes nothing', async (set) => {
    const dir = mkdtempSync(join(tmpdir(), `fmt-${set}-`));
    try {
      cpSync(join(ROOT, 'examples', set), dir, { recursive: true });
      const before = await meaning(dir);
      const yamlFiles = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f));
      let changed = 0;
      for (const file of yamlFiles) {
        const text = readFileSync(join(dir, file), 'utf8');
        const once = await fmt(text);
        if (once !== text) changed += 1;
        expect(await fmt(once)).toBe(once);
        writeFileSync(join(dir, file), once);
      }
      expect(changed).toBeGreaterThan(0);
      expect(await meaning(dir)).toEqual(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
