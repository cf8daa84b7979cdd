// Bundles the extension into one CommonJS file, dist/extension.js, with its dependency
// (vscode-languageclient) inside, so that the .vsix needs no node_modules; `vscode` is the
// editor's own module and stays outside. Beside it, THIRD-PARTY-NOTICES.txt holds the
// license of every package bundled (the same helper as the CLI's bundle). Run by
// `vsce package` (vscode:prepublish), which `npm run package:vscode` calls.
import { build } from 'esbuild';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { licensesOf } from '../../scripts/bundle.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..', '..');

const result = await build({
  absWorkingDir: ROOT,
  entryPoints: [join(HERE, 'src', 'extension.ts')],
  outfile: join(HERE, 'dist', 'extension.js'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  // VS Code 1.82 runs extensions on Electron 25's Node 18.
  target: 'node18',
  external: ['vscode'],
  minify: true,
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});
const pkg = JSON.parse(readFileSync(join(HERE, 'package.json'), 'utf8'));
writeFileSync(join(HERE, 'THIRD-PARTY-NOTICES.txt'), licensesOf(result.metafile, pkg, 'dist/extension.js'));
