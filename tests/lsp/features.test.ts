// Points 2, 3, 4, 6 and 7 of issue 32: hover, completion, definition and references, code
// actions and symbols, asked of the built server over stdio in the workspace fixture.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CodeAction,
  CompletionItem,
  DocumentSymbol,
  Hover,
  Location,
  SymbolInformation,
} from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { startLsp, uriOf, type LspClient } from '../helpers/lsp-client.js';
import { writeLocks } from './lock-fixture.js';
import { FILES, writeWorkspace } from './workspace-fixture.js';

describe('lsp features', () => {
  let ws: ReturnType<typeof writeWorkspace>;
  let lsp: LspClient;
  const file = (name: string) => path.join(ws.dir, name);
  /** The position of the `nth` occurrence of `needle` (plus `shift` characters) in a fixture file. */
  const pos = (name: string, needle: string, shift = 0) => {
    const text = FILES[name]!;
    return TextDocument.create('file:///x', 'yaml', 1, text).positionAt(text.indexOf(needle) + shift);
  };
  const ask = <R>(method: string, name: string, needle: string, shift = 0, extra: object = {}) =>
    lsp.request<R>(method, { textDocument: { uri: uriOf(file(name)) }, position: pos(name, needle, shift), ...extra });

  beforeAll(async () => {
    ws = writeWorkspace();
    await writeLocks(ws.dir, { staging: [{ name: 'home' }], production: [] });
    lsp = await startLsp({ rootPath: ws.dir });
    await lsp.waitFor(uriOf(file('broken.yaml')), (d) => d.length > 0);
  });
  afterAll(async () => {
    await lsp.close();
    expect(lsp.stderr()).toBe('');
    ws.remove();
  });

  it('hover: a field, a var per environment, for_each instances, an env reference, a name', async () => {
    const field = await ask<Hover>('textDocument/hover', 'shop.yaml', 'retry_count: 2', 2);
    const fieldText = (field.contents as { value: string }).value;
    expect(fieldText).toContain('**retry_count**: integer; minimum 0; maximum 5; required');
    expect(fieldText).toMatch(/Also in defaults: at line 5/);
    const v = await ask<Hover>('textDocument/hover', 'shop.yaml', '${var.domain}', 3);
    const varText = (v.contents as { value: string }).value;
    expect(varText).toContain('- staging: `"staging.example.com"` (set at settings.yaml:6)');
    expect(varText).toContain('- production: `"example.com"` (set at settings.yaml:11)');
    const each = await ask<Hover>('textDocument/hover', 'services.yaml', '${each.region}', 3);
    expect((each.contents as { value: string }).value).toMatch(/eu-west, us-east|us-east, eu-west/);
    const name = await ask<Hover>('textDocument/hover', 'shop.yaml', 'name: home', 7);
    expect((name.contents as { value: string }).value).toContain('staging: 1 monitor (home: id mon_staging_1)');
    expect((name.contents as { value: string }).value).toContain(
      'production: 1 monitor (home: not in the lock file yet)',
    );
  });

  it('completion: fields not yet written (required first), enum values, vars, each keys, names of moved', async () => {
    const before = readFileSync(file('shop.yaml'), 'utf8');
    const text = before.replace('\nmoved:', '\n  - name: new\n    \nmoved:');
    const cursor = text.indexOf('name: new\n    ') + 'name: new\n    '.length;
    await lsp.open(file('shop.yaml'), text, 2);
    const complete = async (t: string, offset: number) => {
      await lsp.notify('textDocument/didChange', {
        textDocument: { uri: uriOf(file('shop.yaml')), version: Date.now() % 1e9 },
        contentChanges: [{ text: t }],
      });
      const d = TextDocument.create('file:///x', 'yaml', 1, t);
      return lsp.request<CompletionItem[]>('textDocument/completion', {
        textDocument: { uri: uriOf(file('shop.yaml')) },
        position: d.positionAt(offset),
      });
    };
    const fields = await complete(text, cursor);
    const labels = fields.sort((a, b) => (a.sortText! < b.sortText! ? -1 : 1)).map((i) => i.label);
    expect(labels).not.toContain('name');
    expect(labels.indexOf('type')).toBeLessThan(labels.indexOf('keyword'));
    expect(fields.find((i) => i.label === 'type')?.documentation).toBeTruthy();
    const typing = (typed: string) =>
      complete(text.slice(0, cursor) + typed + text.slice(cursor), cursor + typed.length);
    expect((await typing('type: ')).map((i) => i.label)).toEqual([
      'http',
      'keyword',
      'json',
      'ping',
      'tcp',
      'udp',
      'dns',
      'ssl',
      'domain',
      'heartbeat',
    ]);
    expect((await typing('execution_mode: ')).map((i) => i.label)).toContain('multi_location');
    expect((await typing('url: https://${var.')).map((i) => i.label)).toEqual(['domain', 'regions']);
    const moved = text.replace('  - from: old checkout', '  - from: ');
    const names = await complete(moved, moved.indexOf('- from: ') + 8);
    expect(names.map((i) => i.label)).toEqual(expect.arrayContaining(['home', 'checkout', 'api eu-west']));
  });

  it('definition and references: a var to where it is set, a moved entry to its monitor and back', async () => {
    const defs = await ask<Location[]>('textDocument/definition', 'services.yaml', '${var.path}', 3);
    expect(defs.map((l) => `${path.basename(l.uri)}:${l.range.start.line + 1}`)).toEqual(['services.yaml:16']);
    const domain = await ask<Location[]>('textDocument/definition', 'services.yaml', '${var.domain}', 3);
    expect(domain.map((l) => `${path.basename(l.uri)}:${l.range.start.line + 1}`)).toEqual([
      'settings.yaml:6',
      'settings.yaml:11',
    ]);
    const each = await ask<Location[]>('textDocument/definition', 'services.yaml', '${each.region}', 3);
    expect(each[0]!.range.start.line + 1).toBe(pos('services.yaml', 'region: ${var.regions}').line + 1);
    await lsp.notify('textDocument/didChange', {
      textDocument: { uri: uriOf(file('shop.yaml')), version: 1e9 },
      contentChanges: [{ text: FILES['shop.yaml'] }],
    });
    const to = await ask<Location[]>('textDocument/definition', 'shop.yaml', 'to: checkout', 5);
    expect(to.map((l) => l.range.start.line)).toEqual([pos('shop.yaml', 'name: checkout', 6).line]);
    const refs = await ask<Location[]>('textDocument/references', 'shop.yaml', 'name: checkout', 7, {
      context: { includeDeclaration: false },
    });
    expect(refs.map((l) => l.range.start.line)).toEqual([pos('shop.yaml', 'to: checkout').line]);
  });

  it('code actions: did you mean, a missing field, a literal secret to ${env:NAME}', async () => {
    const uri = uriOf(file('broken.yaml'));
    const diagnostics = lsp.diagnostics(uri)!;
    const actions = await lsp.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 40, character: 0 } },
      context: { diagnostics },
    });
    const titles = actions.map((a) => a.title);
    expect(titles).toContain('Change to "url"');
    expect(titles).toContain('Add url');
    expect(titles).toContain('Add keyword');
    expect(titles).toContain('Read the secret from the environment: ${env:ORDERS_SECRET}');
    const secret = actions.find((a) => a.title.startsWith('Read the secret'))!;
    const fixed = TextDocument.applyEdits(
      TextDocument.create(uri, 'yaml', 1, FILES['broken.yaml']!),
      secret.edit!.changes![uri]!,
    );
    expect(fixed).toContain('    auth_secret: ${env:ORDERS_SECRET}\n');
    expect(fixed).not.toContain('hunter2');

    // A missing field goes right after the entry's name, with a placeholder to replace (issue 40).
    const apply = (title: string, line: number) => {
      const action = actions.find((a) => a.title === title && a.diagnostics![0]!.range.start.line === line - 1);
      expect(action, `${title} at line ${line}`).toBeDefined();
      return TextDocument.applyEdits(
        TextDocument.create(uri, 'yaml', 1, FILES['broken.yaml']!),
        action!.edit!.changes![uri]!,
      );
    };
    const lineOf = (needle: string) =>
      FILES['broken.yaml']!.slice(0, FILES['broken.yaml']!.indexOf(needle)).split('\n').length;
    expect(apply('Add url', lineOf('- name: search'))).toContain(
      '  - name: search\n    url: https://example.com/\n    type: http\n    urll: https://example.com/search\n',
    );
    expect(apply('Add keyword', lineOf('- name: "ü€😀 status"'))).toContain(
      '  - name: "ü€😀 status"\n    keyword: CHANGE-ME\n    type: keyword\n',
    );
    expect(apply('Add url', lineOf('- { name: "😀😀 flow"'))).toContain(
      '  - { name: "😀😀 flow", url: https://example.com/, type: http, urll: https://example.com/flow, locations: [eu-west] }\n',
    );
  });

  it('symbols: each monitor with a template instances under it, and every monitor of the set', async () => {
    const symbols = await lsp.request<DocumentSymbol[]>('textDocument/documentSymbol', {
      textDocument: { uri: uriOf(file('services.yaml')) },
    });
    expect(symbols.map((s) => [s.name, s.children?.map((c) => `${c.name} ${c.detail}`)])).toEqual([
      ['api ${each.region}', ['api eu-west staging, production', 'api us-east production']],
    ]);
    const all = await lsp.request<SymbolInformation[]>('workspace/symbol', { query: 'api' });
    expect(all.map((s) => s.name).sort()).toEqual(['api eu-west', 'api us-east']);
  });
});
