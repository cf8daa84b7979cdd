// validate from the built forms runs from its own script, with V8's code cache between runs
// (src/cli/start/command-script.ts, scripts/fast-paths.mjs). It must say exactly what the
// compiled CLI says, whatever the input; the cache must never change an answer, never be
// read from a directory another user could write to, never hold a secret, and never fail a
// command. The package's build is dist/cli, which `npm test` builds before vitest runs.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../../helpers/run-cli.js';
import { E2E_DEFAULTS } from '../../helpers/yaml-defaults.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const PACKAGE = join(ROOT, 'dist', 'cli', 'main.js');
const SECRET = 'code-cache-secret-9f3b1c7e';

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'command-script-'));
  mkdirSync(join(dir, 'broken'));
  writeFileSync(
    join(dir, 'broken', 'shop.yaml'),
    `${E2E_DEFAULTS}monitors:\n  - name: "shop: home"\n    url: https://shop.example.com/\n    timeout_seconds: 600\n  - name: "shop: cart"\n    url: https://shop.example.com/cart\n    retry_count: [1\n`,
  );
  mkdirSync(join(dir, 'secret'));
  writeFileSync(
    join(dir, 'secret', 'api.yaml'),
    `${E2E_DEFAULTS}monitors:\n  - name: "api: orders"\n    url: https://api.example.com/orders\n    auth_type: bearer\n    auth_secret: \${env:ORDERS_TOKEN}\n`,
  );
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A fresh cache directory of this user's, as the CLI would make it. */
function cacheDir(name: string): string {
  const path = join(dir, `cache-${name}`);
  mkdirSync(path, { mode: 0o700 });
  return path;
}

const fromPackage = (args: string[], cache: string, env: Record<string, string> = {}) =>
  runCli(args, { cli: PACKAGE, cwd: ROOT, env: { NODE_COMPILE_CACHE: cache, ...env } });
const answer = (r: CliResult) => ({ code: r.code, stdout: r.stdout, stderr: r.stderr });
const caches = (path: string) => readdirSync(path).filter((f) => f.startsWith('validate-'));

describe("validate from the package's own script", { timeout: 60_000 }, () => {
  it.each([
    ['a valid set', ['validate', 'examples/shop']],
    ['every environment, as JSON', ['validate', 'examples/environments', '--env', 'all', '--format', 'json']],
    ['a policy, as SARIF', ['validate', 'examples/policy', '--format', 'sarif']],
    ['its help', ['validate', '--help']],
    ['an unknown option', ['validate', '--formt', 'json']],
  ])('says what the compiled CLI says: %s', async (_what, args) => {
    const cache = cacheDir(`same-${args.length}-${args[1]!.replace(/\W/g, '')}`);
    const compiled = await runCli(args, { cwd: ROOT });
    // The first run compiles and writes the cache, the second runs from it: both answer alike.
    expect(answer(await fromPackage(args, cache))).toEqual(answer(compiled));
    expect(answer(await fromPackage(args, cache))).toEqual(answer(compiled));
  });

  it('locates the problems of a broken set as the compiled CLI does, exit 1', async () => {
    const args = ['validate', join(dir, 'broken')];
    const compiled = await runCli(args, { cwd: dir });
    expect(compiled.code).toBe(1);
    expect(compiled.stdout + compiled.stderr).toMatch(/shop\.yaml:\d+:\d+/);
    const cache = cacheDir('broken');
    for (let run = 0; run < 2; run++)
      expect(answer(await runCli(args, { cli: PACKAGE, cwd: dir, env: { NODE_COMPILE_CACHE: cache } }))).toEqual(
        answer(compiled),
      );
  });

  it('writes its caches on the first run, whole and private, and reads them on the next without writing again', async () => {
    const cache = cacheDir('reuse');
    expect((await fromPackage(['validate', 'examples/shop'], cache)).code).toBe(0);
    const files = readdirSync(cache).sort();
    // The command's script, and the scripts of the packages the run needed (yaml, to read a file exactly).
    expect(files.filter((f) => /^validate-[0-9a-f]{16}-v8-[\w.]+-\w+\.cache$/.test(f))).toHaveLength(1);
    expect(files.every((f) => /^validate-(?:(?:yaml|ajv|re2js)-)?[0-9a-f]{16}-v8-[\w.]+-\w+\.cache$/.test(f))).toBe(
      true,
    );
    const before = files.map((f) => statSync(join(cache, f)));
    for (const stat of before) {
      expect(stat.size).toBeGreaterThan(1_000);
      expect(stat.mode & 0o077).toBe(0);
    }
    expect((await fromPackage(['validate', 'examples/shop'], cache)).code).toBe(0);
    expect(readdirSync(cache).sort()).toEqual(files);
    const after = files.map((f) => statSync(join(cache, f)));
    expect(after.map((s) => [s.ino, s.mtimeMs, s.size])).toEqual(before.map((s) => [s.ino, s.mtimeMs, s.size]));
  });

  it('loads a package kept apart only when the set needs it', async () => {
    const cache = cacheDir('apart');
    const r = await runCli(['validate', join(dir, 'secret')], {
      cli: PACKAGE,
      cwd: dir,
      env: { NODE_COMPILE_CACHE: cache, ORDERS_TOKEN: 'x' },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(caches(cache).map((f) => f.replace(/-[0-9a-f]{16}-.*$/, ''))).toEqual(['validate']);
    // A policy with a `schema:` rule needs ajv, from its own script.
    await fromPackage(['validate', 'examples/policy'], cache);
    expect(caches(cache).some((f) => f.startsWith('validate-ajv-'))).toBe(true);
  });

  it('keeps no cache of a run that only printed the help, which compiles next to nothing of validate', async () => {
    const cache = cacheDir('help');
    expect((await fromPackage(['validate', '--help'], cache)).code).toBe(0);
    expect(readdirSync(cache)).toEqual([]);
    expect((await fromPackage(['validate', 'examples/shop'], cache)).code).toBe(0);
    expect(caches(cache).length).toBeGreaterThan(0);
  });

  it('replaces a cache V8 rejects, and still answers right', async () => {
    const cache = cacheDir('garbage');
    await fromPackage(['validate', 'examples/shop'], cache);
    const name = caches(cache).find((f) => /^validate-[0-9a-f]{16}-/.test(f));
    const garbage = Buffer.alloc(4096, 7);
    writeFileSync(join(cache, name!), garbage);
    const r = await fromPackage(['validate', 'examples/shop'], cache);
    expect(answer(r)).toEqual(answer(await runCli(['validate', 'examples/shop'], { cwd: ROOT })));
    const rewritten = readFileSync(join(cache, name!));
    expect(rewritten.equals(garbage)).toBe(false);
    expect(rewritten.length).toBeGreaterThan(10_000);
  });

  it('neither reads nor writes a directory that others can write to, nor any when Node is told not to cache', async () => {
    const open = cacheDir('open');
    chmodSync(open, 0o777);
    expect((await fromPackage(['validate', 'examples/shop'], open)).code).toBe(0);
    expect(readdirSync(open)).toEqual([]);
    const off = cacheDir('off');
    const r = await fromPackage(['validate', 'examples/shop'], off, { NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(r.code).toBe(0);
    expect(readdirSync(off)).toEqual([]);
  });

  it('runs when the cache directory cannot be made, and says nothing of it', async () => {
    const file = join(dir, 'not-a-directory');
    writeFileSync(file, 'x');
    const r = await fromPackage(['validate', 'examples/shop'], join(file, 'cache'));
    expect(answer(r)).toEqual(answer(await runCli(['validate', 'examples/shop'], { cwd: ROOT })));
  });

  it('keeps no secret in the cache: a token read through ${env:...} is not in its bytes', async () => {
    const cache = cacheDir('secret');
    const r = await runCli(['validate', join(dir, 'secret')], {
      cli: PACKAGE,
      cwd: dir,
      env: { NODE_COMPILE_CACHE: cache, ORDERS_TOKEN: SECRET },
    });
    expect(r.code, r.stderr).toBe(0);
    const name = caches(cache).find((f) => /^validate-[0-9a-f]{16}-/.test(f));
    const bytes = readFileSync(join(cache, name!));
    expect(bytes.includes(Buffer.from(SECRET, 'latin1'))).toBe(false);
    expect(bytes.includes(Buffer.from(SECRET, 'utf16le'))).toBe(false);
  });
});
