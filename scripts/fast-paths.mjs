// The commands whose start-up counts most (validate runs on every push and in editors' save
// hooks) get a path of their own in both built forms: one classic script
// (`<command>-script.js`) holding the CLI with every other command left out, built from the
// program (src/cli/start/script-entry.ts). The entry (src/cli/bundle-main.ts) runs it through
// node:vm with V8's code cache (src/cli/start/command-script.ts), so a second run compiles
// next to nothing: Node 20 keeps no compiled code of ES modules, and the split build cut the
// path into some thirty files that Node resolves, reads, compiles and links one by one
// (`npm run bench -- startup` measures both forms). The packages the command needs only now
// and then are scripts of their own beside it (LIBRARIES). The entry is built knowing each
// script's file and a hash of its text, which names its cache.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { NODE_ESM } from './esbuild-options.mjs';

/** The commands with a script of their own. */
export const FAST_COMMANDS = ['validate'];

/** The file of `command`'s script, relative to the entry: `${dir}${command}-script.js`. */
export const fastPathFile = (command, dir) => `${dir}${command}-script.js`;

/**
 * The script is one function expression: the command's code as CommonJS, wrapped as Node
 * wraps a module, with two more parameters (src/cli/start/command-script.ts passes them), and
 * strict as the ES modules it is built from.
 */
const scriptText = (what, code) =>
  [
    `// monitors ${what}: one script of a command's own path, whose compiled code V8 keeps (scripts/fast-paths.mjs).`,
    '(function (exports, require, module, __filename, __dirname, __monitorsEntry, __monitorsScriptUrl) {',
    "'use strict';",
    code,
    '})',
    '',
  ].join('\n');

/**
 * command-modules.ts imports each command's modules lazily: in a command's own script, every
 * other command's are left out, their imports kept as they are written (external), pointing
 * at no file. The program asks only for the command named on the command line (program.ts),
 * which is this script's command, so none of them is ever imported.
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
 * The packages a command's script leaves to scripts of their own, loaded when first required:
 * validate needs yaml only to locate problems (or for a file js-yaml declines), ajv and re2js
 * only for some policies. Out of the script, a run that needs none of them reads and
 * compiles 370 KB less when nothing is cached yet (a CI machine's first run).
 */
export const LIBRARIES = ['yaml', 'ajv', 're2js'];

/** The file of a library's script beside `command`'s: `${dir}${command}-script-${library}.js`. */
const libraryFile = (command, library, dir) => `${dir}${command}-script-${library}.js`;

/** Leaves each of LIBRARIES, named exactly, to a require at run time. */
const librariesApart = {
  name: 'libraries-apart',
  setup(b) {
    const names = new RegExp(`^(${LIBRARIES.join('|')})$`);
    b.onResolve({ filter: names }, (args) => ({ path: args.path, external: true }));
  },
};

const hashOf = (text) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/**
 * Builds the script of each of FAST_COMMANDS, and of each library beside it, into `outdir`
 * (not written). `options` are the form's own esbuild options (minification, its defines).
 * Returns esbuild's output files and, for the entry's build, the define that names each
 * script and its build (`define(dir)`, `dir` the scripts' folder relative to the entry).
 */
export async function buildFastPaths({ root, outdir, options }) {
  const outputFiles = [];
  const scripts = {};
  // CommonJS, wrapped by scriptText: `require` is the wrapper's, and every import() a
  // require too (a script run by node:vm has no loader of ES modules).
  const common = {
    ...NODE_ESM,
    ...options,
    format: 'cjs',
    banner: {},
    supported: { 'dynamic-import': false },
    absWorkingDir: root,
    bundle: true,
    write: false,
  };
  for (const command of FAST_COMMANDS) {
    const result = await build({
      ...common,
      entryPoints: ['src/cli/start/script-entry.ts'],
      outfile: `${outdir}/${fastPathFile(command, '')}`,
      metafile: true,
      define: { ...options.define, 'import.meta.url': '__monitorsScriptUrl' },
      plugins: [...NODE_ESM.plugins, onlyCommand(command), librariesApart],
    });
    // The filter above names a file of src/cli: a move there must fail here, not leave every
    // command in this script unnoticed.
    const inputs = Object.keys(result.metafile.inputs);
    const runs = inputs.filter((input) => /^src\/cli\/commands\/[^/]+-run\.ts$/.test(input));
    if (runs.join() !== `src/cli/commands/${command}-run.ts`)
      throw new Error(
        `the script of ${command} holds ${runs.join(', ') || 'no command'}: update scripts/fast-paths.mjs`,
      );
    const [out] = result.outputFiles;
    const text = scriptText(command, out.text);
    outputFiles.push({ path: out.path, text });
    const libraries = {};
    for (const library of LIBRARIES) {
      const built = await build({
        ...common,
        stdin: { contents: `module.exports = require(${JSON.stringify(library)});`, resolveDir: root },
        outfile: `${outdir}/${libraryFile(command, library, '')}`,
      });
      const libraryText = scriptText(`${command} (${library})`, built.outputFiles[0].text);
      outputFiles.push({ path: built.outputFiles[0].path, text: libraryText });
      libraries[library] = { file: libraryFile(command, library, ''), build: hashOf(libraryText) };
    }
    scripts[command] = { build: hashOf(text), libraries };
  }
  const define = (dir) =>
    JSON.stringify(
      JSON.stringify(
        Object.fromEntries(
          FAST_COMMANDS.map((c) => [
            c,
            {
              file: fastPathFile(c, dir),
              build: scripts[c].build,
              libraries: Object.fromEntries(
                Object.entries(scripts[c].libraries).map(([name, l]) => [name, { ...l, file: `${dir}${l.file}` }]),
              ),
            },
          ]),
        ),
      ),
    );
  return { outputFiles, define };
}
