// Item 8 of issue 40: the status page counts each environment apart (they are separate
// workspaces: one summary of both would hide which one is down), on the page of the
// screenshot in docs/reports.md; a name's markup keeps `eu-west-1` on one line and is the
// name, escaped, unchanged. (Wrapping and order are seen in Chromium: status-reports.test.ts.)
import { describe, expect, it } from 'vitest';
import { html } from '../../src/render/html-text.js';
import { nameMarkup } from '../../src/render/status-page/grid.js';
import { renderStatusPage } from '../../src/render/status-page/render-status-page.js';
import { screenshotPage } from './screenshot-page.js';

const NOW = new Date('2026-11-27T12:00:00Z');

/** `{down: 1, up: 20, ...}` of each summary list, in page order. */
function summaries(html: string): Record<string, number>[] {
  return [...html.matchAll(/<ul class="summary"[^>]*>([\s\S]*?)<\/ul>/g)].map((m) =>
    Object.fromEntries([...m[1]!.matchAll(/<b>(\d+)<\/b>([^<]+)<\/li>/g)].map((c) => [c[2]!, Number(c[1])])),
  );
}

describe('the status page of two environments', () => {
  it('has one summary per environment, under its heading, each counting only its own monitors', () => {
    const page = screenshotPage(NOW);
    const html = renderStatusPage(page);
    const found = summaries(html);
    expect(found).toHaveLength(2);
    page.environments.forEach((e, i) => {
      const counted = Object.values(found[i]!).reduce((a, b) => a + b, 0);
      expect(counted).toBe(e.rows.length);
      expect(found[i]!.down ?? 0).toBe(e.rows.filter((r) => r.category === 'down').length);
    });
    expect(found.map((s) => Object.values(s).reduce((a, b) => a + b, 0))).toEqual([12, 24]);
    expect(html.indexOf('<h2>Environment staging (12)</h2>')).toBeLessThan(html.indexOf('<ul class="summary"'));
  });
});

describe("a tile's name", () => {
  it('keeps short hyphenated words together, lets longer ones break, and is the escaped name', () => {
    expect(nameMarkup('api: orders eu-west-1 <b>')).toBe('api: orders <span class="nb">eu-west-1</span> &lt;b&gt;');
    const long = 'a-name-with-no-space-at-all-is-still-shown-whole';
    expect(nameMarkup(long)).toBe(long);
    for (const name of ['x-y  z-w', ' lead-ing', 'a & b-c <i> "q"', 'ü-€ 😀-x'])
      expect(nameMarkup(name).replace(/<\/?span[^>]*>/g, '')).toBe(html(name));
  });
});
