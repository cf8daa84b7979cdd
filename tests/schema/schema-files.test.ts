import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { parse } from 'yaml';
import type { MonitorInput } from '../../src/model/monitor.js';
import { renderedSchemaFiles } from '../../src/schema/schema-files.js';
import { MONITOR_FIELDS, MONITOR_INPUT_REQUIRED } from '../../src/schema/monitor-input-schema.js';

describe('schema files', () => {
  it('the committed schema/*.json equal what the TypeScript schema renders (run scripts/generate-schemas after editing)', () => {
    for (const [file, text] of Object.entries(renderedSchemaFiles())) {
      expect(readFileSync(new URL(`../../schema/${file}`, import.meta.url), 'utf8'), file).toBe(text);
    }
  });

  it('covers exactly the 37 fields of spec 2.1, 15 of them required', () => {
    expect(MONITOR_FIELDS).toHaveLength(37);
    expect(MONITOR_INPUT_REQUIRED).toHaveLength(15);
  });

  it('derives the MonitorInput type from the schema', () => {
    expectTypeOf<MonitorInput['name']>().toEqualTypeOf<string>();
    expectTypeOf<MonitorInput['port']>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<MonitorInput['keyword_mode']>().toEqualTypeOf<'present' | 'absent' | null | undefined>();
    expectTypeOf<MonitorInput['locations']>().toEqualTypeOf<string[] | undefined>();
    expectTypeOf<MonitorInput['follow_redirects']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<MonitorInput['type']>().toEqualTypeOf<
      'http' | 'keyword' | 'json' | 'ping' | 'tcp' | 'udp' | 'dns' | 'ssl' | 'domain' | 'heartbeat'
    >();
  });
});

describe('the editor schema (schema/monitors-file.schema.json)', () => {
  const ajv = new Ajv({ allErrors: true, strict: false });
  const validate = ajv.compile(
    JSON.parse(readFileSync(new URL('../../schema/monitors-file.schema.json', import.meta.url), 'utf8')) as object,
  );
  const examples = fileURLToPath(new URL('../../examples', import.meta.url));

  it('accepts every example file, templates and environments included', () => {
    for (const dir of readdirSync(examples).filter(
      (d) => !d.startsWith('.') && statSync(join(examples, d)).isDirectory(),
    )) {
      for (const file of readdirSync(join(examples, dir)).filter((f) => f.endsWith('.yaml'))) {
        const ok = validate(parse(readFileSync(join(examples, dir, file), 'utf8')));
        expect(ok, `${dir}/${file}: ${JSON.stringify(validate.errors)}`).toBe(true);
      }
    }
  });

  it('knows vars, for_each, environments and settings.environments, and still refuses what is wrong', () => {
    const file = (monitor: Record<string, unknown>, settings: Record<string, unknown> = {}) => ({
      vars: { domain: 'x.example.com' },
      monitors: [{ name: 'api ${each.r}', ...monitor }],
      settings,
    });
    expect(
      validate(
        file(
          { interval_seconds: '${var.interval}', for_each: { r: ['a', 'b'] }, environments: ['production'] },
          { environments: { production: { token_env: 'T' } } },
        ),
      ),
    ).toBe(true);
    expect(validate(file({ for_each: [{ r: 'a' }, { r: 'b' }] }))).toBe(true);
    expect(validate(file({ interval_seconds: 'often' }))).toBe(false);
    expect(validate(file({ for_each: { r: [] } }))).toBe(false);
    expect(validate(file({}, { environments: { production: { api_url: 'https://x/api/v1' } } }))).toBe(false); // token_env is required
  });
});
