// The language server stays responsive (issue 44, point 4): a workspace whose policy holds
// patterns that would backtrack for ever gets its diagnostics at once (the regex run in
// linear time, the one RE2 cannot run reported at its line, not executed), and a load
// overtaken by a newer edit publishes nothing: only the load that saw the last edit does.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Buffers } from '../../src/lsp/buffers.js';
import { WorkspaceSet, type SetLoad } from '../../src/lsp/workspace-set.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

let dir: string;
const policy = `policy:
  - id: slow-regex
    level: mandatory
    require: { name_pattern: '^(a+)+$' }
  - id: backref
    level: advisory
    require: { name_pattern: '^(a)\\1$' }
  - id: slow-where
    level: advisory
    where: { name: '${'*a'.repeat(14)}*b' }
    require: { min_locations: 2 }
`;
const monitors = (name: string) =>
  `${E2E_DEFAULTS}monitors:\n  - name: "${name}"\n    url: https://shop.example.com/\n`;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lsp-patterns-'));
  writeFileSync(join(dir, 'policy.yaml'), policy);
  writeFileSync(join(dir, 'monitors.yaml'), monitors(`${'a'.repeat(36)}!`));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const codes = (load: SetLoad) => [...load.byFile.values()].flat().map((d) => `${d.line}:${d.code}`);

describe('the language server and pathological patterns', () => {
  it('reports them at once: a violation, and the backreference at its line', async () => {
    const published: SetLoad[] = [];
    const set = new WorkspaceSet(dir, new Buffers(), {}, Date.now, (load) => published.push(load));
    const started = Date.now();
    const load = await set.refresh(true);
    expect(Date.now() - started).toBeLessThan(10_000); // a generous bound: before, it never returned
    expect(codes(load)).toEqual(expect.arrayContaining(['7:policy.rule.regex', '17:policy.slow-regex']));
    expect(published).toEqual([load]);
  });

  it('publishes only the load that saw the newest edit', async () => {
    const buffers = new Buffers();
    const published: SetLoad[] = [];
    const set = new WorkspaceSet(dir, buffers, {}, Date.now, (load) => published.push(load));
    const abs = join(dir, 'monitors.yaml');
    buffers.setOpen(abs, 1, monitors('aaa!'));
    const first = set.refresh(true);
    buffers.setOpen(abs, 2, monitors('aaaa'));
    const second = set.refresh();
    const [overtaken, newest] = await Promise.all([first, second]);
    expect(overtaken).not.toBe(newest);
    expect(published).toEqual([newest]);
    expect(codes(newest)).not.toContain('17:policy.slow-regex');
  });
});
