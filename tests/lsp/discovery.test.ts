// Issue 32, "Performance": a keystroke does not search the set's folders again; the search
// is kept while no folder's time changes, and made again when the client tells of files
// made or removed (workspace/didChangeWatchedFiles, which the server asks to be sent).
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLsp, uriOf, type LspClient } from '../helpers/lsp-client.js';
import { DEFAULTS } from '../load/temp-dir.js';

const monitor = (name: string) => `  - name: ${name}\n    type: http\n    url: https://a.example.com/\n`;

describe('lsp: the files of a set', () => {
  let dir: string;
  let lsp: LspClient;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'monitors-lsp-discovery-'));
    writeFileSync(path.join(dir, 'a.yaml'), `${DEFAULTS}monitors:\n${monitor('home')}`);
    // A folder last changed long ago: its kept search is trusted until its time changes.
    const old = new Date(Date.now() - 3_600_000);
    utimesSync(dir, old, old);
    lsp = await startLsp({
      rootUri: uriOf(dir),
      capabilities: { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } },
    });
  });
  afterAll(async () => {
    expect(await lsp.close()).toBe(0);
    expect(lsp.stderr()).toBe('');
    rmSync(dir, { recursive: true, force: true });
  });

  it('asks to be told of monitors files on disk, finds a file made at the next keystroke, and one removed when told', async () => {
    const a = path.join(dir, 'a.yaml');
    const text = `${DEFAULTS}monitors:\n${monitor('home')}`;
    await lsp.open(a, text, 1);
    await lsp.waitFor(uriOf(a), (d) => d.length === 0);
    const registration = lsp.requests.find((r) => r.method === 'client/registerCapability');
    expect(registration?.params).toEqual({
      registrations: [
        expect.objectContaining({
          method: 'workspace/didChangeWatchedFiles',
          registerOptions: { watchers: [{ globPattern: '**/*.{yaml,yml}' }] },
        }),
      ],
    });

    // b.yaml made on disk, nothing told: the folder's time changed, so a keystroke in a.yaml finds it.
    const b = path.join(dir, 'b.yaml');
    writeFileSync(b, `${DEFAULTS}monitors:\n${monitor('home')}`);
    await lsp.notify('textDocument/didChange', {
      textDocument: { uri: uriOf(a), version: 2 },
      contentChanges: [{ text: `${text}# edited\n` }],
    });
    await lsp.waitFor(uriOf(a), (d) => d.some((x) => x.code === 'name.duplicate'));
    await lsp.waitFor(uriOf(b), (d) => d.some((x) => x.code === 'name.duplicate'));

    // b.yaml removed, and the client tells: the clash is gone from both files.
    rmSync(b);
    await lsp.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(b), type: 3 }] });
    await lsp.waitFor(uriOf(a), (d) => d.length === 0);
    await lsp.waitFor(uriOf(b), (d) => d.length === 0);
  });
});
