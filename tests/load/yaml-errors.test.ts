import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../../src/load/files/read-file.js';
import { DEFAULTS, loadFiles, tempDir, where } from './temp-dir.js';
import { loadDesiredState } from '../../src/load/index.js';
import { exactParse } from '../../src/load/parse/exact-parse.js';
import { LineCounter, parseAllDocuments } from 'yaml';

const ITEM = '  - name: home\n    type: http\n    url: https://shop.example.com/\n';

describe('YAML problems, each with its exact line and column', () => {
  it.each([
    ['a duplicate key', 'monitors:\n  - name: home\n    name: again\n', 'a.yaml:3:5 error yaml.duplicate_key'],
    ['a tab used as indentation', 'monitors:\n\t- name: home\n', 'a.yaml:2:1 error yaml.tab_as_indent'],
    ['an unterminated flow sequence', 'monitors: [\n  {name: home}\n', 'a.yaml:1:11 error yaml.unclosed_bracket'],
    ['an unterminated quoted string', 'monitors:\n  - name: "home\n', 'a.yaml:2:11 error yaml.unclosed_quote'],
    [
      'a mapping nested in a compact mapping',
      'monitors:\n  - name: home type: http\n',
      'a.yaml:2:11 error yaml.needs_quotes',
    ],
    ['an unknown tag', 'monitors:\n  - name: !secret home\n', 'a.yaml:2:11 error yaml.tag_resolve_failed'],
    ['an alias to an unknown anchor', 'monitors:\n  - *missing\n', 'a.yaml:2:5 error yaml.bad_alias'],
  ])('%s', async (_label, text, expected) => {
    const r = await loadFiles({ 'a.yaml': text });
    expect(where(r)[0]).toBe(expected);
  });

  it.each([
    'monitors:\n  - name: home\n    name: again\n    name: third\n',
    'a: 1\n"a": 2\n\'a\': 3\nb: {x: 1, "x": 2, y: [ {z: 1, z: 2} ]}\n',
    '1: a\n"1": b\n1: c\ntrue: x\ntrue: y\nnull: 1\n~: 2\n',
    '? [x]\n: 1\n? [x]\n: 2\n? {a: 1}\n: 3\n<<: 1\n<<: 2\n',
    'monitors:\n  - &m {name: a, name: b}\n  - *m\n',
  ])("finds duplicate keys exactly where yaml's own uniqueKeys check does: %j", async (text) => {
    const lineCounter = new LineCounter();
    const oracle = parseAllDocuments(text, {
      version: '1.2',
      schema: 'core',
      merge: false,
      uniqueKeys: true,
      lineCounter,
      logLevel: 'error',
    });
    const expected = (Array.isArray(oracle) ? oracle : [])
      .flatMap((doc) => doc.errors)
      .filter((e) => e.code === 'DUPLICATE_KEY')
      .map((e) => lineCounter.linePos(e.pos[0]));
    const ours = (await exactParse(text)).problems.filter((p) => p.code === 'yaml.duplicate_key').map((p) => p.pos);
    expect(expected.length).toBeGreaterThan(0);
    expect(ours).toEqual(expected);
  });

  it('a map with 20,000 keys is checked for repeats (one found, at its place)', async () => {
    const keys = Array.from({ length: 20_000 }, (_, i) => `k${i}: 1\n`).join('');
    const problems = (await exactParse(`${keys}k7: 2\n`)).problems;
    expect(problems).toEqual([
      {
        pos: { line: 20_001, col: 1 },
        code: 'yaml.duplicate_key',
        message: '"k7" is set twice in this mapping (first on line 8); keep one',
      },
    ]);
  });

  it('more than one document is refused, pointing at the second', async () => {
    const r = await loadFiles({ 'a.yaml': `${DEFAULTS}monitors:\n${ITEM}---\nmonitors: []\n` });
    expect(where(r)).toEqual(['a.yaml:18:1 error yaml.multiple_documents']);
    expect(r.diagnostics[0]?.message).toBe(
      'this file holds 2 YAML documents; put one document (one set of monitors) per file',
    );
  });

  it('a leading --- and a trailing ... are fine (one document)', async () => {
    const r = await loadFiles({ 'a.yaml': `---\n${DEFAULTS}monitors:\n${ITEM}...\n` });
    expect(r.diagnostics).toEqual([]);
    expect(r.state.monitors[0]?.source).toEqual({ file: 'a.yaml', line: 16, col: 5 });
  });

  it('aliases that expand too far are refused (billion laughs), at the first alias', async () => {
    const lol = [
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]',
      'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]',
      'd: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]',
    ];
    const r = await loadFiles({ 'a.yaml': `${lol.join('\n')}\n` }, { paths: ['a.yaml'] });
    expect(where(r)).toEqual(['a.yaml:2:8 error yaml.alias_limit']);
  });

  it('a few anchors and aliases are fine and mean what yaml says', async () => {
    const r = await loadFiles({
      'a.yaml': `${DEFAULTS}monitors:\n  - name: home\n    type: http\n    url: &u https://shop.example.com/\n  - name: home again\n    type: keyword\n    keyword: Welcome\n    url: *u\n`,
    });
    expect(r.diagnostics).toEqual([]);
    expect(r.state.monitors.map((m) => m.input.url)).toEqual([
      'https://shop.example.com/',
      'https://shop.example.com/',
    ]);
  });

  it('a YAML merge key (<<) gets a pointer to defaults:', async () => {
    const r = await loadFiles({ 'a.yaml': `monitors:\n  - <<: {type: http}\n    name: home\n` });
    expect(r.diagnostics.find((d) => d.code === 'schema.additionalProperties')?.message).toContain(
      'merge keys (<<) are not supported',
    );
  });

  it('a merge key is one error, not one "missing required field" per field it was meant to bring', async () => {
    const r = await loadFiles({
      'a.yaml': `x: &base {method: GET}\nmonitors:\n  - <<: *base\n    name: home\n    type: http\n    url: https://a.example.com/\n`,
    });
    expect(where(r)).toEqual([
      'a.yaml:1:1 error schema.additionalProperties',
      'a.yaml:3:5 error schema.additionalProperties',
    ]);
  });

  it.each([
    [
      'follow_redirects: yes',
      'follow_redirects must be true or false (YAML 1.2 reads yes/no/on/off and quoted words as text: write true or false, without quotes)',
    ],
    [
      'follow_redirects: "true"',
      'follow_redirects must be true or false (YAML 1.2 reads yes/no/on/off and quoted words as text: write true or false, without quotes)',
    ],
    ['timeout_seconds: "10"', 'timeout_seconds must be an integer (write the number without quotes)'],
    ['timeout_seconds: 10.5', 'timeout_seconds must be an integer (a whole number)'],
    ['tags: [a, b]', 'tags must be a string or null (for a list of labels, write them comma-separated: "a, b")'],
    ['group: [a]', 'group must be a string or null'],
  ])('a type error names the usual slip: %s', async (line, message) => {
    const r = await loadFiles({
      'a.yaml': `${DEFAULTS}monitors:\n  - name: home\n    type: http\n    url: https://a.example.com/\n    ${line}\n`,
    });
    expect(r.diagnostics.map((d) => d.message)).toEqual([message]);
  });

  it.each([
    ['an empty file', '', 'a.yaml:1:1 error file.empty'],
    ['a file of comments only', '# nothing yet\n', 'a.yaml:1:1 error file.empty'],
    ['a list at the top level', '- name: home\n', 'a.yaml:1:1 error file.not_mapping'],
    ['a scalar at the top level', 'hello\n', 'a.yaml:1:1 error file.not_mapping'],
    ['a mapping without monitors:', 'monitor:\n  - name: home\n', 'a.yaml:1:1 error file.no_monitors'],
  ])('%s', async (_label, text, expected) => {
    // Named explicitly: a folder search skips a file that is not a monitors file.
    const r = await loadFiles({ 'a.yaml': text }, { paths: ['a.yaml'] });
    expect(where(r)).toContain(expected);
  });

  it('a file without monitors: also gets "did you mean" for its near miss', async () => {
    const r = await loadFiles({ 'a.yaml': 'monitor:\n  - name: home\n' });
    expect(where(r)).toEqual(['a.yaml:1:1 error schema.additionalProperties', 'a.yaml:1:1 error file.no_monitors']);
    expect(r.diagnostics[0]?.message).toBe('unknown field "monitor"; did you mean "monitors"?');
  });

  it('a file over the size limit is refused before it is parsed', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'big.yaml'), `monitors: []\n#${'x'.repeat(MAX_FILE_BYTES)}\n`);
    const r = await loadDesiredState(['.'], { env: {}, cwd: dir });
    expect(where(r)).toEqual(['big.yaml:1:1 error file.too_large']);
  });

  it.skipIf(process.getuid?.() === 0)('an unreadable file is one clear diagnostic', async () => {
    const dir = tempDir({ 'a.yaml': 'monitors: []\n' });
    chmodSync(path.join(dir, 'a.yaml'), 0o000);
    const r = await loadDesiredState(['.'], { env: {}, cwd: dir });
    expect(where(r)).toEqual(['a.yaml:1:1 error file.unreadable']);
  });

  it('a byte-order mark does not shift columns', async () => {
    const r = await loadFiles({ 'a.yaml': `\uFEFFmonitors:\n  - name: home\n    type: htp\n` });
    expect(where(r)).toContain('a.yaml:3:11 error schema.enum');
  });

  it('CRLF line ends give the same positions', async () => {
    const r = await loadFiles({ 'a.yaml': 'monitors:\r\n  - name: home\r\n    type: htp\r\n' });
    expect(where(r)).toContain('a.yaml:3:11 error schema.enum');
  });

  it('lone CR line ends (classic Mac) are line breaks, as YAML 1.2 says: same meaning and positions as LF', async () => {
    const lf = `${DEFAULTS}monitors:\n${ITEM}`;
    const cr = await loadFiles({ 'a.yaml': lf.replace(/\n/g, '\r') });
    expect(cr.diagnostics).toEqual([]);
    expect(cr.state.monitors.map((m) => [m.name, m.input.url, m.source])).toEqual([
      ['home', 'https://shop.example.com/', { file: 'a.yaml', line: 15, col: 5 }],
    ]);
    const typo = await loadFiles({ 'a.yaml': 'monitors:\r  - name: home\r    type: htp\r' });
    expect(where(typo)).toContain('a.yaml:3:11 error schema.enum');
  });
});

describe('bytes that are not UTF-8', () => {
  const loadBytes = async (bytes: Buffer) => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'a.yaml'), bytes);
    return loadDesiredState(['.'], { env: {}, cwd: dir });
  };

  it('a Latin-1 byte is refused at its line and column, not read as U+FFFD', async () => {
    const r = await loadBytes(
      Buffer.concat([Buffer.from('\uFEFFmonitors:\n  - name: \u00e9t\u00e9 '), Buffer.from([0xe9]), Buffer.from('\n')]),
    );
    expect(where(r)).toEqual(['a.yaml:2:15 error file.not_utf8']);
    expect(r.diagnostics[0]?.message).toBe(
      'this is not UTF-8 text (an encoding such as Latin-1 or Windows-1252?); save the file as UTF-8',
    );
  });

  it('a UTF-16 file is named as such', async () => {
    const r = await loadBytes(Buffer.from('\uFEFFmonitors: []\n', 'utf16le'));
    expect(r.diagnostics.map((d) => `${d.line}:${d.col} ${d.code} ${d.message}`)).toEqual([
      '1:1 file.not_utf8 the file is UTF-16 text; save the file as UTF-8',
    ]);
  });

  it('a U+FFFD written as UTF-8 is text like any other', async () => {
    const r = await loadBytes(
      Buffer.from(`${DEFAULTS}monitors:\n  - name: home \uFFFD\n    type: http\n    url: https://a.example.com/\n`),
    );
    expect(r.diagnostics).toEqual([]);
    expect(r.state.monitors[0]?.name).toBe('home \uFFFD');
  });
});

describe('keys that are names of Object methods', () => {
  it.each(['toString', 'valueOf', 'constructor', 'hasOwnProperty'])(
    'a key %s is an unknown field, not a crash',
    async (key) => {
      const r = await loadFiles({
        'a.yaml': `${DEFAULTS}monitors:\n  - name: home\n    type: http\n    url: https://a.example.com/\n    ${key}: 1\n`,
      });
      expect(where(r)).toEqual([`a.yaml:${DEFAULTS.split('\n').length + 4}:5 error schema.additionalProperties`]);
    },
  );
});
