// `monitors export --name/--id` as a user runs it: the built CLI against the simulator with
// a full listing, adopting a few dashboard monitors into a repository that already manages
// others. Refusals write nothing; an adoption writes one new file and adds records to the
// lock file, every other file and record byte for byte as it was; validate and plan follow.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli.js';
import { clearRequestLog, exampleMonitorInput, getRequestLog, seedMonitors } from '../../helpers/sim-admin.js';
import { startSimProcess, type SimProcess } from '../../helpers/sim-process.js';
import { E2E_DEFAULTS } from '../../helpers/yaml-defaults.js';
import { changedFiles, recordTexts, snapshot } from './tree.js';

let sim: SimProcess;
let cwd: string;
let ids: Record<string, string>;

const monitors = (args: string[]) =>
  runCli(args, { cwd, env: { MONITORS_API_URL: sim.baseUrl, MONITORS_API_TOKEN: sim.token, CI: 'true' } });
const read = (path: string) => readFileSync(join(cwd, path), 'utf8');
const LOCK = 'monitors/monitors.lock.json';

interface PlanJson {
  changes: { action: string; name: string; id: string | null; reason: string; fields: unknown[] }[];
  unmanaged: { name: string; id: string }[];
}
const planJson = async (): Promise<PlanJson> => {
  const result = await monitors(['plan', 'monitors', '--format', 'json']);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as PlanJson;
};

beforeAll(async () => {
  sim = await startSimProcess(['--listing', 'full']);
  cwd = mkdtempSync(join(tmpdir(), 'adopt-sim-'));
  mkdirSync(join(cwd, 'monitors'));
  writeFileSync(
    join(cwd, 'monitors', 'shop.yaml'),
    `${E2E_DEFAULTS}monitors:\n  - name: "shop: home"\n    url: https://shop.example.com/\n  - name: "shop: cart"\n    url: https://shop.example.com/cart\n`,
  );
  writeFileSync(join(cwd, 'monitors', 'NOTES.txt'), 'not YAML\n');
  const seeded = await seedMonitors(sim.adminUrl, [
    exampleMonitorInput('legacy: home', { url: 'https://legacy.example.com/', retry_count: 4, group: 'Legacy' }),
    exampleMonitorInput('legacy: search', {
      type: 'keyword',
      url: 'https://legacy.example.com/search',
      keyword: 'results',
      execution_mode: 'local',
      locations: [],
    }),
    exampleMonitorInput('twin', { url: 'https://twin.example.com/a' }),
    exampleMonitorInput('twin', { url: 'https://twin.example.com/b' }),
    exampleMonitorInput('elsewhere', { url: 'https://elsewhere.example.com/' }),
    exampleMonitorInput('extra', { url: 'https://extra.example.com/' }),
  ]);
  ids = { home: seeded[0]!, search: seeded[1]!, twinA: seeded[2]!, twinB: seeded[3]!, elsewhere: seeded[4]! };
  const applied = await monitors(['apply', 'monitors', '--yes']);
  expect(applied.code, applied.stderr).toBe(0);
});

afterAll(async () => {
  await sim.stop();
  rmSync(cwd, { recursive: true, force: true });
});

describe('monitors export --name/--id against the simulator (full listing)', () => {
  it('refuses, located and saying what to do, with nothing written and nothing but the listing sent', async () => {
    await clearRequestLog(sim.adminUrl);
    const before = snapshot(cwd);
    const shopLine = read('monitors/shop.yaml').split('\n').indexOf('  - name: "shop: home"') + 1;
    const cases: [string[], RegExp[]][] = [
      [
        ['--name', 'legacy: hme'],
        [
          /^error EXPORT_NAME_UNKNOWN: --name "legacy: hme" matches no live monitor, so nothing was written; did you mean "legacy: home"\?$/m,
        ],
      ],
      [
        ['--id', '01J00000000000000000000000'],
        [/^error EXPORT_ID_UNKNOWN: --id 01J00000000000000000000000 is not among the 8 live monitors/m],
      ],
      [
        ['--name', 'twin'],
        [/^error EXPORT_DUPLICATE_NAME: .*"twin" \(ids /m, /^ {2}Adopt one of them with --id ID/m],
      ],
      [
        ['--name', 'shop: *', '--name', 'legacy: home'],
        [
          new RegExp(
            `^monitors/shop\\.yaml:${shopLine}:5: error export\\.already_managed "shop: home" \\(\\w{26}\\) is already a monitor of this repository: defined here$`,
            'm',
          ),
          /^monitors\/monitors\.lock\.json:\d+:7: error export\.already_managed "shop: cart" \(\w{26}\) already has a lock record here$/m,
          /^error EXPORT_ALREADY_MANAGED: 2 selected monitors are already managed by this repository \(listed above\); nothing was written$/m,
        ],
      ],
      [
        ['--name', 'legacy: *', '--file', 'shop.yaml', '--force'],
        [/^error EXPORT_FILE_IN_USE: --file monitors\/shop\.yaml is a monitors file/m],
      ],
      [
        ['--name', 'legacy: *', '--file', '../legacy.yaml'],
        [
          /^error EXPORT_FILE_PLACE: --file legacy\.yaml is outside --out monitors/m,
          /^ {2}Name a file under monitors, e\.g\. monitors\/legacy\.yaml\.$/m,
        ],
      ],
      [
        ['--name', 'legacy: *', '--file', 'NOTES.txt'],
        [/^error EXPORT_FILE_PLACE: --file monitors\/NOTES\.txt is not a \.yaml or \.yml file/m],
      ],
      [
        ['--name', 'legacy: *', '--file', '.drafts/legacy.yaml'],
        [/^error EXPORT_FILE_PLACE: .* dot-folder or node_modules/m],
      ],
    ];
    // A write that fails leaves nothing: the new YAML file is staged and removed with the lock file's.
    if (existsSync('/proc/self'))
      cases.push([
        ['--name', 'extra', '--lock', '/proc/no-such-folder/monitors.lock.json'],
        [/^error EXPORT_WRITE_FAILED: could not write \/proc\/no-such-folder\/monitors\.lock\.json/m],
      ]);
    for (const [args, expected] of cases) {
      const result = await monitors(['export', '--out', 'monitors', ...args]);
      expect(result.code, args.join(' ')).toBe(1);
      for (const pattern of expected) expect(result.stderr, args.join(' ')).toMatch(pattern);
      expect(result.stdout).toBe('');
      expect(changedFiles(before, snapshot(cwd)), args.join(' ')).toEqual([]);
    }
    // The lock record line the refusal names is that monitor's record.
    const refused = await monitors(['export', '--name', 'shop: cart']);
    const at = /monitors\/monitors\.lock\.json:(\d+):(\d+):/.exec(refused.stderr)!;
    const line = read(LOCK).split('\n')[Number(at[1]) - 1]!;
    expect(line.slice(Number(at[2]) - 1)).toMatch(/^"id": "\w{26}",$/);
    expect((await getRequestLog(sim.adminUrl)).filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('refuses a badly formed or empty --id or --name before sending anything', async () => {
    await clearRequestLog(sim.adminUrl);
    const lower = await monitors(['export', '--id', ids.home!.toLowerCase()]);
    expect(lower.code).toBe(1);
    expect(lower.stderr).toContain(`error BAD_OPTION: --id "${ids.home!.toLowerCase()}" is not a monitor id`);
    expect(lower.stderr).toContain(`did you mean ${ids.home}?`);
    expect((await monitors(['export', '--name', ''])).stderr).toContain(
      'error BAD_OPTION: --name needs a monitor name or a glob',
    );
    expect((await monitors(['export', '--file', 'monitors/x.yaml'])).stderr).toContain(
      'error BAD_OPTION: --file names the one file of --name or --id',
    );
    expect(await getRequestLog(sim.adminUrl)).toEqual([]);
  });

  it('adopts the matching monitors into one new file and adds their records; every other file and record is as it was', async () => {
    const before = snapshot(cwd);
    const lockBefore = read(LOCK);
    await clearRequestLog(sim.adminUrl);
    const result = await monitors(['export', '--out', 'monitors', '--name', 'legacy: *']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(
      [
        'Adopted 2 monitors into monitors:',
        '  monitors/adopted.yaml        2 monitors (new file)',
        '  monitors/monitors.lock.json  2 lock records added (all verified), 2 kept as they were',
        '',
        'Next:',
        '  monitors validate monitors',
        '  monitors plan monitors',
        'The plan should show no changes for them; commit the new file and the lock file together.',
        '',
      ].join('\n'),
    );
    expect(changedFiles(before, snapshot(cwd))).toEqual(['monitors/adopted.yaml', LOCK]);
    const [oldRecords, newRecords] = [recordTexts(lockBefore), recordTexts(read(LOCK))];
    expect(newRecords).toHaveLength(4);
    expect(newRecords.filter((r) => oldRecords.includes(r))).toEqual(oldRecords);
    expect(JSON.parse(read(LOCK)).salt).toBe(JSON.parse(lockBefore).salt);
    expect(read('monitors/adopted.yaml')).toContain('  - name: "legacy: search"\n    type: keyword\n');
    expect((await getRequestLog(sim.adminUrl)).map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/v1/monitors']);

    const validate = await monitors(['validate', 'monitors']);
    expect(validate.code, validate.stdout).toBe(0);
    const plan = await monitors(['plan', 'monitors', '--detailed-exitcode']);
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    expect(plan.stdout).toContain('No changes. 4 monitors up to date.');
    expect((await planJson()).unmanaged.map((u) => u.name).sort()).toEqual(['elsewhere', 'extra', 'twin', 'twin']);
  });

  it('adopts one of two monitors that share a name with --id (pinned), the rest of the plan unchanged', async () => {
    writeFileSync(join(cwd, 'monitors', 'shop.yaml'), read('monitors/shop.yaml').replace('/cart', '/basket'));
    const planBefore = await planJson();
    expect(planBefore.changes.map((c) => `${c.action} ${c.name}`)).toEqual(['replace shop: cart']);
    const before = snapshot(cwd);

    const result = await monitors(['export', '--id', ids.twinA!, '--file', 'team/twin.yaml']);
    expect(result.code, result.stderr).toBe(0);
    expect(changedFiles(before, snapshot(cwd))).toEqual([LOCK, 'monitors/team/twin.yaml']);
    expect(read('monitors/team/twin.yaml')).toContain(`  - name: twin\n    id: ${ids.twinA} # pinned`);

    const planAfter = await planJson();
    expect(planAfter.changes).toEqual(planBefore.changes);
    expect(planAfter.unmanaged).toEqual(planBefore.unmanaged.filter((u) => u.id !== ids.twinA));
    const detailed = await monitors(['plan', 'monitors', '--detailed-exitcode']);
    expect(detailed.code).toBe(2);
    expect(detailed.stdout).toContain('Plan: 0 to create, 1 to update, 0 to delete.');
  });

  it('takes a free default name, and overwrites an existing --file only with --force (never a monitors file)', async () => {
    // Other tools' YAML, which plan skips: the default name "extra.yaml" is taken, so it is never overwritten.
    writeFileSync(join(cwd, 'monitors', 'extra.yaml'), 'services:\n  web: {}\n');
    writeFileSync(join(cwd, 'monitors', 'compose.yml'), 'services:\n  web: {}\n');
    // A lock file laid out by hand is written again in monitors' layout, and the user is told.
    writeFileSync(join(cwd, LOCK), JSON.stringify(JSON.parse(read(LOCK))));
    const extra = await monitors(['export', '--name', 'extra']);
    expect(extra.code, extra.stderr).toBe(0);
    expect(extra.stdout).toContain('  monitors/extra-2.yaml        1 monitor (new file)');
    expect(extra.stderr).toContain(`note: ${LOCK} was not laid out as monitors writes it (edited by hand?)`);
    expect(read('monitors/extra.yaml')).toBe('services:\n  web: {}\n');

    const refused = await monitors(['export', '--name', 'elsewhere', '--file', 'compose.yml']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('error EXPORT_FILE_EXISTS: --file monitors/compose.yml already exists');
    const forced = await monitors(['export', '--name', 'elsewhere', '--file', 'compose.yml', '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(read('monitors/compose.yml')).toContain('  - name: elsewhere\n');
    expect((await monitors(['plan', 'monitors', '--detailed-exitcode'])).stdout).toContain(
      'Plan: 0 to create, 1 to update, 0 to delete.',
    );
  });

  it('starts a repository in a folder that holds no YAML yet: the new file and a new lock file', async () => {
    const result = await monitors(['export', '--out', 'fresh', '--name', 'elsewhere']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(
      '  fresh/monitors.lock.json  1 lock record added (all verified), in a new lock file',
    );
    expect(snapshot(join(cwd, 'fresh'))).toEqual(
      new Map([
        ['elsewhere.yaml', read('fresh/elsewhere.yaml')],
        ['monitors.lock.json', read('fresh/monitors.lock.json')],
      ]),
    );
    const plan = await monitors(['plan', 'fresh', '--detailed-exitcode']);
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
  });
});
