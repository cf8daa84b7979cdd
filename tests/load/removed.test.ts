// `removed:` entries as the loader reads them: kept with their position, per environment
// and per for_each instance, and located errors when one does not fit the set.
import { describe, expect, it } from 'vitest';
import { DEFAULTS, loadFiles, where } from './temp-dir.js';

const monitor = (name: string) => `  - name: ${name}\n    type: http\n    url: https://a.example.com/\n`;

const ENVIRONMENTS = `settings:
  environments:
    staging:
      token_env: STAGING_TOKEN
      vars: { regions: [eu-west] }
    production:
      token_env: PRODUCTION_TOKEN
      vars: { regions: [eu-west, us-east] }
`;

describe('removed: entries', () => {
  it('a valid entry is kept with its position; a file of removed: entries alone is a monitors file', async () => {
    const r = await loadFiles({
      'a.yaml': `${DEFAULTS}monitors:\n${monitor('home')}`,
      'b.yaml': `removed:\n  - name: "handed over"\n  - { name: legacy }\n`,
    });
    expect(r.diagnostics).toEqual([]);
    expect(r.state.removed).toEqual([
      { name: 'handed over', source: { file: 'b.yaml', line: 2, col: 5 } },
      { name: 'legacy', source: { file: 'b.yaml', line: 3, col: 5 } },
    ]);
  });

  it('a name still defined, a name a moved entry renames, a name twice, and a missing or unknown key are located errors', async () => {
    const r = await loadFiles({
      'a.yaml': `${DEFAULTS}monitors:\n${monitor('home')}${monitor('new')}moved:\n  - { from: old, to: new }\nremoved:\n  - name: home\n  - name: old\n  - name: twice\n  - name: twice\n  - nmae: typo\n`,
    });
    expect(where(r)).toEqual([
      'a.yaml:24:11 error removed.still_defined',
      'a.yaml:25:11 error removed.moved',
      'a.yaml:26:11 error removed.duplicate',
      'a.yaml:27:11 error removed.duplicate',
      'a.yaml:28:5 error schema.required',
      'a.yaml:28:5 error schema.additionalProperties',
    ]);
    const messages = r.diagnostics.map((d) => d.message);
    expect(messages[0]).toBe(
      'a monitor is still named "home"; remove it from monitors: to stop managing it, or remove this entry to keep managing it',
    );
    expect(messages[2]).toBe('"twice" is named by 2 removed entries; keep one (also at a.yaml:27:11)');
    expect(messages[5]).toContain('did you mean "name"?');
  });

  it('entries are per environment (environments:), and a for_each makes one per instance', async () => {
    const r = await loadFiles({
      'a.yaml': `${DEFAULTS}${ENVIRONMENTS}monitors:\n${monitor('home')}removed:\n  - name: "staging only"\n    environments: [staging]\n  - name: "api \${each.region}"\n    for_each:\n      region: \${var.regions}\n`,
    });
    expect(r.diagnostics).toEqual([]);
    expect(r.environments.map((e) => [e.name, e.state.removed?.map((x) => x.name)])).toEqual([
      ['staging', ['staging only', 'api eu-west']],
      ['production', ['api eu-west', 'api us-east']],
    ]);
  });

  it('a name still defined in one environment only is an error there, naming it', async () => {
    const r = await loadFiles({
      'a.yaml': `${DEFAULTS}${ENVIRONMENTS}monitors:\n  - name: admin\n    type: http\n    url: https://a.example.com/\n    environments: [production]\nremoved:\n  - name: admin\n`,
    });
    expect(r.diagnostics.map((d) => `${d.code}: ${d.message}`)).toEqual([
      'removed.still_defined: a monitor is still named "admin"; remove it from monitors: to stop managing it, or remove this entry to keep managing it (env=production)',
    ]);
  });
});
