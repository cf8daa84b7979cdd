// A real editor's client that this project did not write: Neovim's built-in LSP client
// (Debian's neovim 0.7.2 and later, headless) runs `monitors lsp --stdio` as docs/editor.md
// sets it up, and holds what `monitors validate --format json` reports, at the same
// places (UTF-16 columns after a non-ASCII name), and follows an edit and its undo sent as
// Neovim sends them (incremental changes). Skipped where nvim is not installed; CI installs it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_PATH, runCli } from '../helpers/run-cli.js';

const hasNvim = spawnSync('nvim', ['--version'], { encoding: 'utf8' }).status === 0;
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

describe.skipIf(!hasNvim)("Neovim's built-in LSP client", () => {
  it('shows what validate reports, at the same places, and follows an edit and its undo', async () => {
    const file = join(dir, 'monitors.yaml');
    writeFileSync(file, TEXT);
    const out = join(dir, 'diagnostics.tsv');
    const run = spawnSync('nvim', ['--headless', '-u', 'NONE', '-i', 'NONE', '-n', '-c', `luafile ${SCRIPT}`], {
      encoding: 'utf8',
      timeout: 90_000,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: dir,
        MONITORS_FILE: file,
        MONITORS_NODE: process.execPath,
        MONITORS_CLI: CLI_PATH,
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

    const validate = await runCli(['validate', '--format', 'json', 'monitors.yaml'], { cwd: dir });
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
  }, 120_000);
});
