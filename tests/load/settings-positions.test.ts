// The loader records where the settings that choose the token and the URL are written
// (issue 23, point 1), by a scan of the text that must agree with the exact parse, and
// falls back to the exact parse where the scan is not sure.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { exactParse } from '../../src/load/parse/exact-parse.js';
import { loadDesiredState } from '../../src/load/index.js';
import { scanValuePosition } from '../../src/load/parse/scan-key-path.js';

const BLOCK = `# comment
settings:
  api_url: https://shared.example.com/api/v1   # the shared one
  environments:
    "staging":
      # staging's own
      api_url: 'https://staging.example.com/api/v1'
      token_env: ACME_STAGING_TOKEN
      vars:
        api_url: not this one
    production:
      token_env: ACME_PRODUCTION_TOKEN
      api_url: https://monitoring.example.com/api/v1
monitors: []
`;

const scan = (text: string, path: string[], written: string) => scanValuePosition(text.split('\n'), path, written);

describe('scanValuePosition', () => {
  it.each([
    [['settings', 'api_url'], 'https://shared.example.com/api/v1'],
    [['settings', 'environments', 'staging', 'api_url'], 'https://staging.example.com/api/v1'],
    [['settings', 'environments', 'staging', 'token_env'], 'ACME_STAGING_TOKEN'],
    [['settings', 'environments', 'production', 'api_url'], 'https://monitoring.example.com/api/v1'],
  ])('finds %j where the exact parse does', async (path, written) => {
    const exact = await exactParse(BLOCK);
    expect(scan(BLOCK, path, written)).toEqual(exact.locate(path, 'value'));
    const crlf = BLOCK.replace(/\n/g, '\r\n');
    expect(scan(crlf, path, written)).toEqual(exact.locate(path, 'value'));
  });

  it('gives up where it cannot be sure: flow style, a value on the next line, a missing key', () => {
    const flow = 'settings: {environments: {staging: {api_url: "https://a.example.com/api/v1", token_env: T}}}\n';
    expect(scan(flow, ['settings', 'environments', 'staging', 'api_url'], 'https://a.example.com/api/v1')).toBe(
      undefined,
    );
    const nextLine = 'settings:\n  api_url:\n    https://a.example.com/api/v1\n';
    expect(scan(nextLine, ['settings', 'api_url'], 'https://a.example.com/api/v1')).toBeUndefined();
    expect(scan(BLOCK, ['settings', 'environments', 'qa', 'api_url'], 'x')).toBeUndefined();
    // A key of the same name deeper down (under vars:) is not the setting.
    expect(scan(BLOCK, ['settings', 'environments', 'staging', 'vars', 'api_url'], 'not this one')).toEqual({
      line: 10,
      col: 18,
    });
  });
});

describe('the loaded settings say where the token variable and the URL are written', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    ['block style (scanned)', BLOCK],
    [
      'a quoted value',
      BLOCK.replace('  api_url: https://shared.example.com/api/v1', '  api_url: "https://shared.example.com/api/v1"'),
    ],
  ])('%s', async (_label, text) => {
    dir = mkdtempSync(join(tmpdir(), 'settings-positions-'));
    writeFileSync(join(dir, 'settings.yaml'), text);
    const loaded = await loadDesiredState([dir], { env: {}, cwd: dir, environment: 'staging' });
    const { settings } = loaded.state;
    expect(settings.apiUrlAt).toEqual({ file: 'settings.yaml', line: 3, col: 12 });
    expect(settings.environment?.apiUrlAt).toEqual({ file: 'settings.yaml', line: 7, col: 16 });
    expect(settings.environment?.tokenEnvAt).toEqual({ file: 'settings.yaml', line: 8, col: 18 });
  });

  it('a setting written as a flow mapping is found by the exact parse', async () => {
    dir = mkdtempSync(join(tmpdir(), 'settings-positions-'));
    writeFileSync(
      join(dir, 'settings.yaml'),
      'settings:\n  environments:\n    staging: {token_env: ACME_STAGING_TOKEN, api_url: "https://s.example.com/api/v1"}\n',
    );
    const loaded = await loadDesiredState([dir], { env: {}, cwd: dir, environment: 'staging' });
    expect(loaded.state.settings.environment?.tokenEnvAt).toEqual({ file: 'settings.yaml', line: 3, col: 26 });
    expect(loaded.state.settings.environment?.apiUrlAt).toEqual({ file: 'settings.yaml', line: 3, col: 55 });
  });
});
