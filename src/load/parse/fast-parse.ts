// Fast path: js-yaml with the core-mirroring schema; positions of the top-level items
// come from a text scan (scan-positions.ts). Returns undefined whenever the file uses a
// feature where the two parsers could differ (tags, anchors/aliases, directives, more
// than one document, syntax errors): such a file takes the exact path, which is the
// authority on meaning.
import jsyaml from 'js-yaml';
import { YAML_CORE_SCHEMA } from './core-schema.js';
import { emptyKey, flowCollectionKey, gluedComment } from './decline-scans.js';
import { noPositions, type FilePositions } from '../values/positions.js';
import { scanPositions } from './scan-positions.js';

export interface FastParse {
  value: unknown;
  positions: FilePositions;
}

// Constructs where js-yaml and `yaml` are known to differ, or that no monitors file
// needs; a file containing one (or text that merely looks like one) takes the exact
// path. Each was found by tests/load/parsers-agree.test.ts.
// Each test runs only when the text contains one of its trigger strings (a cheap
// scan). A regex is written to start with a literal where possible; the tests that run on
// every file jump from one occurrence of their character to the next instead
// (decline-scans.ts), so that the whole list costs a few milliseconds per megabyte.
const DECLINE: ReadonlyArray<[readonly string[], RegExp | ((text: string) => boolean)]> = [
  [['!'], /(?<![^\s[{,])!/], // a tag (`!secret x`, `!!str 1`): resolution rules differ
  [['%'], /^%/m], // a directive (`%YAML 1.1` changes the schema in `yaml`)
  [['?'], /\?(?=\s|$)(?<![^\s[{,]\?)/], // an explicit key (`? key`)
  [[':'], emptyKey], // an empty key: "" in yaml, "null" in js-yaml
  [['~', 'null', 'Null', 'NULL'], /(?:~|null|Null|NULL)[ \t]*:(?=[\s,\]}]|$)/], // a null key (or a key merely ending in "null")
  [['-'], /-[ \t]+-(?=\s|$)/], // nested compact sequences (`- - x`): js-yaml mis-nests an empty item
  [['---', '...'], /^(?:---|\.\.\.)(?:\S|[ \t]+[^\s#])/m], // `---a` (a scalar in `yaml`, a marker in js-yaml); content after a marker
  [['#'], gluedComment], // a comment glued to a quoted or flow value: an error in `yaml` only
  [['|', '>'], blockHeaderAlone], // a block scalar header on a line of its own; an explicit indentation indicator
  [['|', '>'], blockScalarOverIndented], // leading blank lines longer than the first content line: an error in `yaml` only (yaml-test-suite S98Z)
  [['"'], doubleQuotedRunsOverLines], // a double-quoted scalar running over lines (indentation rules differ)
  [["'"], /(?<![^\s[{,:])'(?:[^'\n]|'')*$/m], // a single-quoted scalar running over lines
  [['~', 'null', 'Null', 'NULL'], /[{,][ \t]*(?:~|null|Null|NULL)[ \t]*[,}:]/], // a null key in a flow mapping
  [['}', ']'], flowCollectionKey], // a flow collection used as a key
  [['[', '{'], flowRunsOverLines], // a flow collection running over lines
  [['\t'], /^ *\t/m], // a tab in indentation: an error in `yaml`, tolerated by js-yaml
  [['\r'], /\r(?!\n)/], // a lone CR: a line break in js-yaml, not in `yaml` (the reader makes it a LF)
  [[' '], rootIndented], // an indented top level: js-yaml takes a later, less indented `- ` as another item, `yaml` refuses it
];

const declines = (text: string): boolean =>
  DECLINE.some(
    ([triggers, test]) =>
      triggers.some((t) => text.includes(t)) && (test instanceof RegExp ? test.test(text) : test(text)),
  );

// The line breaks of JavaScript's regular expressions (where ^ and $ match in multiline mode).
const isLineBreak = (c: string | undefined): boolean => c === '\n' || c === '\r' || c === '\u2028' || c === '\u2029';
const BLANK = /\s/;

/**
 * True when a `|` or `>` starts its line (after spaces and tabs only), or follows a blank
 * (or the text's start) and is followed by an explicit indentation indicator (`|2`, `>-1`).
 * The same test as /^[ \t]*[|>]|(?<!\S)[|>][+-]?[1-9]/m, jumping from indicator to
 * indicator: the regex took a fifth of the fast path's checks on a file with `headers: |`.
 */
export function blockHeaderAlone(text: string): boolean {
  for (const indicator of ['|', '>']) {
    for (let at = text.indexOf(indicator); at >= 0; at = text.indexOf(indicator, at + 1)) {
      let before = at - 1;
      while (before >= 0 && (text[before] === ' ' || text[before] === '\t')) before -= 1;
      if (before < 0 || isLineBreak(text[before])) return true;
      if (!BLANK.test(text[at - 1]!)) continue;
      const sign = text[at + 1] === '+' || text[at + 1] === '-' ? 1 : 0;
      const digit = text[at + 1 + sign];
      if (digit !== undefined && digit >= '1' && digit <= '9') return true;
    }
  }
  return false;
}

/**
 * True when a `"` that may open a double-quoted scalar (at the start, or after a blank, `[`,
 * `{`, `,` or `:`) is not closed on its line. The same test as
 * /(?<![^\s[{,:])"(?:[^"\\\n]|\\.)*\\?$/m, scanning from each quote to the next.
 */
export function doubleQuotedRunsOverLines(text: string): boolean {
  for (let at = text.indexOf('"'); at >= 0; at = text.indexOf('"', at + 1)) {
    const before = text[at - 1];
    if (
      before !== undefined &&
      !BLANK.test(before) &&
      before !== '[' &&
      before !== '{' &&
      before !== ',' &&
      before !== ':'
    )
      continue;
    for (let i = at + 1; ; i++) {
      const c = text[i];
      if (c === undefined || isLineBreak(c)) return true;
      if (c === '"') break;
      if (c === '\\') {
        const next = text[i + 1];
        if (next === undefined || isLineBreak(next)) return true;
        i += 1;
      }
    }
  }
  return false;
}

// Flow brackets, and the line ends where a multiline regex's $ matches.
const OPENER = /[[{]/g;
const CLOSER = /[\]}]/g;
const LINE_END = /[\n\r\u2028\u2029]/g;
const FLOW_PRECEDER = /[\s[{,:]/;

/**
 * True when a `[` or `{` that opens a flow collection (at a line start or after a blank,
 * `[`, `{`, `,` or `:`) has no `]` or `}` after it on its line: the collection runs over
 * lines. The same test as /(?<![^\s[{,:])[[{][^\]}\n]*$/m in linear time (the regex took
 * quadratic time on a line of `[ [ [ ...`: 16 s for 78 KB), jumping from bracket to
 * bracket: this runs on every file, most of which have a bracket or two in 50 KB.
 */
export function flowRunsOverLines(text: string): boolean {
  let lineEnd = -1; // the first line end at or after the opener looked at: searched forward only
  for (let at = 0; ;) {
    OPENER.lastIndex = at;
    const opener = OPENER.exec(text);
    if (!opener) return false;
    const i = opener.index;
    if (i > 0 && !FLOW_PRECEDER.test(text[i - 1]!)) {
      at = i + 1;
      continue;
    }
    if (lineEnd < i) {
      LINE_END.lastIndex = i;
      lineEnd = LINE_END.exec(text)?.index ?? text.length;
    }
    CLOSER.lastIndex = i + 1;
    const closer = CLOSER.exec(text);
    if (!closer || closer.index > lineEnd) return true;
    at = closer.index + 1;
  }
}

// A line that holds no node: blank, a comment, or a document start marker.
const NO_NODE_LINE = /[ \t]*(?:#[^\n]*)?(?:\r?\n|$)|---[ \t]*(?:#[^\n]*)?(?:\r?\n|$)/y;

/**
 * True when the first line holding a node starts with a space. A monitors file's top level
 * is at column 0; an indented one goes the exact way (found by parsers-agree: `  - \n- `
 * is [null, null] to js-yaml and an error to `yaml`). Reads only the lines before it.
 */
export function rootIndented(text: string): boolean {
  let at = 0;
  for (;;) {
    NO_NODE_LINE.lastIndex = at;
    if (!NO_NODE_LINE.test(text) || NO_NODE_LINE.lastIndex === at) return text[at] === ' ';
    at = NO_NODE_LINE.lastIndex;
    if (at >= text.length) return false;
  }
}

// After a block scalar indicator: up to two indentation/chomping indicators, blanks, maybe
// a comment, then the line end; what makes it a header rather than text.
const HEADER_REST = /[1-9+-]{0,2}[ \t]*(?:#[^\n]*)?\r?\n/y;

/**
 * True when a block scalar's leading empty lines hold more spaces than its first line
 * with content: an error in YAML 1.2 (8.1.1.1), which js-yaml reads as data. Only the
 * lines right after each header are looked at, found with indexOf (this runs on every
 * file). It also catches an empty block scalar followed by such lines; the exact path
 * then decides, which is only slower.
 */
export function blockScalarOverIndented(text: string): boolean {
  for (const indicator of ['|', '>']) {
    for (let at = text.indexOf(indicator); at >= 0; at = text.indexOf(indicator, at + 1)) {
      const before = text[at - 1];
      if (at > 0 && before !== ' ' && before !== '\t' && before !== '\n') continue;
      HEADER_REST.lastIndex = at + 1;
      if (!HEADER_REST.test(text)) continue;
      if (leadingBlankLinesWider(text, HEADER_REST.lastIndex)) return true;
    }
  }
  return false;
}

/** From the start of a line: blank lines wider (in spaces) than the first line with content. */
function leadingBlankLinesWider(text: string, from: number): boolean {
  let widest = 0;
  for (let i = from; i < text.length;) {
    let spaces = 0;
    while (text[i + spaces] === ' ') spaces += 1;
    const next = text[i + spaces];
    const blank = next === undefined || next === '\n' || (next === '\r' && text[i + spaces + 1] === '\n');
    if (!blank) return widest > spaces;
    widest = Math.max(widest, spaces);
    const eol = text.indexOf('\n', i + spaces);
    if (eol < 0) return false;
    i = eol + 1;
  }
  return false;
}

interface LoaderState {
  listener: unknown;
  anchorMap?: Record<string, unknown>;
}

/** `positions`: scan where each top-level item starts (else FastParse.positions is empty). */
export function fastParse(text: string, positions = true): FastParse | undefined {
  if (declines(text)) return undefined;
  let state: LoaderState | undefined;
  // Called once: keeps js-yaml's loader state to look at its anchors afterwards, then
  // unhooks itself (a listener on every node costs a quarter of the parse).
  const listener = (_event: string, s: LoaderState): void => {
    state = s;
    s.listener = null;
  };
  let value: unknown;
  try {
    value = jsyaml.load(text, { schema: YAML_CORE_SCHEMA, listener: listener as never });
  } catch {
    return undefined;
  }
  if (value === undefined) return { value, positions: new Map() };
  // js-yaml reads a comment-only file as null, `yaml` as no document at all.
  if (value === null) return undefined;
  // Anchors (and so aliases) go the exact way, which bounds alias expansion.
  const anchors = state?.anchorMap;
  if (anchors === undefined || Object.keys(anchors).length > 0) return undefined;
  return { value, positions: positions ? scanPositions(text) : noPositions() };
}
