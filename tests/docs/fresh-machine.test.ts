// The README's promise: its commands work on a fresh machine with Node alone. The tests that
// drive a program outside Node (Chromium, Neovim, xmllint) go through describeWithTools
// (tests/helpers/needs-tool.ts): one line and a skip where it is missing, a failure with
// CI=true; and the README names the Debian packages that run them.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CHROMIUM, missingTools, NEOVIM, toolDecision, XMLLINT, isInstalled } from '../helpers/needs-tool.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TESTS = join(ROOT, 'tests');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? testFiles(join(dir, e.name)) : e.name.endsWith('.test.ts') ? [join(dir, e.name)] : [],
  );
}

describe('tests on a machine with Node alone', () => {
  it('every test file that starts Chromium, Neovim or xmllint is guarded by describeWithTools', () => {
    const starts = /openBrowser\(|spawnSync\('nvim'|['"]nvim['"],\s*\[|execFileSync\('xmllint'|['"]xmllint['"],\s*\[/;
    const unguarded = testFiles(TESTS)
      .filter((file) => starts.test(readFileSync(file, 'utf8')))
      .filter((file) => !/describeWithTools\(\[/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file));
    expect(unguarded).toEqual([]);
  });

  it('a missing program is one line and a skip locally, a failure with CI=true', () => {
    const missing = missingTools([NEOVIM, XMLLINT], (t) => t !== NEOVIM);
    expect(missing).toBe('nvim (Debian: neovim)');
    expect(toolDecision(missing, {})).toEqual({
      kind: 'skip',
      line: 'skipped: needs nvim (Debian: neovim), not installed here',
    });
    expect(toolDecision(missing, { CI: 'true' })).toMatchObject({
      kind: 'fail',
      message: expect.stringContaining('nvim (Debian: neovim) is missing'),
    });
    expect(toolDecision(undefined, { CI: 'true' })).toEqual({ kind: 'run' });
    expect(missingTools([CHROMIUM], () => true)).toBeUndefined();
  });

  it('finds a program on the PATH and an absolute path, and not one that is not there', () => {
    expect(isInstalled({ command: process.execPath, debian: 'nodejs' })).toBe(true);
    expect(isInstalled({ command: 'node', debian: 'nodejs' })).toBe(true);
    expect(isInstalled({ command: 'monitors-no-such-program', debian: 'none' })).toBe(false);
    expect(isInstalled({ command: '/nonexistent/chromium', debian: 'chromium' })).toBe(false);
  });

  it('the README names the Debian packages that run those tests', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    for (const pkg of ['chromium', 'neovim', 'libxml2-utils']) expect(readme).toContain(pkg);
    expect(readme).toMatch(/CI=true/);
  });
});
