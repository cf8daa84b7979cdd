// The three views of a check report.
import { describe, expect, it } from 'vitest';
import { CHECK_FORMAT_VERSION, type CheckReport, type CheckResult } from '../../src/check/types.js';
import { summarize } from '../../src/render/check-common.js';
import { renderCheckJson } from '../../src/render/check-json.js';
import { renderCheckMarkdown } from '../../src/render/check-markdown.js';
import { renderCheckText } from '../../src/render/check-text.js';

const result = (
  name: string,
  status: CheckResult['status'],
  reason: string,
  extra: Partial<CheckResult> = {},
): CheckResult => ({
  name,
  type: 'http',
  target: `https://${name.replace(/\W+/g, '-')}.example.com/`,
  status,
  reason,
  ...(status === 'not_checked' ? {} : { duration_ms: 12 }),
  attempts: 1,
  source: { file: 'monitors/a.yaml', line: 3, col: 5 },
  ...extra,
});

const report = (results: CheckResult[], notes: string[] = []): CheckReport => ({
  format_version: CHECK_FORMAT_VERSION,
  environment: null,
  summary: summarize(results),
  results,
  notes,
});

const SAMPLE = report([
  result('home', 'up', 'status 200 in 12 ms'),
  result('cart', 'down', 'status 503, expected 200-299 (2 attempts)', { attempts: 2 }),
  result('cdn', 'not_checked', 'not checked from here: ping ...', { type: 'ping', target: 'cdn.example.com' }),
  result('search', 'degraded', 'status 200 in 2612 ms, slower than slow_threshold_ms 2500'),
]);

describe('check text', () => {
  it('lists problems first, then the summary', () => {
    expect(renderCheckText(SAMPLE, { color: false })).toBe(
      [
        'down         cart (http https://cart.example.com/): status 503, expected 200-299 (2 attempts)',
        'degraded     search (http https://search.example.com/): status 200 in 2612 ms, slower than slow_threshold_ms 2500',
        'not checked  cdn (ping cdn.example.com): not checked from here: ping ...',
        'up           home (http https://home.example.com/): status 200 in 12 ms',
        '',
        'Check: 1 up, 1 degraded, 1 down, 1 not checked.',
        '',
      ].join('\n'),
    );
  });

  it('colours the status on a terminal, and never prints raw control characters', () => {
    const text = renderCheckText(report([result('evil\u001b]0;title\u0007', 'down', 'bad\u001b[2J')]), { color: true });
    expect(text).toContain('\u001b[31mdown');
    expect(text).toContain('evil\\u001b]0;title\\u0007');
    expect(text).toContain('bad\\u001b[2J');
    expect(text.replace(/\u001b\[(31|0)m/g, '')).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
  });

  it('says when there is nothing to check', () => {
    expect(renderCheckText(report([], ['--changed: nothing to check.']), { color: false })).toBe(
      '--changed: nothing to check.\n\nNothing to check.\n',
    );
  });
});

describe('check markdown', () => {
  it('puts the summary above a table, opened when something is down or degraded', () => {
    const md = renderCheckMarkdown(SAMPLE);
    expect(md.split('\n').slice(0, 7)).toEqual([
      '**Check: 1 up, 1 degraded, 1 down, 1 not checked.**',
      '',
      '<details open>',
      '<summary>Show 4 checks</summary>',
      '',
      '| Status | Monitor | Check | Result |',
      '|---|---|---|---|',
    ]);
    expect(md).toContain(
      '| 🔴 down | `cart` | http `https://cart.example.com/` | status 503, expected 200-299 (2 attempts) |',
    );
    expect(renderCheckMarkdown(report([result('home', 'up', 'ok')]))).toContain('<details>\n');
  });

  it('names its environment in the summary line, as the Markdown plan does; the text view does not', () => {
    const staging = { ...report([result('home', 'up', 'ok')]), environment: 'staging' };
    expect(renderCheckMarkdown(staging).split('\n')[0]).toBe(
      '**Check in staging: 1 up, 0 degraded, 0 down, 0 not checked.**',
    );
    expect(renderCheckMarkdown({ ...report([]), environment: 'staging' })).toBe('**Nothing to check in staging.**\n');
    expect(renderCheckText(staging, { color: false })).toContain('\nCheck: 1 up, 0 degraded, 0 down, 0 not checked.\n');
  });

  it('escapes names and reasons that would break the table or format text', () => {
    const md = renderCheckMarkdown(report([result('a|b `c`', 'down', 'x | <b>y</b> *z*')]));
    expect(md).toContain('| `` a\\|b `c` `` |');
    expect(md).toContain('| x \\| \\<b\\>y\\</b\\> \\*z\\* |');
  });

  it('stays within its budget, leaving out the least severe results', () => {
    const many = report(
      Array.from({ length: 400 }, (_, i) =>
        result(`monitor number ${i}`, i < 3 ? 'down' : 'up', 'status 200 in 12 ms'),
      ),
    );
    const md = renderCheckMarkdown(many, 4000);
    expect(md.length).toBeLessThan(4600);
    expect(md).toContain('`monitor number 0`');
    expect(md).toMatch(
      /\*\*Cut to fit a comment:\*\* \d+ results left out \(the least severe\); the job log has them all\./,
    );
  });
});

describe('check json', () => {
  it('is the versioned report, results in YAML order', () => {
    const parsed = JSON.parse(renderCheckJson(SAMPLE));
    expect(parsed.format_version).toBe(1);
    expect(parsed.summary).toEqual({ up: 1, degraded: 1, down: 1, not_checked: 1 });
    expect(parsed.results.map((r: CheckResult) => r.name)).toEqual(['home', 'cart', 'cdn', 'search']);
    expect(parsed.results[2]).not.toHaveProperty('duration_ms');
  });
});
