// The mistakes people make when they write YAML by hand, each reported once, at the
// mistake, in plain words that say what to write instead: not the parser's account of
// where it got lost (tests/load/yaml-errors.test.ts holds the rarer syntax problems).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { explainSyntaxErrors, PARSE_BUDGET } from '../../src/load/syntax/explain.js';
import type { LoadResult } from '../../src/load/index.js';
import type { RawSyntaxError } from '../../src/load/syntax/types.js';
import { DEFAULTS, loadFiles } from './temp-dir.js';

// Lines 14 to 21: `monitors:` and two monitors.
const FILE = `${DEFAULTS}monitors:
  - name: home
    type: http
    url: https://shop.example.com/
  - name: search
    type: keyword
    keyword: Results
    url: https://shop.example.com/search
`;

/** FILE with lines replaced (1-based line number -> new text; '' deletes nothing, it empties the line). */
function edited(changes: Record<number, string>, text = FILE): string {
  const lines = text.split('\n');
  for (const [n, line] of Object.entries(changes)) lines[Number(n) - 1] = line;
  return lines.join('\n');
}

async function diagnose(text: string): Promise<string[]> {
  const r = await loadFiles({ 'a.yaml': text });
  return r.diagnostics.map((d) => `${d.line}:${d.col} ${d.code} ${d.message}`);
}

describe('a YAML mistake is one error, at the mistake, saying what to write', () => {
  it('the file itself is valid (each case below breaks it in one place)', async () => {
    expect(await diagnose(FILE)).toEqual([]);
  });

  it.each([
    [
      'a tab as indentation',
      { 16: '\ttype: http' },
      '16:1 yaml.tab_as_indent this line is indented with a tab; YAML indents with spaces only: replace the tabs with spaces',
    ],
    [
      'tabs indenting a whole monitor',
      { 16: '\ttype: http', 17: '\turl: https://shop.example.com/', 18: '\t- name: search' },
      '16:1 yaml.tab_as_indent this line is indented with a tab; YAML indents with spaces only: replace the tabs with spaces (tabs also indent lines 17, 18)',
    ],
    [
      'a tab after spaces',
      { 16: '  \t type: http' },
      '16:3 yaml.tab_as_indent this line is indented with a tab; YAML indents with spaces only: replace the tabs with spaces',
    ],
    [
      'an unclosed double quote',
      { 15: '  - name: "home' },
      '15:11 yaml.unclosed_quote the " that opens this value is never closed: add a closing " at the end of the value',
    ],
    [
      'an unclosed single quote',
      { 17: "    url: 'https://shop.example.com/" },
      "17:10 yaml.unclosed_quote the ' that opens this value is never closed: add a closing ' at the end of the value",
    ],
    [
      'an unclosed quote inside a flow list',
      { 13: '  locations: ["eu-west, us-east]' },
      '13:15 yaml.unclosed_quote the " that opens this value is never closed: add a closing " at the end of the value',
    ],
    [
      'a missing colon',
      { 16: '    type http' },
      '16:9 yaml.missing_colon "type http" has no colon after "type": write "type: http"',
    ],
    [
      'a missing colon after a key that opens a block',
      { 1: 'defaults' },
      '1:9 yaml.missing_colon "defaults" has no colon after it: write "defaults:"',
    ],
    [
      'a missing space after the colon',
      { 16: '    type:http' },
      '16:9 yaml.missing_space "type:http" needs a space after the colon: write "type: http"',
    ],
    [
      'a missing space after the colon, on the last line',
      { 21: '    url:https://shop.example.com/search' },
      '21:8 yaml.missing_space "url:https://shop.example.com/search" needs a space after the colon: write "url: https://shop.example.com/search"',
    ],
    [
      'a key indented 3 spaces among keys indented 2',
      { 3: '   interval_seconds: 300' },
      '3:4 yaml.bad_indent this line is indented 3 spaces; line it up with "method: GET" on line 2 (2 spaces)',
    ],
    [
      'a key indented one space too far in a monitor',
      { 16: '     type: http' },
      '16:6 yaml.bad_indent this line is indented 5 spaces; line it up with "name: home" on line 15 (4 spaces)',
    ],
    [
      'a key indented one space too little in a monitor',
      { 17: '   url: https://shop.example.com/' },
      '17:4 yaml.bad_indent this line is indented 3 spaces; line it up with "type: http" on line 16 (4 spaces)',
    ],
    [
      'a list item (with its lines) indented deeper than the list',
      {
        18: '    - name: search',
        19: '      type: keyword',
        20: '      keyword: Results',
        21: '      url: https://shop.example.com/search',
      },
      '18:5 yaml.bad_indent this list item is indented 4 spaces; line up its "-" with "- name: home" on line 15 (2 spaces), and move the lines under it with it',
    ],
    [
      'a list item indented less than the list',
      { 18: ' - name: search' },
      '18:2 yaml.bad_indent this list item is indented 1 space; line up its "-" with "- name: home" on line 15 (2 spaces)',
    ],
    [
      'a duplicate key',
      { 20: '    type: keyword' },
      '20:5 yaml.duplicate_key "type" is set twice in this mapping (first on line 19); keep one',
    ],
    [
      'a value with ": " in it, unquoted',
      { 15: '  - name: shop: home' },
      '15:11 yaml.needs_quotes this value contains ": ", which YAML reads as the start of another key: put the value in quotes: write name: "shop: home"',
    ],
    [
      'a value starting with @',
      { 20: '    keyword: @results' },
      '20:14 yaml.needs_quotes a value cannot start with @ unless it is in quotes: write keyword: "@results"',
    ],
    [
      'an unclosed flow list',
      { 13: '  locations: [eu-west, us-east' },
      '13:14 yaml.unclosed_bracket this [ is never closed: add ] after the last item of the list',
    ],
    [
      'text after a closing quote',
      { 15: '  - name: "home" page' },
      '15:18 yaml.text_after_quote text follows the closing quote of this value: put the whole value inside the quotes',
    ],
  ])('%s', async (_label, changes, expected) => {
    expect(await diagnose(edited(changes))).toEqual([expected]);
  });

  it('CRLF line ends give the same error at the same place', async () => {
    const text = edited({ 16: '\ttype: http' }).replace(/\n/g, '\r\n');
    expect(await diagnose(text)).toEqual([
      '16:1 yaml.tab_as_indent this line is indented with a tab; YAML indents with spaces only: replace the tabs with spaces',
    ]);
  });

  it('two mistakes far apart are two errors, each at its place', async () => {
    const text = edited({ 3: '   interval_seconds: 300', 16: '\ttype: http', 20: '    keyword: "Results' });
    expect(await diagnose(text)).toEqual([
      '3:4 yaml.bad_indent this line is indented 3 spaces; line it up with "method: GET" on line 2 (2 spaces)',
      '16:1 yaml.tab_as_indent this line is indented with a tab; YAML indents with spaces only: replace the tabs with spaces',
      '20:14 yaml.unclosed_quote the " that opens this value is never closed: add a closing " at the end of the value',
    ]);
  });

  it('a mistake on one line that a later line repeats is still told once per mistake', async () => {
    const text = edited({ 16: '    type http', 19: '    type keyword' });
    expect(await diagnose(text)).toEqual([
      '16:9 yaml.missing_colon "type http" has no colon after "type": write "type: http"',
      '19:9 yaml.missing_colon "type keyword" has no colon after "type": write "type: keyword"',
    ]);
  });
});

describe('the cost of telling mistakes apart', () => {
  it('a file too large to parse again keeps its errors, in plain words, one per place, without a repair tried', () => {
    const text = `monitors:\n${'  - name: x\n'.repeat(Math.ceil(PARSE_BUDGET / 12))}`;
    const raw: RawSyntaxError[] = [
      { line: 5, col: 1, code: 'TAB_AS_INDENT', message: 'Tabs are not allowed as indentation' },
      {
        line: 6,
        col: 7,
        code: 'BLOCK_AS_IMPLICIT_KEY',
        message: 'Nested mappings are not allowed in compact mappings',
      },
      { line: 90, col: 3, code: 'MISSING_CHAR', message: 'Sequence item without - indicator' },
    ];
    let parsed = 0;
    const explained = explainSyntaxErrors(text, raw, () => {
      parsed += 1;
      return [];
    });
    expect(parsed).toBe(0);
    expect(explained.mended).toBeUndefined();
    expect(explained.problems.map((p) => `${p.pos.line}:${p.pos.col} ${p.code}`)).toEqual([
      '5:1 yaml.tab_as_indent',
      '90:3 yaml.missing_char',
    ]);
    expect(explained.problems[1]?.message).toBe(
      'this line is indented like a list item but has no "-": indent it like the lines it belongs with',
    );
  });
});

describe('in a real set of files (examples/environments), where one mistake used to make five or six errors', () => {
  const folder = path.join(import.meta.dirname, '../../examples/environments');
  const files = (services: (text: string) => string): Record<string, string> =>
    Object.fromEntries(
      readdirSync(folder)
        .filter((name) => name.endsWith('.yaml'))
        .map((name) => {
          const text = readFileSync(path.join(folder, name), 'utf8');
          return [name, name === 'services.yaml' ? services(text) : text];
        }),
    );
  const errors = (r: LoadResult) =>
    r.diagnostics
      .filter((d) => d.severity === 'error')
      .map((d) => `${d.file}:${d.line}:${d.col} ${d.code} ${d.message}`);
  const lineEdit = (line: number, from: RegExp, to: string) => (text: string) =>
    text
      .split('\n')
      .map((l, i) => (i === line - 1 ? l.replace(from, to) : l))
      .join('\n');

  it('as written, it is valid', async () => {
    const r = await loadFiles(
      files((t) => t),
      { missingEnv: 'warning' },
    );
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('tabs indenting two lines of a for_each: one error', async () => {
    const r = await loadFiles(
      files((t) => lineEdit(32, /^ {6}/, '\t')(lineEdit(31, /^ {6}/, '\t')(t))),
      { missingEnv: 'warning' },
    );
    expect(errors(r)).toEqual([
      'services.yaml:31:1 yaml.tab_as_indent this line is indented with a tab; YAML indents with spaces only: replace the tabs with spaces (tabs also indent line 32)',
    ]);
  });

  it('a key indented 3 spaces in a template: one error', async () => {
    const r = await loadFiles(files(lineEdit(27, /^ {4}/, '   ')), { missingEnv: 'warning' });
    expect(errors(r)).toEqual([
      'services.yaml:27:4 yaml.bad_indent this line is indented 3 spaces; line it up with "type: http" on line 26 (4 spaces)',
    ]);
  });
});
