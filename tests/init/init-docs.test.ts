// docs/init.md shows what `monitors init` prints, and what it says when a file exists: both
// are the real output, run here in an empty folder, with `monitors` on the PATH as `npm link`
// or `npm install -g` puts it there (a symlink to the CLI), so that the steps say `monitors`.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CLI_PATH, runCli } from '../helpers/run-cli.js';

const doc = readFileSync(new URL('../../docs/init.md', import.meta.url), 'utf8');
let dir: string;
let env: Record<string, string>;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'init-docs-'));
  mkdirSync(join(dir, 'bin'));
  chmodSync(CLI_PATH, 0o755);
  symlinkSync(CLI_PATH, join(dir, 'bin', 'monitors'));
  env = { PATH: `${join(dir, 'bin')}:${process.env.PATH ?? ''}` };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('docs/init.md quotes the output of `monitors init my-monitors --ci github`, then its refusal to write again', async () => {
  const shown =
    /<!-- output of `monitors init my-monitors --ci github` in an empty folder[^>]*-->\n```\n([\s\S]*?)```/.exec(
      doc,
    )?.[1];
  const refusal = /\n```\n(error INIT_EXISTS:[\s\S]*?)```/.exec(doc)?.[1];
  const first = await runCli(['init', 'my-monitors', '--ci', 'github'], { cwd: dir, env });
  expect(first.code).toBe(0);
  expect(first.stdout).toBe(shown);
  const again = await runCli(['init', 'my-monitors'], { cwd: dir, env });
  expect(again.code).toBe(1);
  expect(again.stderr).toBe(refusal);
});
