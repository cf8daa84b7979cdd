// The CLI as the npm package ships it: dist/cli/, built by esbuild from src/ and the locked
// dependencies into ES modules (main.js, the entry and bin; load-worker.js, the YAML
// loader's worker thread; and the chunks they share), not the hundred-odd files tsc writes
// to dist/src/. Start-up is most of a small command's time, and Node reads, resolves and
// links every module file on its own: a `monitors validate` of a small repository loads a
// few chunks instead of seventy files and the packages they import (`npm run bench --
// startup` measures both). Each command's work stays in chunks of its own, loaded when
// the command runs; validate has a script of its own (fast-paths.mjs), and the entry answers
// --version alone (src/cli/bundle-main.ts, the bundle's entry too). The dependencies are inlined, as in the bundle (scripts/bundle.mjs):
// resolving them from node_modules, and commander's CommonJS files, cost about 6 ms of
// each start on the machine of issue 25. So the package depends on nothing at run time
// (package.json lists them as devDependencies), and dist/cli/THIRD-PARTY-LICENSES.txt
// holds the license of each package inlined.
//
//   node scripts/build-package.mjs   (run by `npm run build` and by `prepack`)
import { build } from 'esbuild';
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { licensesOf, LICENSES } from './bundle.mjs';
import { NODE_ESM, withoutUnusedRequire } from './esbuild-options.mjs';
import { buildFastPaths } from './fast-paths.mjs';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
export const PACKAGE_DIR = join(ROOT, 'dist', 'cli');

export async function buildPackage() {
  rmSync(PACKAGE_DIR, { recursive: true, force: true });
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  // Minified as the bundle is: Node reads and parses a quarter less on every start (validate of
  // a small set took 7% less CPU than with the names kept). A stack trace still names the
  // chunk, line and column.
  const minify = { minify: true };
  // The version for the entry's --version; not MONITORS_BUNDLE_VERSION, which says the bundle.
  const define = { MONITORS_VERSION: JSON.stringify(pkg.version) };
  // The scripts first: the entry is built knowing each one's file and build.
  const fast = await buildFastPaths({ root: ROOT, outdir: PACKAGE_DIR, options: { ...minify, define } });
  const result = await build({
    ...NODE_ESM,
    absWorkingDir: ROOT,
    // The bin, main.js, is the bundle's entry too: it imports nothing before it knows what is
    // asked, answers --version from the version fixed here, and starts the loader's worker
    // thread from itself. load-worker.js stays beside it, as the compiled files have it.
    entryPoints: { main: 'src/cli/bundle-main.ts', 'load-worker': 'src/cli/worker/load-worker.ts' },
    bundle: true,
    splitting: true,
    outdir: PACKAGE_DIR,
    metafile: true,
    write: false,
    define: { ...define, MONITORS_FAST_PATHS: fast.define('./') },
    ...minify,
  });
  for (const out of [...result.outputFiles, ...fast.outputFiles]) {
    mkdirSync(dirname(out.path), { recursive: true });
    writeFileSync(out.path, withoutUnusedRequire(out.text));
  }
  chmodSync(join(PACKAGE_DIR, 'main.js'), 0o755);
  writeFileSync(join(PACKAGE_DIR, LICENSES), licensesOf(result.metafile, pkg, 'dist/cli/'));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildPackage();
