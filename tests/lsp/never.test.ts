// "Never" of issue 32: no crash, hang or uncaught exception on any text. The prefixes of
// every file in examples/ (see STRIDE) are sent to the built server as an unsaved buffer, and random edits
// (delete, duplicate and insert lines and characters; fast-check, few rounds): after each,
// the server answers a request at the cursor (the load of that text awaited first), says
// nothing on stderr, never shows a secret's value, and writes no file.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { startLsp, uriOf, type LspClient } from '../helpers/lsp-client.js';

const ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)).replace(/\/dist\/?$/, ''));
const SECRET = 'never-shown-5ecret';
// Every character's prefix takes about two minutes on the shared machine; the suite sends
// each line's prefix and every 16th character's (MONITORS_LSP_EVERY_PREFIX=1: all of them).
const STRIDE = process.env.MONITORS_LSP_EVERY_PREFIX === '1' ? 1 : 16;

/** The lengths of the prefixes sent: every STRIDE-th, and each whole line. */
function prefixLengths(text: string): number[] {
  const out = new Set<number>([0, text.length]);
  for (let n = 0; n <= text.length; n += STRIDE) out.add(n);
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) out.add(i + 1);
  return [...out].sort((a, b) => a - b);
}

function exampleFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.ya?ml$/.test(f))
    .map((f) => path.join(dir, f))
    .sort();
}

/** A snapshot of the files under a folder: path and time of each, to show nothing was written. */
function snapshot(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => `${f} ${statSync(path.join(dir, f)).mtimeMs}`)
    .sort();
}

describe('lsp never', () => {
  let dir: string;
  let lsp: LspClient;
  let version = 1;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'monitors-lsp-never-'));
    cpSync(path.join(ROOT, 'examples'), dir, { recursive: true });
    lsp = await startLsp(
      { rootUri: uriOf(dir) },
      { env: { STAGING_SHOP_API_TOKEN: SECRET, PRODUCTION_SHOP_API_TOKEN: SECRET } },
    );
  });
  afterAll(async () => {
    expect(await lsp.close()).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  });

  /** Sends `text` as the buffer of `abs` and asks for completion and hover at its end. */
  const edit = async (abs: string, text: string) => {
    const uri = uriOf(abs);
    await lsp.notify('textDocument/didChange', {
      textDocument: { uri, version: (version += 1) },
      contentChanges: [{ text }],
    });
    const position = TextDocument.create(uri, 'yaml', 1, text).positionAt(text.length);
    const answers = await Promise.all([
      lsp.request('textDocument/completion', { textDocument: { uri }, position }),
      lsp.request('textDocument/hover', { textDocument: { uri }, position }),
      lsp.request('textDocument/documentSymbol', { textDocument: { uri } }),
    ]);
    return answers;
  };

  it('answers after the prefixes of every example file', async () => {
    const before = snapshot(dir);
    const files = exampleFiles(dir);
    expect(files.length).toBeGreaterThan(3);
    for (const abs of files) {
      const text = readFileSync(abs, 'utf8');
      await lsp.open(abs, '', (version += 1));
      for (const n of prefixLengths(text)) await edit(abs, text.slice(0, n));
      await edit(abs, text);
    }
    const lens = await lsp.request('textDocument/codeLens', { textDocument: { uri: uriOf(files[0]!) } });
    expect(Array.isArray(lens)).toBe(true);
    expect(lsp.stderr()).toBe('');
    expect(JSON.stringify(lsp.published)).not.toContain(SECRET);
    expect(snapshot(dir)).toEqual(before);
  }, 300_000);

  it('answers after random edits of lines and characters', async () => {
    const files = exampleFiles(dir);
    const op = fc.oneof(
      fc.record({ kind: fc.constant('deleteLine' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('duplicateLine' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('insertLine' as const), at: fc.nat(), text: fc.string({ maxLength: 20 }) }),
      fc.record({ kind: fc.constant('deleteChar' as const), at: fc.nat() }),
      fc.record({
        kind: fc.constant('insertChar' as const),
        at: fc.nat(),
        text: fc.constantFrom(...': -#{}[]"\'\t$\n&*!|>%@`\u00e9\ud83d\ude00\\'),
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: files.length - 1 }),
        fc.array(op, { minLength: 1, maxLength: 8 }),
        async (f, ops) => {
          const abs = files[f]!;
          let text = readFileSync(abs, 'utf8');
          for (const o of ops) {
            const lines = text.split('\n');
            const line = o.at % Math.max(1, lines.length);
            const char = o.at % Math.max(1, text.length);
            if (o.kind === 'deleteLine') lines.splice(line, 1);
            else if (o.kind === 'duplicateLine') lines.splice(line, 0, lines[line] ?? '');
            else if (o.kind === 'insertLine') lines.splice(line, 0, o.text);
            text =
              o.kind === 'deleteChar'
                ? text.slice(0, char) + text.slice(char + 1)
                : o.kind === 'insertChar'
                  ? text.slice(0, char) + o.text + text.slice(char)
                  : lines.join('\n');
            const answers = await edit(abs, text);
            expect(answers).toHaveLength(3);
          }
          await edit(abs, readFileSync(abs, 'utf8'));
        },
      ),
      { numRuns: 40, seed: 32 },
    );
    expect(lsp.stderr()).toBe('');
  }, 120_000);
});
