// What keeps the start of the two built forms short (issue 41, `npm run bench -- startup`
// measures the time): the entry answers --version alone, with no other file beside it and
// without Node's streams; validate runs from its own script (scripts/fast-paths.mjs) with
// no chunk of the split build but the runner of that script (src/cli/start/command-script.ts)
// and what it imports; and neither loads Node's crypto or child_process, which only some
// commands need, nor validate Node's net module, which a stream on a pipe would load. The bundle is built fresh here (the committed one is held to the
// source by bundle.test.ts); the package's build is dist/cli, which `npm test` builds.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const EXAMPLE = join(ROOT, 'examples', 'shop');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
const script = (await import(join(ROOT, 'scripts', 'bundle.mjs'))) as {
  buildBundle(): Promise<{ files: Map<string, string> }>;
};

// Preloaded into a CLI process (CommonJS: an import of node:fs would itself load the streams):
// at exit, the Node modules it loaded, into PROBE_OUT.
const PROBE = `const { writeFileSync } = require('node:fs');
process.on('exit', () => writeFileSync(process.env.PROBE_OUT, JSON.stringify(process.moduleLoadList)));
`;

let dir = '';
let bundle = new Map<string, string>();
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'monitors-start-'));
  writeFileSync(join(dir, 'probe.cjs'), PROBE);
  bundle = (await script.buildBundle()).files;
}, 120_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A folder holding only the bundle's files that `keep` accepts. */
function bundleWith(name: string, keep: (file: string) => boolean): string {
  const root = join(dir, name);
  for (const [file, text] of bundle)
    if (keep(file)) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), text);
    }
  return join(root, 'monitors.mjs');
}

/** `file` and the bundle's files it imports statically, and theirs. */
function staticImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const [, target] of bundle.get(file)!.matchAll(/(?:^|[;}\n])\s*import\s*(?:[^'"();]*?from\s*)?["'](\.\/[^"']+)["']/g))
    staticImports(join(dirname(file), target!).split('\\').join('/'), seen);
  return seen;
}

/** The Node modules a run loaded, by name ("NativeModule crypto"...). */
async function modulesLoaded(cli: string, args: string[]): Promise<string[]> {
  const out = join(dir, `modules-${Math.random().toString(36).slice(2)}.json`);
  const probe = join(dir, 'probe.cjs');
  const r = await runCli(args, { cli, cwd: ROOT, env: { NODE_OPTIONS: `--require ${probe}`, PROBE_OUT: out } });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(readFileSync(out, 'utf8')) as string[];
}

describe('the start of the built forms', { timeout: 60_000 }, () => {
  it("the bundle's entry answers --version with no other file beside it", async () => {
    const alone = bundleWith('entry-only', (file) => file === 'monitors.mjs');
    const r = await runCli(['--version'], { cli: alone, cwd: dir });
    expect([r.code, r.stdout, r.stderr]).toEqual([0, `${pkg.version}\n`, '']);
  });

  it("the package's entry answers --version with no other file beside it", async () => {
    const alone = join(dir, 'package-entry');
    mkdirSync(alone);
    cpSync(join(ROOT, 'dist', 'cli', 'main.js'), join(alone, 'main.js'));
    writeFileSync(join(alone, 'package.json'), '{ "type": "module" }\n');
    const r = await runCli(['-V'], { cli: join(alone, 'main.js'), cwd: dir });
    expect([r.code, r.stdout, r.stderr]).toEqual([0, `${pkg.version}\n`, '']);
  });

  it('validate runs from its own script alone, as the compiled CLI does', async () => {
    const runner = [...bundle.keys()].find((file) => /^chunks\/command-script-\w+\.mjs$/.test(file));
    expect(runner).toBeDefined();
    const needed = new Set(['monitors.mjs', ...staticImports(runner!)]);
    const path = bundleWith('validate-path', (file) => needed.has(file) || file.startsWith('chunks/validate-script'));
    const own = await runCli(['validate', EXAMPLE], { cli: path, cwd: ROOT });
    const compiled = await runCli(['validate', EXAMPLE], { cwd: ROOT });
    expect(own.code, own.stderr).toBe(0);
    expect(own.stdout).toBe(compiled.stdout);
    // Its help too: the program declares the command named, here as in the split build.
    const help = await runCli(['validate', '--help'], { cli: path, cwd: ROOT });
    expect(help.stdout).toBe((await runCli(['validate', '--help'], { cwd: ROOT })).stdout);
  });

  it.each([
    ['bundle', () => bundleWith('whole', () => true)],
    ['package', () => join(ROOT, 'dist', 'cli', 'main.js')],
  ])('the %s loads neither crypto nor child_process to validate, nor streams for --version', async (_form, cli) => {
    const entry = cli();
    expect(existsSync(entry)).toBe(true);
    const validate = await modulesLoaded(entry, ['validate', EXAMPLE]);
    expect(validate).not.toContain('NativeModule crypto');
    expect(validate).not.toContain('NativeModule child_process');
    expect(validate).not.toContain('NativeModule net');
    const version = await modulesLoaded(entry, ['--version']);
    expect(version).not.toContain('NativeModule stream');
    expect(version).not.toContain('NativeModule worker_threads');
  });
});
