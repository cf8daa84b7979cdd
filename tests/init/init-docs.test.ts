// docs/init.md shows what `monitors init` prints, and what it says when a file exists: both
// are the real output, run here in an empty folder.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';

const doc = readFileSync(new URL('../../docs/init.md', import.meta.url), 'utf8');
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'init-docs-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('docs/init.md quotes the output of `monitors init my-monitors --ci github`, then its refusal to write again', async () => {
  const shown =
    /<!-- output of `monitors init my-monitors --ci github` in an empty folder[^>]*-->\n```\n([\s\S]*?)```/.exec(
      doc,
    )?.[1];
  const refusal = /\n```\n(error INIT_EXISTS:[\s\S]*?)```/.exec(doc)?.[1];
  const first = await runCli(['init', 'my-monitors', '--ci', 'github'], { cwd: dir });
  expect(first.code).toBe(0);
  expect(first.stdout).toBe(shown);
  const again = await runCli(['init', 'my-monitors'], { cwd: dir });
  expect(again.code).toBe(1);
  expect(again.stderr).toBe(refusal);
});
