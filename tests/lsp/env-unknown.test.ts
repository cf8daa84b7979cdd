// Item 4 of issue 40: a field filled from `${env:NAME}` is unknown, not changed, when the
// editor started the server without NAME: the code lens and the hover say "unknown until
// ACME_TOKEN is set"; with the variable set (to what was applied) the lens says unchanged.
// The secret never appears in a lens or hover. Through the built server, as an editor asks.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeLens, Hover } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { startLsp, uriOf } from '../helpers/lsp-client.js';
import { writeLocks } from './lock-fixture.js';
import { DEFAULTS, FILES, writeWorkspace } from './workspace-fixture.js';

const SECRET = 'acme-secret-4f7d9c2e1b';
const API = `${DEFAULTS}
monitors:
  - name: private api
    type: http
    url: https://api.example.com/
    locations: [eu-west]
    auth_type: bearer
    auth_secret: \${env:ACME_TOKEN}

  - name: private admin
    type: http
    url: https://admin.example.com/
    locations: [eu-west]
    auth_type: bearer
    auth_secret: \${env:ACME_TOKEN}
    retry_count: 2
`;

describe('lsp: a variable the editor lacks', () => {
  let ws: ReturnType<typeof writeWorkspace>;
  const file = () => path.join(ws.dir, 'api.yaml');

  beforeAll(async () => {
    ws = writeWorkspace({ 'settings.yaml': FILES['settings.yaml']!, 'api.yaml': API });
    const applied = [{ name: 'private api' }, { name: 'private admin', input: { retry_count: 1 } }];
    await writeLocks(ws.dir, { staging: applied, production: [] }, { ACME_TOKEN: SECRET });
  });
  afterAll(() => ws.remove());

  async function ask(env: Record<string, string>): Promise<{ lenses: string[]; hover: string }> {
    const lsp = await startLsp({ workspaceFolders: [{ uri: uriOf(ws.dir), name: 'ws' }] }, { env });
    try {
      const lenses = (await lsp.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: uriOf(file()) } }))
        .sort((a, b) => a.range.start.line - b.range.start.line)
        .map((l) => l.command?.title ?? '');
      const position = TextDocument.create('file:///x', 'yaml', 1, API).positionAt(API.indexOf('${env:ACME') + 3);
      const hover = await lsp.request<Hover>('textDocument/hover', { textDocument: { uri: uriOf(file()) }, position });
      expect(lsp.stderr()).toBe('');
      return { lenses, hover: (hover.contents as { value: string }).value };
    } finally {
      await lsp.close();
    }
  }

  it('says unknown until it is set, never changed, and unchanged once it is set', async () => {
    const without = await ask({});
    expect(without.lenses).toEqual([
      'staging: unknown until ACME_TOKEN is set | production: create',
      'staging: replace: retry_count changed; auth_secret unknown until ACME_TOKEN is set | production: create',
    ]);
    expect(without.hover).toContain('ACME_TOKEN is not set where the editor started the server');
    expect(without.hover).toContain('unknown until ACME_TOKEN is set');

    const set = await ask({ ACME_TOKEN: SECRET });
    expect(set.lenses).toEqual([
      'staging: unchanged | production: create',
      'staging: replace: retry_count changed | production: create',
    ]);
    expect(set.hover).not.toContain('not set');
    expect(JSON.stringify([without, set])).not.toContain(SECRET);
  });
});
