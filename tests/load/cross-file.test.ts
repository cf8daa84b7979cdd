import { describe, expect, it } from 'vitest';
import { DEFAULTS, loadFiles, where } from './temp-dir.js';

const monitor = (name: string) => `  - name: ${name}\n    type: http\n    url: https://a.example.com/\n`;

describe('checks across files', () => {
  it('a duplicate name is an error at every place it is defined, naming the others', async () => {
    const r = await loadFiles({
      'a.yaml': `${DEFAULTS}monitors:\n${monitor('home')}${monitor('other')}`,
      'sub/b.yaml': `${DEFAULTS}monitors:\n${monitor('x1')}${monitor('home')}`,
    });
    expect(where(r)).toEqual(['a.yaml:15:11 error name.duplicate', 'sub/b.yaml:18:11 error name.duplicate']);
    expect(r.diagnostics.map((d) => d.message)).toEqual([
      'monitor name "home" is defined 2 times; names identify monitors and must be unique (also at sub/b.yaml:18:11)',
      'monitor name "home" is defined 2 times; names identify monitors and must be unique (also at a.yaml:15:11)',
    ]);
  });

  it('a name defined many times names three other places and counts the rest (output grows with the count, not its square)', async () => {
    const r = await loadFiles({ 'a.yaml': `${DEFAULTS}monitors:\n${monitor('home').repeat(10)}` });
    expect(r.diagnostics).toHaveLength(10);
    expect(r.diagnostics[0]?.message).toBe(
      'monitor name "home" is defined 10 times; names identify monitors and must be unique (also at a.yaml:18:11, a.yaml:21:11, a.yaml:24:11 and 6 more)',
    );
    expect(r.diagnostics[9]?.message).toContain('(also at a.yaml:15:11, a.yaml:18:11, a.yaml:21:11 and 6 more)');
  });

  it('validate compares names as written, code unit for code unit, after it lets a valid file go', async () => {
    // validate keeps a valid file's names only, copied in one piece and cut up again: each
    // cut must land where the name was, and a lone surrogate must stay itself (a UTF-8 copy
    // would make both names below "x \ufffd long name", and a duplicate).
    const r = await loadFiles({
      'a.yaml': `${DEFAULTS}monitors:\n${monitor('"x \\ud800 long name"')}${monitor('"caf\u00e9 \u{1F600} long enough"')}  - name: "svc \${each.r} watcher"\n    type: http\n    url: https://a.example.com/\n    for_each: {r: [north-east-region, south]}\n${monitor('home of the duplicated monitor')}`,
      'b.yaml': `${DEFAULTS}monitors:\n${monitor('"x \\udc00 long name"')}${monitor('home of the duplicated monitor')}`,
    });
    expect(where(r)).toEqual(['a.yaml:25:11 error name.duplicate', 'b.yaml:18:11 error name.duplicate']);
  });

  it('duplicates are found after ${env:...} resolution', async () => {
    const r = await loadFiles(
      { 'a.yaml': `${DEFAULTS}monitors:\n${monitor('home')}${monitor('${env:N}')}` },
      { env: { N: 'home' } },
    );
    expect(where(r)).toEqual(['a.yaml:15:11 error name.duplicate', 'a.yaml:18:11 error name.duplicate']);
  });

  it('settings: may appear in one file only', async () => {
    const r = await loadFiles({ 'a.yaml': 'settings:\n  max_deletes: 3\n', 'b.yaml': 'monitors: []\nsettings: {}\n' });
    expect(where(r)).toEqual(['a.yaml:1:1 error settings.duplicate', 'b.yaml:2:1 error settings.duplicate']);
    // The other place is the `settings:` key too, not its value one line down and two columns right.
    expect(r.diagnostics.map((d) => d.message)).toEqual([
      'settings: is declared in more than one file; keep it in one file (also at b.yaml:2:1)',
      'settings: is declared in more than one file; keep it in one file (also at a.yaml:1:1)',
    ]);
  });

  it('settings map to Settings, lock_file relative to the declaring file', async () => {
    const r = await loadFiles({
      'conf/settings.yaml':
        'settings:\n  scope: {prefix: "shop: "}\n  max_deletes: 3\n  max_delete_share: 0.25\n  lock_file: ../state/monitors.lock.json\n',
    });
    expect(r.diagnostics).toEqual([]);
    expect(r.state.settings).toEqual({
      scope: { kind: 'prefix', prefix: 'shop: ' },
      maxDeletes: 3,
      maxDeleteShare: 0.25,
      lockFile: `${r.dir}/state/monitors.lock.json`,
      source: { file: 'conf/settings.yaml', line: 1, col: 1 },
    });
  });

  it('a bad scope is one clear message', async () => {
    const r = await loadFiles({ 'a.yaml': 'settings:\n  scope: everything\n' });
    expect(where(r)).toEqual(['a.yaml:2:10 error schema.scope']);
    expect(r.diagnostics[0]?.message).toBe('scope must be "lock", "workspace" or a mapping {prefix: "..."}');
  });

  it('moved: entries must fit the set of monitors', async () => {
    const r = await loadFiles({
      'a.yaml': `${DEFAULTS}monitors:\n${monitor('new home')}${monitor('still here')}moved:\n  - {from: old home, to: new home}\n  - {from: still here, to: new home}\n  - {from: gone, to: nowhere}\n  - {from: same, to: same}\n`,
    });
    expect(where(r)).toEqual([
      'a.yaml:22:26 error moved.duplicate_to',
      'a.yaml:23:12 error moved.source_still_defined',
      'a.yaml:23:28 error moved.duplicate_to',
      'a.yaml:24:22 error moved.unknown_target',
      'a.yaml:25:22 error moved.same_name',
    ]);
  });

  it('a valid rename is kept with its position', async () => {
    const r = await loadFiles({
      'a.yaml': `${DEFAULTS}monitors:\n${monitor('new home')}moved:\n  - from: old home\n    to: new home\n`,
    });
    expect(r.diagnostics).toEqual([]);
    expect(r.state.moved).toEqual([{ from: 'old home', to: 'new home', source: { file: 'a.yaml', line: 19, col: 5 } }]);
  });
});
