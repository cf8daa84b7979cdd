// Points 8 and 5 of issue 32: the code lens says what apply would do per environment from
// the YAML and the lock file alone; renaming a monitor adds the `moved:` entry, so the lens
// (the plan's own comparison) reads "renamed from" on the same id, never create + delete.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeLens, TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { startLsp, uriOf, type LspClient } from '../helpers/lsp-client.js';
import { runCli } from '../helpers/run-cli.js';
import { writeLocks } from './lock-fixture.js';
import { FILES, writeWorkspace } from './workspace-fixture.js';

const files = { ...FILES };
delete files['broken.yaml'];

describe('lsp code lens and rename', () => {
  let ws: ReturnType<typeof writeWorkspace>;
  let lsp: LspClient;
  const shop = () => path.join(ws.dir, 'shop.yaml');
  const services = () => path.join(ws.dir, 'services.yaml');
  const lenses = async (abs: string) =>
    (await lsp.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: uriOf(abs) } }))
      .sort((a, b) => a.range.start.line - b.range.start.line)
      .map((l) => `${l.range.start.line + 1}: ${l.command?.title}`);

  beforeAll(async () => {
    ws = writeWorkspace(files);
    await writeLocks(ws.dir, {
      staging: [
        { name: 'home' },
        { name: 'checkout', input: { retry_count: 1 } },
        { name: 'api eu-west', input: { timeout_seconds: 30 } },
      ],
      production: [{ name: 'home' }, { name: 'checkout', as: 'old checkout' }, { name: 'api eu-west' }],
    });
    lsp = await startLsp({ workspaceFolders: [{ uri: uriOf(ws.dir), name: 'ws' }] });
  });
  afterAll(async () => {
    await lsp.close();
    expect(lsp.stderr()).toBe('');
    ws.remove();
  });

  it('say per environment what apply would do, offline', async () => {
    const line = (file: string, needle: string) => lineOf(files[file]!, needle);
    expect(await lenses(shop())).toEqual([
      `${line('shop.yaml', '- name: home')}: staging: unchanged | production: unchanged`,
      `${line('shop.yaml', '- name: checkout')}: staging: replace: retry_count changed | production: renamed from "old checkout"`,
    ]);
    expect(await lenses(services())).toEqual([
      `${line('services.yaml', '- name:')}: staging: replace: timeout_seconds changed | production: api eu-west: unchanged; api us-east: create`,
    ]);
  });

  it('rename a monitor with a moved: entry, and a template with its for_each', async () => {
    const text = readFileSync(shop(), 'utf8');
    await lsp.open(shop(), text);
    const at = TextDocument.create(uriOf(shop()), 'yaml', 1, text).positionAt(text.indexOf('name: home') + 7);
    const prepared = await lsp.request<{ placeholder: string }>('textDocument/prepareRename', {
      textDocument: { uri: uriOf(shop()) },
      position: at,
    });
    expect(prepared.placeholder).toBe('home');
    const edit = await lsp.request<WorkspaceEdit>('textDocument/rename', {
      textDocument: { uri: uriOf(shop()) },
      position: at,
      newName: 'start page',
    });
    const renamed = applyEdits(text, edit.changes![uriOf(shop())]!);
    expect(renamed).toContain('  - name: start page\n');
    expect(renamed).toMatch(
      /moved:\n {2}- from: old checkout\n {4}to: checkout\n {2}- from: home\n {4}to: start page\n/,
    );
    await lsp.notify('textDocument/didChange', {
      textDocument: { uri: uriOf(shop()), version: 2 },
      contentChanges: [{ text: renamed }],
    });
    await lsp.waitFor(uriOf(shop()), (d) => d.length === 0);
    expect((await lenses(shop()))[0]).toBe(
      `${lineOf(text, '- name: home')}: staging: renamed from "home" | production: renamed from "home"`,
    );

    const template = readFileSync(services(), 'utf8');
    await lsp.open(services(), template);
    const pos = TextDocument.create(uriOf(services()), 'yaml', 1, template).positionAt(template.indexOf('"api'));
    const refused = lsp.request('textDocument/rename', {
      textDocument: { uri: uriOf(services()) },
      position: pos,
      newName: 'web',
    });
    await expect(refused).rejects.toThrow(/same kind of references/);
    const templated = await lsp.request<WorkspaceEdit>('textDocument/rename', {
      textDocument: { uri: uriOf(services()) },
      position: pos,
      newName: 'web ${each.region}',
    });
    const moved = applyEdits(template, templated.changes![uriOf(services())]!);
    expect(moved).toContain(
      'moved:\n  - from: api ${each.region}\n    to: web ${each.region}\n    for_each:\n      region: ${var.regions}\n',
    );
    await lsp.notify('textDocument/didChange', {
      textDocument: { uri: uriOf(services()), version: 2 },
      contentChanges: [{ text: moved }],
    });
    await lsp.waitFor(uriOf(services()), (d) => d.length === 0);
    expect(await lenses(services())).toEqual([
      `${lineOf(template, '- name:')}: staging: renamed from "api eu-west", timeout_seconds changed | production: web eu-west: renamed from "api eu-west"; web us-east: create`,
    ]);
  });

  it('a rename of a formatted file leaves it formatted: fmt --check accepts the moved: entry', async () => {
    const formatted = await runCli(['fmt', 'services.yaml'], { cwd: ws.dir });
    expect(formatted.code, formatted.stderr).toBe(0);
    const text = readFileSync(services(), 'utf8');
    await lsp.notify('textDocument/didChange', {
      textDocument: { uri: uriOf(services()), version: 3 },
      contentChanges: [{ text }],
    });
    const pos = TextDocument.create(uriOf(services()), 'yaml', 1, text).positionAt(text.indexOf('api ${'));
    const edit = await lsp.request<WorkspaceEdit>('textDocument/rename', {
      textDocument: { uri: uriOf(services()) },
      position: pos,
      newName: 'site ${each.region}: "health"',
    });
    const renamed = applyEdits(text, edit.changes![uriOf(services())]!);
    expect(renamed).toContain(
      'moved:\n  - from: api ${each.region}\n    to: \'site ${each.region}: "health"\'\n    for_each:\n',
    );
    writeFileSync(services(), renamed);
    const check = await runCli(['fmt', '--check', 'services.yaml'], { cwd: ws.dir });
    expect(check.stdout, check.stderr).toContain('0 files would be reformatted, 1 file already formatted.');
    expect(check.code).toBe(0);
  });
});

/** The 1-based line holding `needle`. */
const lineOf = (text: string, needle: string): number => text.slice(0, text.indexOf(needle)).split('\n').length;

function applyEdits(text: string, edits: TextEdit[]): string {
  const doc = TextDocument.create('file:///x', 'yaml', 1, text);
  return TextDocument.applyEdits(doc, edits);
}
