// settings.defaults (issue 37, point 5): defaults every file of the set shares, under each
// file's own defaults: (the file wins key by key, the monitor over both), a wrong shared value
// reported once at its line in the settings file, and what the shared defaults cannot hold.
import { describe, expect, it } from 'vitest';
import { DEFAULTS, loadFiles, where } from './temp-dir.js';

/** DEFAULTS moved under settings: (indented two more). */
const SHARED = `settings:\n  ${DEFAULTS.trimEnd().replace(/\n/g, '\n  ')}\n`;

describe('settings.defaults', () => {
  it("every file of the set starts from them; a file's own defaults win key by key; a monitor's own fields over both", async () => {
    const r = await loadFiles({
      'settings.yaml': SHARED,
      'a.yaml':
        'defaults:\n  timeout_seconds: 20\nmonitors:\n  - name: aa\n    type: http\n    url: https://a.example.com/\n',
      'b.yaml': 'monitors:\n  - name: bb\n    type: http\n    url: https://b.example.com/\n    retry_count: 3\n',
    });
    expect(r.diagnostics).toEqual([]);
    const byName = Object.fromEntries(r.state.monitors.map((m) => [m.name, m.input]));
    expect(byName.aa).toMatchObject({ timeout_seconds: 20, interval_seconds: 300, retry_count: 1 });
    expect(byName.bb).toMatchObject({ timeout_seconds: 10, interval_seconds: 300, retry_count: 3 });
  });

  it('a wrong shared value is reported at its line in the settings file, once, not in every file using it', async () => {
    const r = await loadFiles({
      'settings.yaml': SHARED.replace('timeout_seconds: 10', 'timeout_seconds: 999'),
      'a.yaml': 'monitors:\n  - name: aa\n    type: http\n    url: https://a.example.com/\n',
      'b.yaml': 'monitors:\n  - name: bb\n    type: http\n    url: https://b.example.com/\n',
      'c.yaml':
        'defaults:\n  timeout_seconds: 10\nmonitors:\n  - name: cc\n    type: http\n    url: https://c.example.com/\n',
    });
    expect(where(r)).toEqual(['settings.yaml:5:22 error schema.maximum']);
    // c.yaml's monitor takes its own file's value: two monitors take the shared one.
    expect(r.diagnostics[0]?.message).toBe('timeout_seconds must be at most 60 (affects 2 monitors)');
  });

  it('a rule broken by a shared value (interval not enabled) is located in the settings file', async () => {
    const r = await loadFiles({
      'settings.yaml': SHARED.replace('interval_seconds: 300', 'interval_seconds: 61'),
      'a.yaml': 'monitors:\n  - name: aa\n    type: http\n    url: https://a.example.com/\n',
    });
    expect(where(r)).toEqual(['settings.yaml:4:23 error schema.minimum']);
  });

  it('an unknown key or a name in settings.defaults is reported there; a literal secret too', async () => {
    const r = await loadFiles({
      'settings.yaml': 'settings:\n  defaults:\n    name: x\n    timout_seconds: 5\n    auth_secret: hunter2\n',
    });
    expect(where(r)).toEqual([
      'settings.yaml:3:5 error schema.additionalProperties',
      'settings.yaml:4:5 error schema.additionalProperties',
      'settings.yaml:5:18 error secret.literal',
    ]);
    expect(r.diagnostics[1]?.message).toContain('did you mean "timeout_seconds"?');
    expect(JSON.stringify(r.diagnostics)).not.toContain('hunter2');
  });

  it('without settings.defaults, a file with no defaults misses its fields, said once', async () => {
    const r = await loadFiles({
      'settings.yaml': 'settings:\n  max_deletes: 5\n',
      'a.yaml': 'monitors:\n  - name: aa\n    type: http\n    url: https://a.example.com/\n',
    });
    expect(where(r)).toEqual(['a.yaml:2:5 error schema.required']);
    expect(r.diagnostics[0]?.message).toMatch(
      /^missing 12 required fields \(.*, \.\.\.\): set them here or in defaults:$/,
    );
  });
});
