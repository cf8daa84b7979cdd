// The commands whose start-up counts most (validate runs on every push and in editors' save
// hooks) get a path of their own in both built forms: one file holding everything the command
// can load, built from the same entry (src/cli/bundle-main.ts) with every other command left
// out. The split build cuts the path of validate into some fifty chunks, since each module
// shared with other commands sits in a chunk of its own, and Node resolves, reads, compiles
// and links each file on its own: a few milliseconds per ten files. The entry imports this
// file instead of the split build's main when the command line names the command
// (`npm run bench -- startup` measures both forms). Everything else is as in the split
// build: the same source, the program declaring only the command named (program.ts).
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { NODE_ESM, withoutUnusedRequire } from './esbuild-options.mjs';

/** The commands with a file of their own. */
export const FAST_COMMANDS = ['validate'];

/** The file of `command`'s path, relative to the entry: `${dir}${command}-path${ext}`. */
export const fastPathFile = (command, dir, ext) => `${dir}${command}-path${ext}`;

/**
 * command-modules.ts imports each command's modules lazily: in a command's own path, every
 * other command's are left out, their imports kept as they are written (external), pointing
 * at no file. The program asks only for the command named on the command line (program.ts,
 * main.ts), which is this path's command, so none of them is ever imported.
 */
function onlyCommand(command) {
  return {
    name: `only-${command}`,
    setup(b) {
      b.onResolve({ filter: /^\.\.?\//, namespace: 'file' }, (args) => {
        if (args.kind !== 'dynamic-import' || !/[\\/]src[\\/]cli[\\/]command-modules\.ts$/.test(args.importer))
          return undefined;
        const name = args.path.replace(/^.*\//, '').replace(/\.js$/, '');
        if (name === command || name === `${command}-run`) return undefined;
        return { path: args.path, external: true };
      });
    },
  };
}

/**
 * On the command's path, main.ts always imports the program, and the program the command's
 * two modules: here those imports are static, so the three are in the path's first chunk
 * instead of files read one after the other. (The entry's own imports stay lazy: the
 * loader's worker thread must not run the CLI.)
 */
function staticOnPath(command) {
  const onPath = (file, target) =>
    /[\\/]main\.ts$/.test(file) || new RegExp(`/(${command}|${command}-run)\\.js$`).test(target);
  return {
    name: `static-${command}-path`,
    setup(b) {
      b.onLoad({ filter: /[\\/]src[\\/]cli[\\/](main|command-modules)\.ts$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        const imports = [];
        const contents = source.replace(/\bimport\((['"])(\.{1,2}\/[^'"]+)\1\)/g, (call, _quote, target) => {
          if (!onPath(args.path, target)) return call;
          imports.push(`import * as __onPath${imports.length} from ${JSON.stringify(target)};`);
          return `Promise.resolve(__onPath${imports.length - 1})`;
        });
        const hashbang = /^#!.*\n/.exec(contents)?.[0] ?? '';
        return { contents: `${hashbang}${imports.join('\n')}\n${contents.slice(hashbang.length)}`, loader: 'ts' };
      });
    },
  };
}

/**
 * Builds the file of each of FAST_COMMANDS into `outdir` (not written): `options` are the
 * form's own esbuild options (minification, its defines), `ext` its extension. Returns
 * esbuild's output files.
 */
export async function buildFastPaths({ root, outdir, ext, options }) {
  const results = [];
  for (const command of FAST_COMMANDS) {
    const result = await build({
      ...NODE_ESM,
      ...options,
      absWorkingDir: root,
      entryPoints: { [fastPathFile(command, '', '')]: 'src/cli/bundle-main.ts' },
      bundle: true,
      splitting: true,
      outdir,
      entryNames: '[name]',
      chunkNames: `${command}-path/[name]-[hash]`,
      outExtension: { '.js': ext },
      write: false,
      metafile: true,
      // No route on from here: this file is the command's whole path.
      define: { ...options.define, MONITORS_FAST_PATHS: 'undefined' },
      plugins: [...NODE_ESM.plugins, onlyCommand(command), staticOnPath(command)],
    });
    // The filters above name files of src/cli: a move there must fail here, not leave every
    // command in this path unnoticed.
    const inputs = Object.keys(result.metafile.inputs);
    const runs = inputs.filter((input) => /^src\/cli\/commands\/[^/]+-run\.ts$/.test(input));
    if (runs.join() !== `src/cli/commands/${command}-run.ts`)
      throw new Error(`the path of ${command} holds ${runs.join(', ') || 'no command'}: update scripts/fast-paths.mjs`);
    results.push(result);
  }
  return {
    outputFiles: results.flatMap((r) =>
      r.outputFiles.map((out) => ({ path: out.path, text: withoutUnusedRequire(out.text) })),
    ),
  };
}

/** The define of the split build's entry: the JSON text of each fast command's file, relative to the entry. */
export function fastPathsDefine(dir, ext) {
  return JSON.stringify(JSON.stringify(Object.fromEntries(FAST_COMMANDS.map((c) => [c, fastPathFile(c, dir, ext)]))));
}
