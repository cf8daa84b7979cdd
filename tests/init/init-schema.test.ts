// Item 4 of issue 40: the editor works offline from the first file. `monitors init` writes
// the file schema beside the YAML and names it by a relative path, so Red Hat's real
// yaml-language-server loads it with no network (it reports a wrong value, completes a
// type, and never says "Unable to load schema"); after an upgrade, `monitors fmt` rewrites
// it with the running version's schema (`fmt --check` only notes it).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { startYamlServer, type YamlServer } from '../helpers/yaml-language-server.js';

const SHIPPED = readFileSync(new URL('../../schema/monitors-file.schema.json', import.meta.url), 'utf8');
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'init-schema-'));
  const run = await runCli(['init', 'repo'], { cwd: dir });
  expect(run.code, run.stderr).toBe(0);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("init's schema, offline", () => {
  it('is written beside the YAML, the schema this version ships, named by a relative path', () => {
    expect(readFileSync(join(dir, 'repo/monitors/monitors-file.schema.json'), 'utf8')).toBe(SHIPPED);
    for (const file of ['monitors.yaml', 'settings.yaml'])
      expect(readFileSync(join(dir, 'repo/monitors', file), 'utf8').split('\n')[0]).toBe(
        '# yaml-language-server: $schema=./monitors-file.schema.json',
      );
  });

  it("loads in Red Hat's yaml-language-server with no network: a wrong value is reported, type: completes", async () => {
    let server: YamlServer | undefined;
    try {
      server = await startYamlServer({ yaml: { validate: true, completion: true, hover: true } });
      const file = join(dir, 'repo/monitors/monitors.yaml');
      const text = readFileSync(file, 'utf8').replace('retry_count: 1 ', 'retry_count: 9 ');
      const uri = pathToFileURL(file).href;
      server.open(uri, text);
      const { diagnostics } = await server.diagnosticsOf(uri, 0);
      const messages = diagnostics.map((d) => d.message);
      expect(messages.filter((m) => /Unable to load schema|schema/i.test(m) && !/maximum/i.test(m))).toEqual([]);
      expect(
        messages.some((m) => /Value is above the maximum of 5/.test(m)),
        messages.join('\n'),
      ).toBe(true);
      const line = text.split('\n').findIndex((l) => l.startsWith('  type: '));
      const items = await server.connection.sendRequest<{ items: { label: string }[] }>('textDocument/completion', {
        textDocument: { uri },
        position: { line, character: 8 },
      });
      expect(items.items.map((i) => i.label)).toContain('tcp');
    } finally {
      await server?.stop();
    }
  }, 60_000);

  it('after an upgrade, fmt --check notes the old schema and fmt rewrites it with this version', async () => {
    const schema = join(dir, 'repo/monitors/monitors-file.schema.json');
    expect((await runCli(['fmt'], { cwd: join(dir, 'repo') })).stdout).not.toContain('schema');
    writeFileSync(schema, '{"title": "the schema of an older monitors"}\n');
    const check = await runCli(['fmt', '--check'], { cwd: join(dir, 'repo') });
    expect(check.code, check.stdout + check.stderr).toBe(0);
    expect(check.stdout).toContain(
      "note: monitors/monitors-file.schema.json is another version's schema; `monitors fmt` writes this version's",
    );
    const fmt = await runCli(['fmt'], { cwd: join(dir, 'repo') });
    expect(fmt.code, fmt.stderr).toBe(0);
    expect(fmt.stdout).toContain(
      'refreshed monitors/monitors-file.schema.json (the schema of this version of monitors)',
    );
    expect(readFileSync(schema, 'utf8')).toBe(SHIPPED);
    const again = await runCli(['fmt', '--check'], { cwd: join(dir, 'repo') });
    expect(again.stdout).not.toContain('schema');
  });
});
