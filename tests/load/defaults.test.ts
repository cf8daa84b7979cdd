import { describe, expect, it } from 'vitest';
import { DEFAULTS, loadFiles, where } from './temp-dir.js';

describe('defaults', () => {
  it("a monitor's own fields win over the file defaults, an explicit null included", async () => {
    const r = await loadFiles({
      'a.yaml': `${DEFAULTS.replace('auth_type: none', 'auth_type: none\n  group: web\n  tags: a,b')}monitors:\n  - name: own\n    type: http\n    url: https://a.example.com/\n    timeout_seconds: 30\n    group: null\n`,
    });
    expect(r.diagnostics).toEqual([]);
    expect(r.state.monitors[0]?.input).toMatchObject({ timeout_seconds: 30, retry_count: 1, group: null, tags: 'a,b' });
  });

  it('keeps values as written (no normalisation) and leaves the pin out of the input', async () => {
    const r = await loadFiles({
      'a.yaml': `${DEFAULTS}monitors:\n  - name: pinned\n    id: 01HZ8X3Q4R5S6T7V8W9XYZABCD\n    type: http\n    url: https://a.example.com/\n    headers: null\n`,
    });
    expect(r.diagnostics).toEqual([]);
    const m = r.state.monitors[0];
    expect(m?.pinnedId).toBe('01HZ8X3Q4R5S6T7V8W9XYZABCD');
    expect(m?.input).not.toHaveProperty('id');
    expect(m?.input.headers).toBeNull();
  });

  it('a bad id pin is reported at the pin', async () => {
    const r = await loadFiles({
      'a.yaml': `${DEFAULTS}monitors:\n  - name: pinned\n    id: not-an-id\n    type: http\n    url: https://a.example.com/\n`,
    });
    expect(where(r)).toEqual(['a.yaml:16:9 error schema.pattern']);
  });

  it('defaults apply only inside their own file; the missing fields are said once', async () => {
    const r = await loadFiles({
      'a.yaml': `${DEFAULTS}monitors: []\n`,
      'b.yaml': 'monitors:\n  - name: lonely\n    type: http\n    url: https://a.example.com/\n',
    });
    expect(where(r)).toEqual(['b.yaml:2:5 error schema.required']);
    expect(r.diagnostics[0]?.message).toBe(
      'missing 12 required fields (method, interval_seconds, timeout_seconds, retry_count, ...): set them here or in defaults:',
    );
  });

  it('one missing field keeps its own message', async () => {
    const r = await loadFiles({ 'a.yaml': `${DEFAULTS}monitors:\n  - name: no url\n    type: http\n` });
    expect(r.diagnostics.map((d) => d.message)).toEqual(['missing required field "url"']);
  });

  it('defaults may not hold a name, and unknown defaults are reported once even when unused', async () => {
    const r = await loadFiles({ 'a.yaml': 'defaults:\n  name: shared\n  timout_seconds: 5\nmonitors: []\n' });
    expect(where(r)).toEqual([
      'a.yaml:2:3 error schema.additionalProperties',
      'a.yaml:3:3 error schema.additionalProperties',
    ]);
    expect(r.diagnostics.map((d) => d.message)).toEqual([
      'name cannot be a default: each monitor needs its own name',
      'unknown field "timout_seconds"; did you mean "timeout_seconds"?',
    ]);
  });

  it('fields that a type ignores are warned about when the entry writes them, not when defaults do', async () => {
    const r = await loadFiles({
      'a.yaml': `${DEFAULTS.replace('auth_type: none', 'auth_type: none\n  keyword: shared')}monitors:\n  - name: pinger\n    type: ping\n    url: a.example.com\n  - name: porter\n    type: ping\n    url: a.example.com\n    port: 80\n`,
    });
    expect(where(r)).toEqual(['a.yaml:22:11 warning lint.ignored_field']);
    expect(r.diagnostics[0]?.message).toBe('port is ignored by monitors of type "ping"');
    expect(r.state.monitors).toHaveLength(2);
  });

  it('an odd number of hex digits in a udp payload is a warning at the value, not an error', async () => {
    const r = await loadFiles({
      'a.yaml': `${DEFAULTS}monitors:\n  - name: time server\n    type: udp\n    url: ntp.example.com\n    port: 123\n    udp_payload: e30004f\n`,
    });
    expect(where(r)).toEqual(['a.yaml:19:18 warning lint.hex_odd_length']);
    expect(r.state.monitors).toHaveLength(1);
  });
});
