// A real editor's client that this project did not write: Neovim's built-in LSP client
// (Debian's neovim 0.7.2, headless) runs `monitors lsp --stdio` with the Neovim 0.7 block of
// docs/editor.md as its init.lua, read from the page and run as written (`monitors` on the
// PATH, as the page assumes). It holds what `monitors validate --format json` reports, at
// the same places (UTF-16 columns after a non-ASCII name), follows an edit and its undo sent
// as Neovim sends them (incremental changes), completes with <C-x><C-o> through the omnifunc
// the block sets, and shows the code lenses, asked again on leaving insert mode. Skipped
// with one line where nvim is missing; a failure with CI=true (tests/helpers/needs-tool.ts).
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { describeWithTools, NEOVIM } from '../helpers/needs-tool.js';
import { CLI_PATH, runCli } from '../helpers/run-cli.js';

/** The block docs/editor.md marks as the one this test runs, as written there. */
const SNIPPET = /<!-- neovim-0\.7:[^>]*-->\n```lua\n([\s\S]*?)```/.exec(
  readFileSync(new URL('../../docs/editor.md', import.meta.url), 'utf8'),
)?.[1];
const SCRIPT = fileURLToPath(new URL('./neovim-client.lua', import.meta.url));
const DEFAULTS = [
  'defaults:',
  '  type: http',
  '  method: GET',
  '  interval_seconds: 300',
  '  timeout_seconds: 10',
  '  retry_count: 1',
  '  confirmation_attempts: 2',
  '  slow_threshold_ms: 2000',
  '  expected_status_min: 200',
  '  expected_status_max: 299',
  '  max_redirects: 0',
  '  auth_type: none',
  '  execution_mode: local',
  '  consensus_threshold: 1',
];
// The unknown key sits after "é" and "🛒" on its line: 3 bytes and 4 bytes in UTF-8, 1 and 2
// units in UTF-16, so a column in bytes or in code points would land elsewhere.
const FIRST = '"café 🛒 home"';
const TEXT = [
  ...DEFAULTS,
  'monitors:',
  `  - { name: ${FIRST}, url: "https://shop.example.com/", timeout: 10 }`,
  '  - name: other',
  '    url: https://other.example.com/',
  '',
].join('\n');

const dir = mkdtempSync(join(tmpdir(), 'monitors-nvim-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeWithTools([NEOVIM], "Neovim's built-in LSP client, set up as docs/editor.md says", () => {
  it('shows what validate reports, at the same places, follows an edit and its undo, completes and shows lenses', async () => {
    expect(SNIPPET, 'the Neovim 0.7 block of docs/editor.md').toBeDefined();
    const init = join(dir, 'init.lua');
    writeFileSync(init, SNIPPET!);
    // `monitors` on the PATH, as the block's cmd expects (README, "Install").
    mkdirSync(join(dir, 'bin'));
    writeFileSync(join(dir, 'bin/monitors'), `#!/bin/sh\nexec '${process.execPath}' '${CLI_PATH}' "$@"\n`);
    chmodSync(join(dir, 'bin/monitors'), 0o755);
    mkdirSync(join(dir, 'repo'));
    const file = join(dir, 'repo/monitors.yaml');
    writeFileSync(file, TEXT);
    const out = join(dir, 'seen.tsv');
    const run = spawnSync('nvim', ['--headless', '-u', init, '-i', 'NONE', '-n', '-c', `luafile ${SCRIPT}`], {
      encoding: 'utf8',
      timeout: 90_000,
      env: {
        PATH: `${join(dir, 'bin')}:${process.env.PATH ?? ''}`,
        HOME: dir,
        MONITORS_FILE: file,
        MONITORS_OUT: out,
        MONITORS_RENAME_LINE: String(DEFAULTS.length + 3),
        MONITORS_FIRST_NAME: FIRST,
      },
    });
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    const rows = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split('\t'));
    const stage = (name: string) => rows.filter((r) => r[0] === name).map((r) => r.slice(1));

    const validate = await runCli(['validate', '--format', 'json', 'monitors.yaml'], { cwd: join(dir, 'repo') });
    const expected = (JSON.parse(validate.stdout) as { diagnostics: Record<string, unknown>[] }).diagnostics.map(
      (d) => [String(d.line), String(d.col), d.code, d.message],
    );
    expect(expected).toEqual([
      [String(DEFAULTS.length + 2), '63', 'schema.additionalProperties', expect.stringContaining('"timeout"')],
    ]);
    expect(stage('open')).toEqual(expected);

    const clash = stage('clash');
    expect(clash.filter((d) => d[2] === 'name.duplicate').map((d) => [d[0], d[1]])).toEqual([
      [String(DEFAULTS.length + 2), '13'],
      [String(DEFAULTS.length + 3), '11'],
    ]);
    expect(stage('undone')).toEqual(expected);

    // The lenses (no lock file yet: both are created), then <C-x><C-o> through the block's
    // omnifunc, then a third lens once leaving insert mode asked again.
    expect(stage('lens')).toEqual([
      [String(DEFAULTS.length + 2), 'create'],
      [String(DEFAULTS.length + 3), 'create'],
    ]);
    expect(stage('omnifunc')).toEqual([['v:lua.vim.lsp.omnifunc']]);
    expect(stage('complete')[0]![0]!.split(',')).toEqual(expect.arrayContaining(['http', 'keyword', 'tcp', 'dns']));
    expect(stage('typed')).toEqual([['    type: http']]);
    expect(stage('after')).toEqual([...stage('lens'), [String(DEFAULTS.length + 5), 'create']]);
  }, 120_000);
});
