// References are parsed, not pattern-matched: a typo in one is an error at its `${`
// (ref.syntax, ref.unknown), never text in a monitor's value.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULTS, loadFiles, where } from './temp-dir.js';

const file = (fields: string, vars = 'vars:\n  domain: shop.example.com\n') =>
  `${DEFAULTS}${vars}monitors:\n  - name: api\n    type: http\n${fields}`;
/** 1-based line:col of the first `needle` in `text`. */
function at(text: string, needle: string): string {
  const lines = text.split('\n');
  const i = lines.findIndex((l) => l.includes(needle));
  return `${i + 1}:${lines[i]!.indexOf(needle) + 1}`;
}

describe('references in the loader', () => {
  it('`vars.` for `var.` is ref.unknown at its ${, with did you mean', async () => {
    const text = file('    url: https://www.${vars.domain}/\n');
    const r = await loadFiles({ 'a.yaml': text });
    expect(where(r)).toEqual([`a.yaml:${at(text, '${vars')} error ref.unknown`]);
    expect(r.diagnostics[0]?.message).toContain('did you mean ${var.domain}?');
  });

  it('an unclosed reference is ref.syntax at its ${', async () => {
    const text = file('    url: https://www.${var.domain/x\n');
    const r = await loadFiles({ 'a.yaml': text });
    expect(where(r)).toEqual([`a.yaml:${at(text, '${var')} error ref.syntax`]);
  });

  it('an unclosed reference in auth_secret is ref.syntax, not secret.literal, and quotes nothing of it', async () => {
    const text = file('    url: https://www.example.com/\n    auth_type: bearer\n    auth_secret: ${var.api_token\n');
    const r = await loadFiles({ 'a.yaml': text }, { env: {} });
    expect(where(r)).toEqual([`a.yaml:${at(text, '${var.api')} error ref.syntax`]);
    expect(r.diagnostics[0]?.message).toBe(
      'auth_secret holds a reference that is not closed (no } after its ${); the value is not shown (it may be a secret): write one whole ${env:NAME}, or ${var.NAME} holding one',
    );
    // What looked like a reference may be the secret itself: none of it is shown.
    const secret = file(
      '    url: https://www.example.com/\n    auth_type: bearer\n    auth_secret: "hunter2${oops}"\n',
    );
    const s = await loadFiles({ 'a.yaml': secret }, { env: {} });
    expect(s.diagnostics.map((d) => d.code)).toEqual(['ref.unknown']);
    expect(JSON.stringify(s.diagnostics)).not.toMatch(/hunter2|oops/);
  });

  it('a var name typo says the declared var', async () => {
    const text = file('    url: https://www.${var.domian}/\n');
    const r = await loadFiles({ 'a.yaml': text });
    expect(where(r)).toEqual([`a.yaml:${at(text, '${var.domian}')} error ref.unknown`]);
    expect(r.diagnostics[0]?.message).toContain('did you mean "domain"?');
  });

  it('$${ is a literal ${, and a host still holding template text is refused', async () => {
    const body = file('    url: https://www.example.com/\n    body: "cost: $${var.domain}"\n');
    const ok = await loadFiles({ 'a.yaml': body });
    expect(ok.diagnostics).toEqual([]);
    expect(ok.state.monitors[0]?.input.body).toBe('cost: ${var.domain}');
    const host = file('    url: https://www.$${var.domain}/\n');
    const r = await loadFiles({ 'a.yaml': host });
    expect(where(r)).toEqual([`a.yaml:${at(host, 'https')} error rule.url_invalid`]);
    expect(r.diagnostics[0]?.message).toContain('template text');
  });

  it('a malformed reference in settings and in a var value is reported too', async () => {
    const settings = `settings:\n  api_url: http://\${env:API_HOST\n`;
    const r = await loadFiles({ 'settings.yaml': settings });
    expect(where(r)).toEqual([`settings.yaml:2:19 error ref.syntax`]);
    const viaVar = file('    url: https://www.${var.domain}/\n', 'vars:\n  domain: ${vars.zone}\n');
    const v = await loadFiles({ 'a.yaml': viaVar });
    expect(v.diagnostics.map((d) => d.code)).toEqual(['ref.unknown']);
  });

  it('property: random $, { and } in string fields never reach a monitor unreported', async () => {
    const piece = fc.constantFrom(
      '$',
      '{',
      '}',
      '${',
      '$${',
      'var.',
      'vars.',
      'env:',
      'each.',
      'domain',
      'x',
      '/',
      ' ',
    );
    const value = fc.array(piece, { minLength: 1, maxLength: 8 }).map((p) => p.join(''));
    await fc.assert(
      fc.asyncProperty(value, value, async (inUrl, inBody) => {
        const text = file(
          `    url: ${JSON.stringify(`https://www.example.com/${inUrl}`)}\n    body: ${JSON.stringify(inBody)}\n    group: ${JSON.stringify(inBody + inUrl)}\n`,
        );
        const r = await loadFiles({ 'a.yaml': text });
        if (r.diagnostics.some((d) => d.severity === 'error')) return;
        const monitor = r.state.monitors[0]!;
        for (const [written, field] of [
          [`https://www.example.com/${inUrl}`, 'url'],
          [inBody, 'body'],
          [inBody + inUrl, 'group'],
        ] as const) {
          const sent = String(monitor.input[field]);
          // Every ${ left in a value is one the text escaped as $${.
          expect(sent.split('${').length - 1).toBeLessThanOrEqual(written.split('$${').length - 1);
        }
      }),
      { numRuns: 40 },
    );
  });
});
