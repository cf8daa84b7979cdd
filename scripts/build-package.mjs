// The CLI as the npm package ships it: dist/cli/, built by esbuild from src/ into a few ES
// modules (main.js, the entry and bin; load-worker.js, the YAML loader's worker thread; and
// the chunks they share), not the hundred-odd files tsc writes to dist/src/. Start-up is
// most of a small command's time, and Node reads, resolves and links every module file
// on its own: a `monitors validate` of a small repository loads a few chunks instead of
// seventy files (`npm run bench -- startup` measures both). Each command's work stays in
// chunks of its own, loaded when the command runs. The dependencies are not bundled: npm
// installs them beside the package as before.
//
//   node scripts/build-package.mjs   (run by `npm run build` and by `prepack`)
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { NODE_ESM } from './esbuild-options.mjs';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
export const PACKAGE_DIR = join(ROOT, 'dist', 'cli');

export async function buildPackage() {
  rmSync(PACKAGE_DIR, { recursive: true, force: true });
  await build({
    ...NODE_ESM,
    absWorkingDir: ROOT,
    // Named like the compiled files they replace: worker-script.ts finds load-worker.js beside it.
    entryPoints: { main: 'src/cli/main.ts', 'load-worker': 'src/cli/worker/load-worker.ts' },
    bundle: true,
    splitting: true,
    outdir: PACKAGE_DIR,
    // What the sources require is required from node_modules.
    packages: 'external',
    // Smaller to read and parse; names are kept, so a stack trace (MONITORS_DEBUG=1) still reads.
    minifyWhitespace: true,
    minifySyntax: true,
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildPackage();
