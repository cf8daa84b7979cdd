// Runs a command from its script: the CLI with every other command left out, built as one
// classic script (scripts/fast-paths.mjs) so that V8 can keep its compiled code between runs
// (code-cache.ts). Node 20 caches no ES module's compiled code, and compiling is about half
// of what a small validate costs beyond Node's own start (`npm run bench -- startup`). Each
// script is one function expression, wrapped at build time as Node wraps a CommonJS module,
// with two more parameters: the entry's URL (the loader's worker thread starts there, as
// from the split build) and the script's own, which its `import.meta.url` reads. The
// packages the command needs only now and then (yaml, ajv, re2js) are scripts of their own,
// run when the command first requires them. A cache is written at exit, once the command
// ran, so that it holds the functions the run compiled, not only the top level.
import { openCodeCacheDirectory, type CodeCacheDirectory } from './code-cache.js';

/** One script, as the entry was built with it. */
export interface ScriptFile {
  /** Its file, relative to the entry. */
  file: string;
  /** A hash of its text: a cache of another build is never offered to V8. */
  build: string;
}

/** A command's script and the scripts of the packages it loads apart. */
export interface CommandScript extends ScriptFile {
  libraries: Record<string, ScriptFile>;
}

type Require = (id: string) => unknown;

export function runCommandScript(command: string, script: CommandScript, entryUrl: string): void {
  const { createRequire } = process.getBuiltinModule('node:module');
  const { fileURLToPath } = process.getBuiltinModule('node:url');
  const nodeRequire = createRequire(fileURLToPath(new URL(script.file, entryUrl)));
  // A run that only prints the command's help compiles next to nothing of the command: its
  // cache would leave every later run compiling the rest. Such a run keeps no cache.
  const caches = asksForHelp(process.argv.slice(2)) ? undefined : openCodeCacheDirectory();
  const loaded = new Map<string, unknown>();
  // The scripts' `require`: a package kept apart from its own script (once), the rest from Node.
  const scriptRequire: Require = (id) => {
    const library = Object.hasOwn(script.libraries, id) ? script.libraries[id] : undefined;
    if (library === undefined) return nodeRequire(id);
    if (!loaded.has(id)) loaded.set(id, runScript(`${command}-${id}`, library, { entryUrl, scriptRequire, caches }));
    return loaded.get(id);
  };
  runScript(command, script, { entryUrl, scriptRequire, caches });
}

/** What every script of a run shares. */
interface RunContext {
  entryUrl: string;
  scriptRequire: Require;
  caches: CodeCacheDirectory | undefined;
}

/** Compiles one script (from its cache when V8 accepts it), runs it, and returns its exports. */
function runScript(name: string, script: ScriptFile, { entryUrl, scriptRequire, caches }: RunContext): unknown {
  const { readFileSync } = process.getBuiltinModule('node:fs');
  const { fileURLToPath } = process.getBuiltinModule('node:url');
  const path = process.getBuiltinModule('node:path');
  const vm = process.getBuiltinModule('node:vm');
  const url = new URL(script.file, entryUrl);
  const filename = fileURLToPath(url);
  const cache = caches?.cache(name, script.build);
  const cachedData = cache?.read();
  // The build made every import() a require: the other commands' are left in the script and
  // never reached (program.ts declares the command named).
  const compiled = new vm.Script(readFileSync(filename, 'utf8'), { filename, cachedData });
  if (cache !== undefined && (cachedData === undefined || compiled.cachedDataRejected === true))
    process.once('exit', () => cache.write(compiled.createCachedData()));
  // (exports, the require of a CommonJS module, module, __filename, __dirname, the entry, the script)
  const wrapper = compiled.runInThisContext() as (...args: unknown[]) => void;
  const module = { exports: {} as unknown };
  wrapper.call(
    module.exports,
    module.exports,
    scriptRequire,
    module,
    filename,
    path.dirname(filename),
    entryUrl,
    url.href,
  );
  return module.exports;
}

/** `--help` or `-h` among the arguments (before a `--`, after which every word is a path). */
export function asksForHelp(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
}
