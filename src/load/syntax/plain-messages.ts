// The `yaml` package's errors in plain words, for the errors no repair explains (rare ones,
// or a file too large to try repairs on). The code stays the package's, lower-cased.
import type { PlainSyntaxProblem, RawSyntaxError } from './types.js';

const BY_MESSAGE: [RegExp, string | ((m: RegExpExecArray) => string)][] = [
  [/^Missing closing (["'])quote/, 'a quoted value is never closed: add the closing quote at the end of the value'],
  [
    /Sequence item without - indicator/,
    'this line is indented like a list item but has no "-": indent it like the lines it belongs with',
  ],
  [
    /All mapping items must start at the same column/,
    'this key is not indented like the keys beside it: indent it the same (spaces only)',
  ],
  [
    /All sequence items must start at the same column/,
    'this list item is not indented like the items beside it: line up its "-" with theirs',
  ],
  [
    /Implicit map keys need to be followed by map values/,
    'a key needs a colon and a space before its value: write "key: value"',
  ],
  [
    /Nested mappings are not allowed in compact mappings/,
    'YAML reads a new key inside this value: put a value that contains ": " in quotes, and check the indentation of the line below',
  ],
  [
    /A block sequence may not be used as an implicit map key/,
    'this list item is not indented like the list it belongs to: line up its "-" with the other items',
  ],
  [
    /Implicit keys need to be on a single line/,
    'a key must fit on one line: a colon may be missing here, or the line below is indented too far',
  ],
  [/end with an? ([\]}])/, 'a [ or { is never closed: add the closing ] or } after the last item'],
  [/Plain value cannot start with .*(\S)$/, (m) => `a value cannot start with ${m[1]} unless it is in quotes`],
  [
    /Unexpected scalar at node end/,
    'YAML expected no more text here: put a value that has quotes or ": " inside it in quotes, and check that this line is indented like the lines it belongs with',
  ],
  [
    /Comments must be separated from other tokens by white space/,
    'a # starts a comment only after a space: put a space before it, or put the value that holds it in quotes',
  ],
  [
    /Tabs are not allowed as indentation/,
    'this line is indented with a tab; YAML indents with spaces only: replace the tab with spaces',
  ],
  [
    /Unresolved tag: (\S+)/,
    (m) =>
      `unknown tag ${m[1]}: tags are not supported in monitors files; remove it (secrets are written \${env:NAME})`,
  ],
  [
    /Invalid escape sequence/,
    'this escape (\\) is not valid in double quotes: use single quotes, or write \\\\ for a backslash',
  ],
];

export function plainProblem(error: RawSyntaxError): PlainSyntaxProblem {
  let message = `invalid YAML: ${error.message}`;
  for (const [re, plain] of BY_MESSAGE) {
    const m = re.exec(error.message);
    if (!m) continue;
    message = typeof plain === 'string' ? plain : plain(m);
    break;
  }
  return { pos: { line: error.line, col: error.col }, code: `yaml.${error.code.toLowerCase()}`, message };
}

/**
 * Errors nothing explained, one per mistake as well as can be told without repairs: an error
 * on the line of (or just below) the one before it is taken for a consequence of it.
 */
export function plainProblems(errors: readonly RawSyntaxError[]): PlainSyntaxProblem[] {
  const out: PlainSyntaxProblem[] = [];
  let lastLine = -2;
  for (const error of errors) {
    if (error.line - lastLine <= 1) continue;
    out.push(plainProblem(error));
    lastLine = error.line;
  }
  return out;
}
