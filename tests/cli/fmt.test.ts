// `monitors fmt`, the built CLI on a copy of examples/shop: --check lists the files that
// would change and writes nothing; fmt writes them and lists them; a file with a syntax
// error is refused with the loader's located message and left byte for byte; the YAML of
// another tool in a searched folder is left alone; afterwards --check passes.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';

let dir: string;
const BROKEN = 'monitors:\n  - name: "home\n    url: https://example.com/\n';
const FOREIGN = 'services:\n  web:\n    image: "nginx"\n';
const snapshot = () =>
  Object.fromEntries(
    [...readdirSync(dir), ...readdirSync(join(dir, 'ci')).map((f) => `ci/${f}`)]
      .filter((f) => f.endsWith('.yaml'))
      .map((f) => [f, readFileSync(join(dir, f), 'utf8')]),
  );

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fmt-cli-'));
  cpSync(join(import.meta.dirname, '../../examples/shop'), dir, { recursive: true });
  mkdirSync(join(dir, 'ci'));
  writeFileSync(join(dir, 'ci', 'compose.yaml'), FOREIGN);
  writeFileSync(join(dir, 'broken.yaml'), BROKEN);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('monitors fmt', () => {
  it('checks, formats, refuses the broken file and leaves the foreign one alone', async () => {
    const before = snapshot();
    const check = await runCli(['fmt', '--check'], { cwd: dir });
    expect(check.code).toBe(1);
    expect(check.stdout).toContain('would reformat storefront.yaml\n');
    expect(check.stdout).not.toContain('compose.yaml');
    expect(check.stderr).toMatch(/^broken\.yaml:2:11: error yaml\.unclosed_quote /);
    expect(snapshot()).toEqual(before);

    const written = await runCli(['fmt'], { cwd: dir });
    expect(written.code).toBe(1); // the broken file
    expect(written.stdout).toMatch(
      /^reformatted infrastructure\.yaml\nreformatted renewals\.yaml\nreformatted storefront\.yaml\n/,
    );
    expect(written.stderr).not.toMatch(/\n\s+at /);
    const after = snapshot();
    expect(after['broken.yaml']).toBe(BROKEN);
    expect(after['ci/compose.yaml']).toBe(FOREIGN);
    expect(after['storefront.yaml']).not.toBe(before['storefront.yaml']);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);

    rmSync(join(dir, 'broken.yaml'));
    const again = await runCli(['fmt', '--check'], { cwd: dir });
    expect(again.code).toBe(0);
    expect(again.stdout).toBe('0 files would be reformatted, 3 files already formatted.\n');
  });
});
