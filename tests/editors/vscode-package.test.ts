// `npm run package:vscode` as CI runs it: typechecks the extension, bundles it with esbuild
// and packs it with vsce. The .vsix must stand alone: the manifest, the one bundled
// extension.js (vscode-languageclient inside, only `vscode` left to the editor), the papers,
// and no sources or node_modules.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { zipEntries, zipEntryText } from '../helpers/zip-entries.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const EXTENSION = join(ROOT, 'editors', 'vscode');
const vsixFiles = () => readdirSync(EXTENSION).filter((f) => f.endsWith('.vsix'));

describe('the VS Code extension package', () => {
  it('packs a .vsix that holds the manifest and the bundled extension.js, and nothing else of the tree', () => {
    for (const old of vsixFiles()) rmSync(join(EXTENSION, old));
    const run = spawnSync('npm', ['run', 'package:vscode'], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);

    const manifest = JSON.parse(readFileSync(join(EXTENSION, 'package.json'), 'utf8'));
    expect(vsixFiles()).toEqual([`${manifest.name}-${manifest.version}.vsix`]);
    const zip = readFileSync(join(EXTENSION, vsixFiles()[0]!));
    const entries = zipEntries(zip);
    const names = entries.map((e) => e.name).sort();
    expect(names).toEqual([
      '[Content_Types].xml',
      'extension.vsixmanifest',
      'extension/LICENSE.txt',
      'extension/THIRD-PARTY-NOTICES.txt',
      'extension/dist/extension.js',
      'extension/package.json',
      'extension/readme.md',
    ]);
    const text = (name: string) =>
      zipEntryText(
        zip,
        entries.find((e) => e.name === name)!,
      );

    const packed = JSON.parse(text('extension/package.json'));
    expect(packed).toMatchObject({
      name: manifest.name,
      publisher: 'monitors-as-code',
      main: './dist/extension.js',
      engines: { vscode: '^1.82.0' },
      repository: { url: expect.stringContaining('github.com/monitors-as-code/monitors') },
    });
    expect(packed.activationEvents).toContain('workspaceContains:**/monitors.lock.json');

    const bundled = text('extension/dist/extension.js');
    const required = new Set([...bundled.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1] ?? ''));
    expect(required).toContain('vscode');
    // Only Node's own modules and the editor's `vscode` are left to load at run time.
    const builtins = new Set(['child_process', 'crypto', 'fs', 'net', 'os', 'path', 'util']);
    for (const name of required) expect(name === 'vscode' || builtins.has(name.replace(/^node:/, '')), name).toBe(true);
    expect(bundled).toContain('["lsp","--stdio"]'); // how the server is started

    expect(text('extension/THIRD-PARTY-NOTICES.txt')).toMatch(/^vscode-languageclient@9\.0\.1 \(MIT\)$/m);
  }, 180_000);
});
