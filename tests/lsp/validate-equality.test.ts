// Point 1 and "Done when" of issue 32: the server's diagnostics equal `validate --format
// json` over every YAML file of the test suite and of examples/, each folder as a set. One
// server, started with no workspace folder, no rootUri and no rootPath (a client may send
// none): each file opened makes its folder a set, as validate run in that folder.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { runCli } from '../helpers/run-cli.js';
import { startLsp, uriOf, type LspClient } from '../helpers/lsp-client.js';

const ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)).replace(/\/dist\/?$/, ''));

/** Folders holding YAML files directly, under examples/ and tests/. */
function yamlFolders(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    const entries = readdirSync(dir, { withFileTypes: true });
    if (entries.some((e) => e.isFile() && /\.ya?ml$/.test(e.name))) out.push(dir);
    for (const e of entries)
      if (e.isDirectory() && !e.name.startsWith('.') && e.name !== 'node_modules') walk(path.join(dir, e.name));
  };
  walk(path.join(ROOT, 'examples'));
  walk(path.join(ROOT, 'tests'));
  return out;
}

const SEVERITY = ['', 'error', 'warning', 'info'];
const asValidate = (file: string, d: Diagnostic) => ({
  file,
  line: d.range.start.line + 1,
  col: d.range.start.character + 1,
  severity: SEVERITY[d.severity ?? 1],
  code: String(d.code),
  message: d.message,
});

describe('lsp diagnostics against validate', () => {
  let lsp: LspClient;
  beforeAll(async () => {
    lsp = await startLsp({ rootUri: null, workspaceFolders: null });
  });
  afterAll(async () => {
    await lsp.close();
  });

  it('are those of validate --format json for every YAML case of the suite', async () => {
    const folders = yamlFolders();
    expect(folders.length).toBeGreaterThan(5);
    let compared = 0;
    for (const folder of folders) {
      const report = JSON.parse((await runCli(['validate', '--format', 'json'], { cwd: folder })).stdout) as {
        files: string[];
        diagnostics: { file: string; line: number }[];
      };
      const files = report.files.filter((f) => !f.includes('/') || path.dirname(path.resolve(folder, f)) === folder);
      for (const file of files) {
        const abs = path.resolve(folder, file);
        const expected = report.diagnostics.filter((d) => d.file === file && d.line > 0);
        await lsp.open(abs, readFileSync(abs, 'utf8'));
        const got = await lsp.waitFor(uriOf(abs), (d) => d.length === expected.length);
        expect(
          got.map((d) => asValidate(file, d)),
          `${folder} ${file}`,
        ).toEqual(expected);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(10);
  });
});
