import { describe, expect, it } from 'vitest';
import { DEFAULTS, loadFiles, where } from './temp-dir.js';

// DEFAULTS is 13 lines, so `monitors:` is line 14 and the first item starts on line 15.
describe('diagnostics point at the offending key or value', () => {
  it('an unknown field: its key, with a did-you-mean', async () => {
    const r = await loadFiles({
      'a.yaml': `${DEFAULTS}monitors:\n  - name: home\n    type: http\n    url: https://shop.example.com/\n    timeout_secs: 5\n`,
    });
    expect(where(r)).toEqual(['a.yaml:18:5 error schema.additionalProperties']);
    expect(r.diagnostics[0]?.message).toBe('unknown field "timeout_secs"; did you mean "timeout_seconds"?');
  });

  it('a bad value: the value', async () => {
    const r = await loadFiles({
      'a.yaml': `${DEFAULTS}monitors:\n  - name: home\n    type: http\n    url: https://shop.example.com/\n    retry_count:   9\n`,
    });
    expect(where(r)).toEqual(['a.yaml:18:20 error schema.maximum']);
    expect(r.diagnostics[0]?.message).toBe('retry_count must be at most 5');
  });

  it('a missing required field: the item', async () => {
    const r = await loadFiles({
      'a.yaml': `${DEFAULTS}monitors:\n  - name: one\n    type: http\n    url: https://shop.example.com/\n  -   name: home\n      type: http\n`,
    });
    expect(where(r)).toEqual(['a.yaml:18:7 error schema.required']);
    expect(r.diagnostics[0]?.message).toBe('missing required field "url"');
  });

  it('a bad value that came from defaults: the defaults value, reported once for all monitors', async () => {
    const text = `${DEFAULTS.replace('timeout_seconds: 10', 'timeout_seconds: 61')}monitors:\n  - name: one\n    type: http\n    url: https://a.example.com/\n  - name: two\n    type: http\n    url: https://b.example.com/\n`;
    const r = await loadFiles({ 'a.yaml': text });
    expect(where(r)).toEqual(['a.yaml:4:20 error schema.maximum']);
  });

  it('a rule about a field: that field (from the item), or the item when the field is missing', async () => {
    const r = await loadFiles({
      'a.yaml': `${DEFAULTS}monitors:\n  - name: one\n    type: http\n    url: https://a.example.com/\n    expected_status_max: 199\n  - name: two\n    type: tcp\n    url: db.example.com\n`,
    });
    expect(where(r)).toEqual(['a.yaml:18:26 error rule.status_range', 'a.yaml:19:5 error rule.required_for_type']);
  });

  it('a wrong type for a list item and an enum near miss', async () => {
    const r = await loadFiles({
      'a.yaml': `${DEFAULTS}monitors:\n  - name: one\n    type: htp\n    url: https://a.example.com/\n  - 42\n`,
    });
    expect(where(r)).toEqual(['a.yaml:16:11 error schema.enum', 'a.yaml:18:5 error schema.type']);
    expect(r.diagnostics.map((d) => d.message)).toEqual([
      'type must be one of: "http", "keyword", "json", "ping", "tcp", "udp", "dns", "ssl", "domain", "heartbeat"; did you mean "http"?',
      'monitors[1] must be a mapping',
    ]);
  });

  it('an empty value (`key:`) points at its key', async () => {
    const r = await loadFiles({ 'a.yaml': `${DEFAULTS}monitors:\n  - name: one\n    type: http\n    url:\n` });
    expect(where(r)).toEqual(['a.yaml:17:5 error schema.type']);
  });

  it('reports every problem at once, in file order', async () => {
    const r = await loadFiles({
      'a.yaml': `${DEFAULTS}monitors:\n  - name: x\n    type: http\n    url: http://localhost/\n    methd: GET\n  - name: two\n    type: ping\n    url: 10.0.0.1\n    port: 0\n`,
    });
    expect(where(r)).toEqual([
      'a.yaml:15:11 error schema.minLength',
      'a.yaml:17:10 error rule.private_destination',
      'a.yaml:18:5 error schema.additionalProperties',
      'a.yaml:21:10 error rule.private_destination',
      'a.yaml:22:11 error schema.minimum',
      'a.yaml:22:11 warning lint.ignored_field',
    ]);
  });

  it('a valid file gives each monitor its source position, in block or flow style', async () => {
    const item = '{name: two, type: http, url: "https://a.example.com/"}';
    const r = await loadFiles({
      'a.yaml': `${DEFAULTS}monitors:\n- name: one\n  type: http\n  url: https://a.example.com/\n-\n  # a comment\n  ${item}\n`,
      'b.yaml': `${DEFAULTS}monitors: [${item.replace('two', 'three')}]\n`,
    });
    expect(r.diagnostics).toEqual([]);
    expect(r.state.monitors.map((m) => `${m.name} ${m.source.file}:${m.source.line}:${m.source.col}`)).toEqual([
      'one a.yaml:15:3',
      'two a.yaml:20:3',
      'three b.yaml:14:12',
    ]);
  });
});
