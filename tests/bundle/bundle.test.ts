// The committed bundle (bundle/, what the Action runs): the same bytes as a fresh build of
// the source and lock file as they are (so a change to src/ without `npm run bundle` fails
// CI), nothing in it tied to the machine that built it, and, its folder copied alone into an
// empty folder, a whole CLI: its version, validate, the simulator, plan and apply (whose
// YAML loader runs on a worker thread started from the bundle's entry), and the language
// server as editors start it.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLsp, uriOf } from '../helpers/lsp-client.js';
import { runCli } from '../helpers/run-cli.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BUNDLE_DIR = join(ROOT, 'bundle');
const EXAMPLES = join(ROOT, 'examples');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

interface BundleScript {
  buildBundle(): Promise<{ files: Map<string, string> }>;
  staleFiles(): Promise<string[]>;
}
const script = (await import(join(ROOT, 'scripts', 'bundle.mjs'))) as BundleScript;

describe('the committed bundle', { timeout: 120_000 }, () => {
  let fresh: Map<string, string>;
  beforeAll(async () => {
    fresh = (await script.buildBundle()).files;
  });

  it('is exactly what `npm run bundle` builds from the source as it is (else: run it and commit)', async () => {
    expect(await script.staleFiles(), 'run `npm run bundle` and commit bundle/').toEqual([]);
  });

  it('is built deterministically: the same bytes twice, no path of this machine, no build time', async () => {
    const again = (await script.buildBundle()).files;
    expect([...again.keys()]).toEqual([...fresh.keys()]);
    expect([...again.keys()].every((name) => again.get(name) === fresh.get(name))).toBe(true);
    for (const text of fresh.values()) {
      for (const local of [ROOT, ROOT.replace(/\/$/, ''), homedir(), tmpdir()]) expect(text).not.toContain(local);
      expect(text).not.toMatch(/20\d\d-\d\d-\d\dT\d\d:\d\d/);
    }
  });

  it('names its version from package.json and carries the license of every package it holds', () => {
    expect(fresh.get('monitors.mjs')!.split('\n').slice(0, 3).join('\n')).toContain(`monitors ${pkg.version}:`);
    for (const name of ['undici', 'yaml', 'ajv', 'commander', 'js-yaml'])
      expect(fresh.get('THIRD-PARTY-LICENSES.txt')).toMatch(new RegExp(`^${name}@\\d`, 'm'));
  });

  it('starts from a small entry: each command and the packages it needs are chunks, loaded when it runs', () => {
    expect(fresh.get('monitors.mjs')!.length).toBeLessThan(2048);
    const chunks = [...fresh.keys()].filter((name) => name.startsWith('chunks/'));
    expect(chunks.length).toBeGreaterThan(10);
    for (const command of ['validate', 'plan', 'apply', 'sim', 'ci'])
      expect(chunks.some((name) => name.startsWith(`chunks/${command}-`))).toBe(true);
  });
});

describe('the bundle copied alone into an empty folder', { timeout: 120_000 }, () => {
  let dir = '';
  let bundle = '';
  let sim: SimProcess;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'monitors-bundle-'));
    cpSync(BUNDLE_DIR, join(dir, 'monitors'), { recursive: true });
    bundle = join(dir, 'monitors', 'monitors.mjs');
    sim = await startSimProcess([], bundle); // the simulator, from the bundle too
  });
  afterAll(async () => {
    await sim?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('prints the version of package.json', async () => {
    const r = await runCli(['--version'], { cli: bundle, cwd: dir });
    expect(r.stdout.trim()).toBe(pkg.version);
  });

  // examples/policy is a repository of its own: its policy: would hold the other examples too.
  it.each([
    ['the one-workspace and environments examples', ['shop', 'model-gateway', 'environments']],
    ['the policy example', ['policy']],
  ])('validates %s as the compiled CLI does', async (_what, folders) => {
    const paths = folders.map((f) => join(EXAMPLES, f));
    const fromBundle = await runCli(['validate', ...paths], { cli: bundle, cwd: ROOT });
    const compiled = await runCli(['validate', ...paths], { cwd: ROOT });
    expect(fromBundle.code, fromBundle.stdout).toBe(0);
    expect(fromBundle.stdout).toBe(compiled.stdout);
  });

  it('checks IP addresses, whose library it loads only when one is met', async () => {
    writeFileSync(
      join(dir, 'ip.yaml'),
      `${E2E_DEFAULTS}monitors:\n  - name: "ip: lan"\n    url: http://10.1.2.3/\n  - name: "ip: v6"\n    url: http://[::ffff:127.0.0.1]/\n`,
    );
    const r = await runCli(['validate', 'ip.yaml'], { cli: bundle, cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('(10.1.2.3: private network (RFC 1918))');
    expect(r.stdout).toContain('IPv4-mapped IPv6 form of 127.0.0.1: loopback');
  });

  it('runs the language server as editors start it (`node bundle/monitors.mjs lsp --stdio`)', async () => {
    // A folder of its own: the set of the plan below (the bundle's folder) must not hold this typo.
    const folder = mkdtempSync(join(tmpdir(), 'bundle-lsp-'));
    const file = join(folder, 'typo.yaml');
    const text = `${E2E_DEFAULTS}monitors:\n  - name: "typo: home"\n    url: https://example.com/\n    timeout: 5\n`;
    writeFileSync(file, text);
    const lsp = await startLsp({ rootUri: uriOf(folder) }, { cli: bundle, cwd: folder });
    await lsp.open(file, text);
    const found = await lsp.waitFor(uriOf(file), (d) => d.length > 0);
    expect(found.map((d) => [d.code, d.range.start.line + 1])).toEqual([
      ['schema.additionalProperties', text.split('\n').indexOf('    timeout: 5') + 1],
    ]);
    expect(await lsp.close()).toBe(0);
    expect(lsp.stderr()).toBe('');
    rmSync(folder, { recursive: true, force: true });
  });

  it('plans (YAML loaded on a worker thread of the bundle), applies and plans again with no changes', async () => {
    // A folder of its own: naming one file plans its whole set, and the tests above left YAML in dir.
    const site = join(dir, 'site');
    mkdirSync(site);
    writeFileSync(
      join(site, 'site.yaml'),
      `${E2E_DEFAULTS}monitors:\n  - name: "site: home"\n    url: https://example.com/\n`,
    );
    const env = { MONITORS_API_URL: sim.baseUrl, MONITORS_API_TOKEN: sim.token };
    const plan = await runCli(['plan', 'site.yaml', '--detailed-exitcode'], { cli: bundle, cwd: site, env });
    expect(plan.code, plan.stderr).toBe(2);
    expect(plan.stdout).toContain('Plan: 1 to create, 0 to update, 0 to delete.');
    const apply = await runCli(['apply', 'site.yaml', '--yes'], { cli: bundle, cwd: site, env });
    expect(apply.code, apply.stderr).toBe(0);
    const again = await runCli(['plan', 'site.yaml', '--detailed-exitcode'], { cli: bundle, cwd: site, env });
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(again.stdout).toContain('No changes.');
  });
});
