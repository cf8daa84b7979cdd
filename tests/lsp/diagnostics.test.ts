// Point 1 of issue 32: the server's diagnostics are the loader's own, as validate reports
// them for the same files, over unsaved buffers, as you type (full and incremental sync).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { runCli } from '../helpers/run-cli.js';
import { startLsp, uriOf, type LspClient } from '../helpers/lsp-client.js';
import { writeWorkspace } from './workspace-fixture.js';

interface Plain {
  line: number;
  col: number;
  severity: string;
  code: string;
  message: string;
}

const SEVERITY = ['', 'error', 'warning', 'info'];
const plain = (d: Diagnostic): Plain => ({
  line: d.range.start.line + 1,
  col: d.range.start.character + 1,
  severity: SEVERITY[d.severity ?? 1]!,
  code: String(d.code),
  message: d.message,
});

async function validateJson(cwd: string): Promise<Map<string, Plain[]>> {
  const r = await runCli(['validate', '--format', 'json'], { cwd });
  const report = JSON.parse(r.stdout) as { diagnostics: (Plain & { file: string })[] };
  const byFile = new Map<string, Plain[]>();
  for (const { file, ...d } of report.diagnostics) {
    if (d.line === 0) continue; // a problem with a folder, not in a file
    const abs = path.resolve(cwd, file);
    byFile.set(abs, [...(byFile.get(abs) ?? []), d]);
  }
  return byFile;
}

describe('lsp diagnostics', () => {
  let ws: ReturnType<typeof writeWorkspace>;
  let lsp: LspClient;
  beforeAll(async () => {
    ws = writeWorkspace();
    lsp = await startLsp({ rootUri: uriOf(ws.dir) });
  });
  afterAll(async () => {
    expect(await lsp.close()).toBe(0);
    expect(lsp.stderr()).toBe('');
    ws.remove();
  });

  it('are exactly what validate reports, with ranges, related places and the environment', async () => {
    const expected = await validateJson(ws.dir);
    const broken = path.join(ws.dir, 'broken.yaml');
    expect(expected.get(broken)?.length).toBeGreaterThan(0);
    for (const [abs, list] of expected) {
      const got = await lsp.waitFor(uriOf(abs), (d) => d.length === list.length);
      expect(got.map(plain)).toEqual(list);
    }
    const got = lsp.diagnostics(uriOf(broken))!;
    // The range is the whole offending key; the column after astral characters counts UTF-16 code units.
    const unknown = got.filter((d) => d.message.startsWith('unknown field "urll"'));
    expect(unknown).toHaveLength(2);
    for (const d of unknown) expect(d.range.end.character - d.range.start.character).toBe('urll'.length);
    const flowLine = readFileSync(broken, 'utf8')
      .split('\n')
      .find((l) => l.includes('😀😀 flow'))!;
    expect(unknown[1]!.range.start.character).toBe(flowLine.indexOf('urll')); // UTF-16 code units
    expect(JSON.stringify(got)).not.toContain('hunter2');
    expect(got.every((d) => d.source === 'monitors')).toBe(true);
  });

  it('report an unsaved clash with another file at once, and clear it when undone (incremental sync)', async () => {
    const shop = path.join(ws.dir, 'shop.yaml');
    const text = readFileSync(shop, 'utf8');
    await lsp.open(shop, text, 1);
    const uri = uriOf(shop);
    await lsp.waitFor(uri, (d) => d.length === 0);
    // "home" becomes "search", the name broken.yaml defines: a clash across files, unsaved.
    const line = text.split('\n').findIndex((l) => l.includes('name: home'));
    const start = { line, character: '  - name: '.length };
    await lsp.notify('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ range: { start, end: { line, character: start.character + 4 } }, text: 'search' }],
    });
    const clash = await lsp.waitFor(uri, (d) => d.some((x) => x.code === 'name.duplicate'));
    const duplicate = clash.find((x) => x.code === 'name.duplicate')!;
    expect(duplicate.range).toEqual({ start, end: { line, character: start.character + 6 } });
    expect(duplicate.relatedInformation?.[0]?.location.uri).toBe(uriOf(path.join(ws.dir, 'broken.yaml')));
    await lsp.waitFor(uriOf(path.join(ws.dir, 'broken.yaml')), (d) => d.some((x) => x.code === 'name.duplicate'));
    // Undone with a full-text change (the other kind of sync): cleared in both files.
    await lsp.notify('textDocument/didChange', { textDocument: { uri, version: 3 }, contentChanges: [{ text }] });
    await lsp.waitFor(uri, (d) => d.length === 0);
    await lsp.waitFor(uriOf(path.join(ws.dir, 'broken.yaml')), (d) => !d.some((x) => x.code === 'name.duplicate'));
  });

  it('show a reference typo at its ${ as validate does: ref.unknown with did you mean, ref.syntax for an unclosed one', async () => {
    const shop = path.join(ws.dir, 'shop.yaml');
    const text = readFileSync(shop, 'utf8');
    const typo = text.replace('url: https://${var.domain}/\n', 'url: https://${vars.domain}/\n');
    const broken = typo.replace('url: https://${var.domain}/checkout', 'url: https://${var.domain/checkout');
    await lsp.open(shop, broken, 1);
    const got = await lsp.waitFor(uriOf(shop), (d) => d.length >= 2);
    const lines = broken.split('\n');
    const at = (needle: string) => {
      const line = lines.findIndex((l) => l.includes(needle));
      return { line, character: lines[line]!.indexOf(needle) };
    };
    expect(got.map((d) => [d.code, d.range.start])).toEqual([
      ['ref.unknown', at('${vars.domain}')],
      ['ref.syntax', at('${var.domain/checkout')],
    ]);
    expect(got[0]!.message).toContain('did you mean ${var.domain}?');
    await lsp.notify('textDocument/didChange', {
      textDocument: { uri: uriOf(shop), version: 2 },
      contentChanges: [{ text }],
    });
    await lsp.waitFor(uriOf(shop), (d) => d.length === 0);
  });

  it('name the environment of a problem only one environment has, from an unsaved settings buffer', async () => {
    const settings = path.join(ws.dir, 'settings.yaml');
    const text = readFileSync(settings, 'utf8');
    await lsp.open(settings, text.replace('domain: example.com', 'domain: "exa mple.com"'), 1);
    const shop = uriOf(path.join(ws.dir, 'shop.yaml'));
    const got = await lsp.waitFor(shop, (d) => d.length > 0);
    expect(got.map((d) => `${d.code} ${d.message}`)).toContain(
      'rule.url_invalid url contains whitespace (env=production)',
    );
    await lsp.notify('textDocument/didChange', {
      textDocument: { uri: uriOf(settings), version: 2 },
      contentChanges: [{ text }],
    });
    await lsp.waitFor(shop, (d) => d.length === 0);
  });

  it('show a policy finding of a default once, at the default, naming how many monitors take it', async () => {
    const settings = path.join(ws.dir, 'settings.yaml');
    const text = readFileSync(settings, 'utf8');
    const policy = 'policy:\n  - id: fast\n    level: advisory\n    require: { max_interval_seconds: 120 }\n';
    await lsp.open(settings, `${text}${policy}`, 3);
    const shop = uriOf(path.join(ws.dir, 'shop.yaml'));
    const got = await lsp.waitFor(shop, (d) => d.some((x) => x.code === 'policy.fast'));
    expect(got.filter((d) => d.code === 'policy.fast').map(plain)).toEqual([
      {
        line: 3,
        col: 21,
        severity: 'warning',
        code: 'policy.fast',
        message: 'policy fast (advisory): interval_seconds is 300; at most 120 is allowed (affects 2 monitors)',
      },
    ]);
    await lsp.notify('textDocument/didChange', {
      textDocument: { uri: uriOf(settings), version: 4 },
      contentChanges: [{ text }],
    });
    await lsp.waitFor(shop, (d) => d.length === 0);
  });
});
