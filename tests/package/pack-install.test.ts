// What users install: `npm pack` (which builds through the prepack script), the tarball
// installed into an empty folder with npm, and the installed `monitors` run as a user
// runs it: validate the examples without any secret set, then the simulator, plan,
// apply and plan again, and `monitors ci`. Its README and docs ship with it, and every
// link in them and every docs page the CLI names resolves inside the installed package.
// Run by `npm test` before the build of the main suite (vitest.package.config.ts).
import { execFile, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const EXAMPLES = join(ROOT, 'examples');
// The examples of one workspace (examples/environments serves two, and needs --env to plan).
const ONE_WORKSPACE = [join(EXAMPLES, 'shop'), join(EXAMPLES, 'model-gateway')];
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
const SECRETS = {
  SHOP_API_TOKEN: 'smoke-shop-token',
  SHOP_ADMIN_PASSWORD: 'smoke-admin-password',
  GATEWAY_API_KEY: 'smoke-gateway-key',
};

let work = '';
let packed: { filename: string; files: { path: string }[] };
let bin = '';
let installed = '';

// Asynchronous: a synchronous child of a minute would starve the test worker's event loop.
const execFileAsync = promisify(execFile);

async function npm(args: string[], cwd: string): Promise<string> {
  // npm reads its own configuration and cache from the environment; stdout only is kept.
  const { stdout } = await execFileAsync('npm', args, {
    cwd,
    encoding: 'utf8',
    env: process.env,
    timeout: 540_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}

/** The installed CLI with a minimal environment: no MONITORS_* and no secret leaks in. */
async function monitors(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ status: number; stdout: string; stderr: string }> {
  const options = {
    cwd: work,
    encoding: 'utf8' as const,
    env: { PATH: process.env.PATH ?? '', HOME: work, NO_COLOR: '1', ...env },
    timeout: 120_000,
  };
  return execFileAsync(bin, args, options).then(
    ({ stdout, stderr }) => ({ status: 0, stdout, stderr }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({
      status: typeof error.code === 'number' ? error.code : -1,
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
    }),
  );
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'monitors-pack-'));
  // As from a fresh clone: no build output, so the package holds only what packing builds.
  rmSync(join(ROOT, 'dist', 'src'), { recursive: true, force: true });
  packed = (JSON.parse(await npm(['pack', '--json', '--pack-destination', work], ROOT)) as (typeof packed)[])[0]!;
  const app = join(work, 'app'); // an empty project to install into
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), '{ "name": "smoke", "version": "1.0.0", "private": true }\n');
  await npm(['install', '--no-audit', '--no-fund', '--prefer-offline', join(work, packed.filename)], app);
  bin = join(app, 'node_modules', '.bin', 'monitors');
  installed = join(app, 'node_modules', 'monitors');
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the packed package', () => {
  it('ships the built CLI, the schemas, the docs, the examples, the API spec and the LICENSE, and no source maps or TypeScript', () => {
    const files = packed.files.map((f) => f.path);
    expect(files).toEqual(
      expect.arrayContaining([
        'LICENSE',
        'README.md',
        'package.json',
        'dist/cli/main.js',
        'dist/cli/load-worker.js',
        'schema/monitors-file.schema.json',
        'docs/ci.md',
        'docs/recovery.md',
        'examples/gitlab/.gitlab-ci.yml',
        'spec/monitoring-api.md',
      ]),
    );
    expect(files.filter((f) => f.endsWith('.map') || f.endsWith('.ts'))).toEqual([]);
    // The Action runs from the repository (its bundle), not from the package.
    expect(
      files.filter((f) => !/^(LICENSE|README\.md|package\.json|dist\/cli\/|schema\/|docs\/|examples\/|spec\/)/.test(f)),
    ).toEqual([]);
    const meta = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(meta).toMatchObject({
      repository: { type: 'git', url: 'git+https://github.com/monitors-as-code/monitors.git' },
      homepage: 'https://github.com/monitors-as-code/monitors#readme',
      bugs: { url: 'https://github.com/monitors-as-code/monitors/issues' },
    });
    expect(meta.keywords).toEqual(
      expect.arrayContaining(['monitors-as-code', 'uptime', 'gitlab-ci', 'github-actions']),
    );
  });

  it('depends on nothing at run time: its dependencies are inlined, with their licenses beside them', () => {
    const meta = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(meta.dependencies).toBeUndefined();
    // npm installed the package alone: no other package sits beside it.
    const beside = readdirSync(dirname(installed)).filter((f) => !f.startsWith('.'));
    expect(beside).toEqual(['monitors']);
    const licenses = readFileSync(join(installed, 'dist', 'cli', 'THIRD-PARTY-LICENSES.txt'), 'utf8');
    for (const inlined of ['commander@', 'js-yaml@', 'undici@', 'yaml@', 'ajv@'])
      expect(licenses).toContain(`\n${inlined}`);
  });

  it('resolves, inside the installed package, every link of its README and docs and every docs page the CLI names', async () => {
    const pages = ['README.md', ...readdirSync(join(installed, 'docs')).map((f) => join('docs', f))];
    const broken: string[] = [];
    for (const page of pages) {
      const text = readFileSync(join(installed, page), 'utf8').replace(/```[\s\S]*?```/g, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g))
        if (!/^[a-z]+:/i.test(target!) && !existsSync(resolve(installed, dirname(page), target!)))
          broken.push(`${page} -> ${target}`);
    }
    expect(broken).toEqual([]);
    const named = new Set<string>();
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));
    for (const file of walk(join(installed, 'dist', 'cli')))
      for (const [page] of readFileSync(file, 'utf8').matchAll(/docs\/[a-z-]+\.md/g)) named.add(page);
    expect([...named]).toEqual(expect.arrayContaining(['docs/recovery.md', 'docs/simulator.md']));
    expect([...named].filter((page) => !existsSync(join(installed, page)))).toEqual([]);
    const help = await monitors(['--help']);
    expect(help.stdout).toContain(`The docs/*.md pages that messages name: ${join(installed, 'docs')}/ (online: `);
  });

  it('installs a `monitors` that validates the examples with no secret set: exit 0, with warnings', async () => {
    expect((await monitors(['--version'])).stdout.trim()).toBe(pkg.version);
    // examples/policy is a repository of its own: its policy: would hold the other examples too.
    const r = await monitors(['validate', ...['shop', 'model-gateway', 'environments'].map((f) => join(EXAMPLES, f))]);
    expect(r.status, r.stdout + r.stderr).toBe(0);
    const policy = await monitors(['validate', join(EXAMPLES, 'policy')]);
    expect(policy.status, policy.stdout + policy.stderr).toBe(0);
    // Three secrets of the one-workspace examples, and one per environment of examples/environments.
    expect(r.stdout.match(/ warning env\.missing /g)).toHaveLength(5);
    expect(r.stdout).toMatch(/\d+ monitors \(staging: \d+, production: \d+\) in 7 files: valid \(5 warnings\)\.\n$/);
  });

  it('runs the simulator, plans, applies and plans again with no changes', async () => {
    const token = 'smoke_token_0123456789';
    const sim = spawn(bin, ['sim', '--port', '0', '--token', token], {
      env: { PATH: process.env.PATH ?? '', HOME: work },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const baseUrl = await new Promise<string>((resolve, reject) => {
        createInterface({ input: sim.stdout }).once('line', (line) => resolve(line.trim()));
        sim.once('exit', (code) => reject(new Error(`monitors sim exited early (${code})`)));
      });
      const env = { ...SECRETS, MONITORS_API_URL: baseUrl, MONITORS_API_TOKEN: token };
      const lock = join(work, 'monitors.lock.json');
      const plan = await monitors(['plan', ...ONE_WORKSPACE, '--lock', lock, '--detailed-exitcode'], env);
      expect(plan.status, plan.stdout + plan.stderr).toBe(2);
      expect(plan.stdout).toMatch(/Plan: \d+ to create, 0 to update, 0 to delete\./);
      const apply = await monitors(['apply', ...ONE_WORKSPACE, '--lock', lock, '--yes'], env);
      expect(apply.status, apply.stdout + apply.stderr).toBe(0);
      expect(apply.stdout).toMatch(/Apply complete: \d+ created, 0 updated, 0 deleted, 0 failed\./);
      expect(apply.stdout).toContain('Lock file written: monitors.lock.json');
      const again = await monitors(['plan', ...ONE_WORKSPACE, '--lock', lock, '--detailed-exitcode'], env);
      expect(again.status, again.stdout + again.stderr).toBe(0);
      expect(again.stdout).toMatch(/No changes\. \d+ monitors up to date\./);
      // monitors ci from the package: elsewhere than GitHub and GitLab, the report goes to a file.
      const ci = await monitors(
        ['ci', 'plan', join(EXAMPLES, 'shop'), '--lock', join(work, 'ci.lock.json'), '--provider', 'plain'],
        env,
      );
      expect(ci.status, ci.stdout + ci.stderr).toBe(0);
      expect(ci.stdout).toContain('so no comment was posted; the plan is in monitors-ci/report.md.');
      expect(readFileSync(join(work, 'monitors-ci', 'report.md'), 'utf8')).toMatch(/^#### monitors plan `/);
      // The Action with its `cli` input naming the repository's own install: `monitors ci` of the package.
      const outputs = join(work, 'action-output.txt');
      const action = await execFileAsync(process.execPath, [join(ROOT, 'action', 'run.mjs')], {
        cwd: work,
        encoding: 'utf8',
        env: {
          PATH: process.env.PATH ?? '',
          HOME: work,
          ...env,
          GITHUB_ACTIONS: 'true',
          GITHUB_OUTPUT: outputs,
          GITHUB_STEP_SUMMARY: join(work, 'action-summary.md'),
          MONITORS_ACTION_COMMAND: 'plan',
          MONITORS_ACTION_PATH: join(EXAMPLES, 'shop'),
          MONITORS_ACTION_LOCK: join(work, 'action.lock.json'),
          MONITORS_ACTION_COMMENT: 'false',
          MONITORS_ACTION_CLI: bin,
        },
      });
      expect(action.stdout).toMatch(/\*\*Plan: 0 to create, \d+ to update, 0 to delete\.\*\*/); // applied above, with another lock file
      expect(readFileSync(outputs, 'utf8')).toBe('changes=true\nexit-code=2\n');
    } finally {
      sim.kill('SIGTERM');
    }
  });
  it("npm install -g of the tarball (the README's command) puts `monitors` on the PATH; init's steps then say `monitors`", async () => {
    const prefix = join(work, 'global'); // stands in for npm's global folder
    await npm(
      ['install', '-g', '--prefix', prefix, '--no-audit', '--no-fund', '--prefer-offline', join(work, packed.filename)],
      work,
    );
    const options = {
      cwd: work,
      encoding: 'utf8' as const,
      env: { PATH: `${join(prefix, 'bin')}:${process.env.PATH ?? ''}`, HOME: work, NO_COLOR: '1' },
    };
    const version = await execFileAsync('monitors', ['--version'], options);
    expect(version.stdout).toBe((await monitors(['--version'])).stdout);
    // By its name, as a person types it: the steps it prints name it the same way.
    const init = await execFileAsync('monitors', ['init', 'from-path'], options);
    expect(init.stdout).toMatch(/\n {2}cd from-path\n {2}monitors validate /);
  });
});
