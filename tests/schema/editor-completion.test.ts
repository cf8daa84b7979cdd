// The shipped schema in Red Hat's real YAML language server (the best an editor gets
// without `monitors lsp`): values complete, keys complete with their documentation, hover
// describes a field, and the language-specific `yaml.validate: false` that docs/editor.md
// recommends beside `monitors lsp` leaves the problems to it while completion stays.
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXECUTION_MODES, MONITOR_TYPES } from '../../src/schema/monitor-input-schema.js';
import { startYamlServer, type YamlServer } from '../helpers/yaml-language-server.js';

// Buffers beside the examples, with their modeline: the schema is found as an editor finds
// it (nothing is written there; the server reads the text from didOpen).
const uri = (name: string) => pathToFileURL(new URL(`../../examples/shop/${name}`, import.meta.url).pathname).href;
const MODELINE = '# yaml-language-server: $schema=../../schema/monitors-file.schema.json';
const TYPING = uri('unsaved-typing.yaml');
const TYPING_TEXT = [
  MODELINE,
  'defaults:',
  '  type: ',
  'monitors:',
  '  - name: shop front',
  '    type: ',
  '    execution_mode: ',
  '    ',
  '    timeout_seconds: 10',
  '',
].join('\n');
const WRONG_TEXT = [
  MODELINE,
  'vars:',
  '  interval: 300',
  'monitors:',
  '  - name: shop front',
  '    type: http',
  '    interval_seconds: ${var.interval}',
  '    retry_count: 9',
  '',
].join('\n');

interface Item {
  label: string;
  documentation?: { kind: string; value: string } | string;
}
const docText = (item: Item) =>
  typeof item.documentation === 'string' ? item.documentation : item.documentation?.value;

let server: YamlServer;
beforeAll(async () => {
  server = await startYamlServer({ yaml: { validate: true, completion: true, hover: true } });
  server.open(TYPING, TYPING_TEXT);
}, 30_000);
afterAll(async () => server?.stop());

async function complete(doc: string, line: number, character: number): Promise<Item[]> {
  const result = await server.connection.sendRequest<{ items: Item[] } | Item[]>('textDocument/completion', {
    textDocument: { uri: doc },
    position: { line, character },
  });
  return Array.isArray(result) ? result : result.items;
}

describe("the shipped schema in Red Hat's YAML server", () => {
  it('completes `type: ` to the ten types, each with what it needs, in a monitor and in defaults', async () => {
    for (const [line, character] of [
      [5, 10],
      [2, 8],
    ] as const) {
      const items = await complete(TYPING, line, character);
      expect(items.map((i) => i.label)).toEqual([...MONITOR_TYPES]);
      expect(docText(items.find((i) => i.label === 'tcp')!)).toBe('tcp: needs port.');
    }
  });

  it('completes `execution_mode: ` to its three values', async () => {
    const items = await complete(TYPING, 6, 20);
    expect(items.map((i) => i.label)).toEqual([...EXECUTION_MODES]);
  });

  it('completes the keys not yet written, each with its documentation', async () => {
    const items = await complete(TYPING, 7, 4);
    const labels = items.map((i) => i.label);
    expect(labels).toContain('url');
    expect(labels).toContain('heartbeat_grace_seconds');
    expect(labels).toContain('for_each');
    for (const present of ['name', 'type', 'execution_mode', 'timeout_seconds']) expect(labels).not.toContain(present);
    for (const item of items) expect(docText(item), item.label).toMatch(/(required|optional)/);
    expect(docText(items.find((i) => i.label === 'retry_count')!)).toContain('0 to 5');
    expect(docText(items.find((i) => i.label === 'auth_secret')!)).toContain('**write-only**');
  });

  it('shows the description of a field on hover', async () => {
    const hover = await server.connection.sendRequest<{ contents: { kind: string; value: string } }>(
      'textDocument/hover',
      { textDocument: { uri: TYPING }, position: { line: 8, character: 8 } },
    );
    expect(hover.contents.kind).toBe('markdown');
    expect(hover.contents.value).toContain('timeout\\_seconds');
    expect(hover.contents.value).toContain('*integer*, 2 to 60 · **required** (in the monitor or its defaults)');
  });

  it('flags a wrong value but not a whole ${var.NAME}; with `[yaml]` yaml.validate off it reports nothing and still completes', async () => {
    const wrong = uri('unsaved-wrong.yaml');
    let since = server.published.length;
    server.open(wrong, WRONG_TEXT);
    const flagged = await server.diagnosticsOf(wrong, since);
    expect(flagged.diagnostics.length).toBeGreaterThan(0);
    for (const d of flagged.diagnostics) expect(d.range).toMatchObject({ start: { line: 7 }, end: { line: 7 } });

    server.configure({
      yaml: { validate: true, completion: true, hover: true },
      '[yaml]': { 'yaml.validate': false },
    });
    const quiet = uri('unsaved-quiet.yaml');
    since = server.published.length;
    server.open(quiet, WRONG_TEXT);
    expect((await server.diagnosticsOf(quiet, since)).diagnostics).toEqual([]);
    const items = await complete(quiet, 5, 10);
    expect(items.map((i) => i.label)).toContain('http');
  });
});
