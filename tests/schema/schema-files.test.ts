import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
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
