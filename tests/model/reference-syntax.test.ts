import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseReferences } from '../../src/model/reference-syntax.js';

const problems = (text: string, vars: string[] = []) =>
  parseReferences(text, { vars: new Set(vars) }).problems.map((p) => [p.code, p.start, p.text, p.message]);
const codes = (text: string) => parseReferences(text).problems.map((p) => `${p.code}@${p.start}`);

describe('the reference grammar', () => {
  it('reads the three kinds, and $${ as a literal ${', () => {
    const parsed = parseReferences('https://${var.host}/${each.path}?t=${env:TOKEN}&x=$${var.kept}');
    expect(parsed.problems).toEqual([]);
    expect(parsed.references.map((r) => [r.kind, r.name, r.start, r.end])).toEqual([
      ['var', 'host', 8, 19],
      ['each', 'path', 20, 32],
      ['env', 'TOKEN', 35, 47],
    ]);
    expect(parsed.pieces.filter((p) => 'text' in p)).toEqual([
      { text: 'https://' },
      { text: '/' },
      { text: '?t=' },
      { text: '&x=${var.kept}' },
    ]);
  });

  it('reads escapes left to right: $$${ is a $ and then a literal ${', () => {
    expect(parseReferences('a$$${b}').pieces).toEqual([{ text: 'a$${b}' }]);
    expect(parseReferences('$${').pieces).toEqual([{ text: '${' }]);
    expect(parseReferences('no reference $ { } here').pieces).toEqual([{ text: 'no reference $ { } here' }]);
  });

  it('an unknown kind is ref.unknown at its ${, with the kind meant', () => {
    expect(problems('https://www.${vars.domain}/')).toEqual([
      [
        'ref.unknown',
        12,
        '${vars.domain}',
        '"${vars.domain}" is not a reference: there is no kind "vars"; did you mean ${var.domain}?',
      ],
    ]);
    expect(codes('${ENV:TOKEN}')).toEqual(['ref.unknown@0']);
    expect(problems('${secret.x}')[0]?.[3]).toContain('write ${var.NAME}, ${each.KEY} or ${env:NAME}');
  });

  it('a bare name is ref.unknown, and a declared var of that name is suggested', () => {
    expect(problems('x ${domain}', ['domain'])[0]?.slice(0, 2)).toEqual(['ref.unknown', 2]);
    expect(problems('x ${domain}', ['domain'])[0]?.[3]).toContain('did you mean ${var.domain}?');
  });

  it('an unclosed reference is ref.syntax at its ${, and says where the brace goes', () => {
    expect(problems('https://www.${var.domain/x')).toEqual([
      [
        'ref.syntax',
        12,
        '${var.domain/x',
        '"${var.domain/x" is not closed: a reference ends with }; did you mean ${var.domain}/x? (write $${ for a literal ${)',
      ],
    ]);
    expect(codes('${var.api_token')).toEqual(['ref.syntax@0']);
    // One missing brace is one error: the next reference is read on its own.
    expect(codes('${var.a ${var.b}')).toEqual(['ref.syntax@0']);
    expect(parseReferences('${var.a ${var.b}').references.map((r) => r.name)).toEqual(['b']);
  });

  it('a malformed reference is ref.syntax: empty, spaced, wrong separator, bad name', () => {
    expect(codes('${}')).toEqual(['ref.syntax@0']);
    expect(problems('${ var.x }')[0]?.[3]).toContain('write ${var.x}');
    expect(problems('${env.TOKEN}')[0]?.[3]).toContain('write ${env:TOKEN}');
    expect(problems('${var:x}')[0]?.[3]).toContain('write ${var.x}');
    expect(codes('a ${env:9X} ${var.a-b}')).toEqual(['ref.syntax@2', 'ref.syntax@12']);
  });

  it('property: the text of a string without problems holds no ${ but from $${ escapes', () => {
    const pieces = fc.constantFrom('$', '{', '}', '$$', '${', '$${', 'var.', 'env:', 'each.', 'x', '.', ':', ' ');
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 12 }), (parts) => {
        const text = parts.join('');
        const parsed = parseReferences(text);
        if (parsed.problems.length > 0) return;
        const escapes = text.split('$${').length - 1;
        const literal = parsed.pieces.map((p) => ('text' in p ? p.text : '')).join('');
        expect(literal.split('${').length - 1).toBeLessThanOrEqual(escapes);
      }),
      { numRuns: 200 },
    );
  });
});
