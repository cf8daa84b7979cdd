// The editors' schema (schema/*.json) against the loader's schema values and the spec's
// table: the same verdict on every value, enums reachable by completion (never only inside
// if/then/else), and every key documented with the facts of spec section 2.1.
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { monitorsFileSchema } from '../../src/schema/file-schema.js';
import { monitorInputProperties, MONITOR_FIELDS } from '../../src/schema/monitor-input-schema.js';
import { factsText, fieldFacts } from '../../src/schema/editor/field-facts.js';

type Json = Record<string, any>;
const read = (file: string): Json =>
  JSON.parse(readFileSync(new URL(`../../schema/${file}`, import.meta.url), 'utf8')) as Json;
const editorFile = read('monitors-file.schema.json');
const editorInput = read('monitor-input.schema.json');

/** Every property schema below a node, with its path. */
function properties(node: unknown, path = ''): [string, Json][] {
  if (typeof node !== 'object' || node === null) return [];
  const found: [string, Json][] = [];
  for (const [key, value] of Object.entries(node as Json)) {
    if (key === 'properties' && typeof value === 'object' && value !== null) {
      for (const [name, schema] of Object.entries(value as Json)) {
        found.push([`${path}/${name}`, schema], ...properties(schema, `${path}/${name}`));
      }
    } else if (typeof value === 'object') found.push(...properties(value, `${path}/${key}`));
  }
  return found;
}

/** The values an editor's completion offers, as Red Hat's YAML server collects them: enums of the node and of its anyOf/oneOf/allOf branches, never of if/then/else. */
function completableValues(schema: Json): unknown[] {
  const own = Array.isArray(schema.enum) ? schema.enum : [];
  const branches = ['anyOf', 'oneOf', 'allOf'].flatMap((k) => (Array.isArray(schema[k]) ? schema[k] : []));
  return [...own, ...branches.flatMap((b: Json) => completableValues(b))];
}

const hasKeyword = (node: unknown, keyword: string): boolean =>
  typeof node === 'object' &&
  node !== null &&
  Object.entries(node).some(([k, v]) => k === keyword || hasKeyword(v, keyword));

interface SpecRow {
  field: string;
  type: string;
  required: boolean;
  constraints: string;
}
function specRows(): SpecRow[] {
  const spec = readFileSync(new URL('../../spec/monitoring-api.md', import.meta.url), 'utf8');
  const section = spec.slice(spec.indexOf('### 2.1'), spec.indexOf('### 2.2'));
  return section
    .split('\n')
    .filter((line) => /^\| [a-z_]+ \|/.test(line))
    .map((line) => {
      const [field, type, required, constraints] = line
        .split('|')
        .slice(1, 5)
        .map((c) => c.trim());
      return { field: field!, type: type!, required: required === 'yes', constraints: constraints! };
    });
}

describe('the editor schema', () => {
  it('documents every key of both files with a description and a markdownDescription', () => {
    const all = [...properties(editorFile), ...properties(editorInput)];
    expect(all.length).toBeGreaterThan(37 * 3);
    for (const [path, schema] of all) {
      expect(typeof schema.description === 'string' && schema.description.length > 10, path).toBe(true);
      expect(typeof schema.markdownDescription === 'string' && schema.markdownDescription.length > 10, path).toBe(true);
    }
  });

  it('keeps no if/then/else, and every enum of the spec completes in a monitor and in defaults', () => {
    expect(hasKeyword(editorFile, 'if')).toBe(false);
    const inMonitor = editorFile.properties.monitors.items.properties as Json;
    const inDefaults = editorFile.properties.defaults.properties as Json;
    const enumFields = MONITOR_FIELDS.filter((f) => 'enum' in monitorInputProperties[f]);
    expect(enumFields).toEqual([
      'type',
      'method',
      'auth_type',
      'execution_mode',
      'keyword_mode',
      'json_operator',
      'dns_record_type',
    ]);
    for (const field of enumFields) {
      const values = (monitorInputProperties[field] as { enum: readonly unknown[] }).enum;
      expect(completableValues(inMonitor[field]), field).toEqual(values);
      if (field !== 'name') expect(completableValues(inDefaults[field]), field).toEqual(values);
    }
    expect(completableValues(editorFile.properties.settings.properties.scope)).toEqual(['lock', 'workspace']);
  });

  it("states the spec table's type, bounds, required and write-only for each of the 37 fields", () => {
    const rows = specRows();
    expect(rows.map((r) => r.field)).toEqual(MONITOR_FIELDS);
    const inMonitor = editorFile.properties.monitors.items.properties as Json;
    for (const row of rows) {
      for (const text of [inMonitor[row.field].description, editorInput.properties[row.field].description]) {
        const words = text as string;
        // "array of string", "string or null" and "one of: a, b, null" are the table's own words.
        expect(words, row.field).toContain(row.constraints.startsWith('one of') ? row.constraints : row.type);
        expect(words, row.field).toMatch(row.required ? /; required/ : /; optional/);
        const range = /^(\d+) to (\d+)$/.exec(row.constraints);
        if (range) expect(words, row.field).toContain(`${range[1]} to ${range[2]}`);
        const max = /max length (\d+)/.exec(row.constraints);
        if (max) expect(words, row.field).toContain(`at most ${max[1]} characters`);
        const min = /^minimum (\d+)/.exec(row.constraints);
        if (min) expect(words, row.field).toContain(`at least ${min[1]}`);
        expect(words.includes('write-only'), row.field).toBe(row.constraints.includes('write-only'));
      }
    }
  });

  it('gives the ten types their needs as per-value documentation', () => {
    const branch = editorFile.properties.monitors.items.properties.type.anyOf[0] as Json;
    expect(branch.enumDescriptions).toHaveLength(10);
    expect(branch.enumDescriptions[1]).toMatch(/^keyword: needs keyword;/);
    expect(branch.enumDescriptions[9]).toMatch(/^heartbeat: needs heartbeat_grace_seconds/);
  });

  it('judges every value of every monitor field as the loader schema does', () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    const editor = ajv.compile(editorFile);
    const loader = ajv.compile({ ...monitorsFileSchema, $id: 'loader-copy' });
    const pool: unknown[] = [
      null,
      true,
      0,
      1,
      2,
      5,
      6,
      60,
      61,
      99,
      100,
      120,
      599,
      600,
      65535,
      65536,
      604800,
      -1,
      1.5,
      'x',
      '',
      'abc',
      'A0ff',
      'zz',
      'x'.repeat(33),
      ['a'],
      [1],
      'GET',
      'keyword',
      'present',
      'equals',
      'MX',
      'local',
      '${var.interval}',
      '${each.region}',
      'https://${var.domain}/x',
      '${env:TOKEN}',
    ];
    let compared = 0;
    for (const field of MONITOR_FIELDS) {
      for (const value of pool) {
        for (const doc of [{ monitors: [{ name: 'ab', [field]: value }] }, { defaults: { [field]: value } }]) {
          if (field === 'name' && 'defaults' in doc) continue;
          expect(editor(doc), `${field}: ${JSON.stringify(value)}`).toBe(loader(doc));
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(2500);
  });

  it('words facts from the schema alone', () => {
    expect(factsText(fieldFacts({ type: 'integer', minimum: 2, maximum: 60 }, true))).toBe(
      'integer, 2 to 60; required',
    );
    expect(factsText(fieldFacts({ type: ['string', 'null'], maxLength: 2048, writeOnly: true }, false))).toBe(
      'string or null, at most 2048 characters; optional; write-only: the API never returns it',
    );
    expect(factsText(fieldFacts({ type: 'boolean', default: false }, false))).toBe('boolean; optional; default false');
    expect(factsText(fieldFacts({ type: 'array', items: { type: 'string', maxLength: 32 } }, false))).toBe(
      'array of string, each item at most 32 characters; optional',
    );
  });
});
