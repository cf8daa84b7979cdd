// Guesses at the mistake behind the first error the parser reports, each with the edit that
// would mend it. They are only guesses: explain.ts tries each edit on the text and keeps the
// one the parser agrees with.
import { indentOf, isBlankLine, shown, withoutComment, type EditableLines, type LineEdit } from './lines.js';
import { indented, ITEM_PREFIX, nextContentLine, parts, problem, spaces } from './repair-text.js';
import type { RawSyntaxError, Repair } from './types.js';

/** A key as people write them in monitors files (`interval_seconds`, `X-Api-Key`, `eu-west`). */
const KEY = '[A-Za-z0-9_$][\\w$.\\-/]*';
/** How many indentations are tried for a line: the nearest ones of the lines above it. */
const MAX_INDENT_GUESSES = 4;
/** How far up a line's neighbours are looked for. */
const MAX_LINES_UP = 200;

export function repairsFor(lines: EditableLines, error: RawSyntaxError): Repair[] {
  const line = error.line;
  const next = nextContentLine(lines, line);
  // A value continued on a deeper line: the deeper line is the likelier culprit.
  const continued = error.code === 'BLOCK_AS_IMPLICIT_KEY' || error.code === 'MULTILINE_IMPLICIT_KEY';
  const suspects = continued && next !== undefined ? [next, line] : next !== undefined ? [line, next] : [line];
  return [
    ...unclosedQuote(lines, error),
    ...unclosedBracket(lines, error),
    ...missingSpace(lines, line),
    ...missingColon(lines, line),
    ...needsQuotes(lines, error),
    ...textAfterQuote(lines, error),
    ...suspects.flatMap((s) => reindent(lines, s)),
  ];
}

/** `type:http`: a key and its value with no space between them. */
function missingSpace(lines: EditableLines, line: number): Repair[] {
  const { indent, prefix, rest } = parts(lines.line(line));
  const m = new RegExp(`^(${KEY}):(\\S.*)$`).exec(rest);
  if (!m || m[2]!.startsWith('//')) return [];
  const [, key, value] = m as unknown as [string, string, string];
  const colon = indent + prefix.length + key.length + 1;
  return [
    {
      edits: [{ line, col: colon + 1, remove: 0, insert: ' ' }],
      lastLine: line,
      problem: problem(
        line,
        colon,
        'yaml.missing_space',
        `"${shown(rest)}" needs a space after the colon: write "${shown(`${key}: ${value}`)}"`,
      ),
    },
  ];
}

/** `type http` or `defaults` alone: a key without its colon. */
function missingColon(lines: EditableLines, line: number): Repair[] {
  const { indent, prefix, rest } = parts(lines.line(line));
  const m = new RegExp(`^(${KEY})(?: +(\\S.*))?$`).exec(rest);
  if (!m || rest.includes(': ') || rest.endsWith(':')) return [];
  const [, key, value] = m as unknown as [string, string, string | undefined];
  const after = indent + prefix.length + key.length + 1;
  const message =
    value === undefined
      ? `"${key}" has no colon after it: write "${key}:"`
      : `"${shown(rest)}" has no colon after "${key}": write "${shown(`${key}: ${value}`)}"`;
  return [
    {
      edits: [{ line, col: after, remove: 0, insert: ':' }],
      lastLine: line,
      problem: problem(line, after, 'yaml.missing_colon', message),
    },
  ];
}

/** Quotes a value as YAML reads it back unchanged. */
function quoted(value: string): string {
  return /["\\]/.test(value) ? `'${value.replace(/'/g, "''")}'` : `"${value}"`;
}

/** `name: shop: home` and `name: @home`: a value YAML reads only in quotes. */
function needsQuotes(lines: EditableLines, error: RawSyntaxError): Repair[] {
  const colon = error.code === 'BLOCK_AS_IMPLICIT_KEY' && /compact/.test(error.message);
  if (!colon && error.code !== 'BAD_SCALAR_START') return [];
  const text = lines.line(error.line);
  const value = withoutComment(text).slice(error.col - 1);
  if (value === '' || (colon && !/: |:$/.test(value))) return [];
  const before = text.slice(indentOf(text), error.col - 1).replace(ITEM_PREFIX, '');
  const write = `write ${shown(`${before}${quoted(value)}`)}`;
  const message = colon
    ? `this value contains ": ", which YAML reads as the start of another key: put the value in quotes: ${write}`
    : `a value cannot start with ${value[0]} unless it is in quotes: ${write}`;
  return [
    {
      edits: [{ line: error.line, col: error.col, remove: value.length, insert: quoted(value) }],
      lastLine: error.line,
      problem: problem(error.line, error.col, 'yaml.needs_quotes', message),
    },
  ];
}

/** `name: "home" page`: text after a closing quote. */
function textAfterQuote(lines: EditableLines, error: RawSyntaxError): Repair[] {
  if (error.code !== 'UNEXPECTED_TOKEN' || !/scalar at node end/.test(error.message)) return [];
  const text = lines.line(error.line);
  if (!/["']\s*$/.test(text.slice(0, error.col - 1))) return [];
  const extra = withoutComment(text).slice(error.col - 1);
  return [
    {
      edits: [{ line: error.line, col: error.col, remove: extra.length, insert: '' }],
      lastLine: error.line,
      problem: problem(
        error.line,
        error.col,
        'yaml.text_after_quote',
        'text follows the closing quote of this value: put the whole value inside the quotes',
      ),
    },
  ];
}

/** Where a quoted value may start: at the start of the line or after `:`, `-`, `?`, `[`, `{` or `,`. */
function valueStart(text: string, at: number): boolean {
  const before = text.slice(0, at).trimEnd();
  return before === '' || /[:\-?[{,]$/.test(before);
}

/** The end (exclusive) of the quoted value opened at `at`, or -1 when the line ends first. */
function quoteEnd(text: string, at: number): number {
  const q = text[at];
  for (let i = at + 1; i < text.length; i += 1) {
    if (q === '"' && text[i] === '\\') i += 1;
    else if (text[i] === q) {
      if (q === "'" && text[i + 1] === "'") i += 1;
      else return i + 1;
    }
  }
  return -1;
}

/** Quotes opened on a line and not closed on it, by line and column (0-based) and quote character. */
function openQuotes(lines: EditableLines, last: number): { line: number; at: number; q: string }[] {
  const found: { line: number; at: number; q: string }[] = [];
  for (let n = 1; n <= last; n += 1) {
    const text = lines.line(n);
    for (let i = indentOf(text); i < text.length; i += 1) {
      const c = text[i]!;
      if (c === '#' && /\s/.test(text[i - 1] ?? ' ')) break;
      if ((c !== '"' && c !== "'") || !valueStart(text, i)) continue;
      const end = quoteEnd(text, i);
      if (end === -1) {
        found.push({ line: n, at: i, q: c });
        break;
      }
      i = end - 1;
    }
  }
  return found;
}

/** `url: "https://a.example.com/` with no closing quote (the parser reports it where the file ends). */
function unclosedQuote(lines: EditableLines, error: RawSyntaxError): Repair[] {
  const q = /^Missing closing (["'])quote/.exec(error.message)?.[1];
  if (!q) return [];
  return openQuotes(lines, error.line)
    .filter((o) => o.q === q)
    .slice(0, 3)
    .flatMap(({ line, at }) => {
      const text = lines.line(line);
      const p = problem(
        line,
        at + 1,
        'yaml.unclosed_quote',
        `the ${q} that opens this value is never closed: add a closing ${q} at the end of the value`,
      );
      const ends = [text.trimEnd().length];
      // In a flow list or mapping the value likely ends before the next , ] or }.
      const inFlow = /[[{]/.test(text.slice(0, at)) ? /\s*[,\]}]/.exec(text.slice(at + 1)) : null;
      if (inFlow) ends.unshift(at + 1 + inFlow.index);
      return ends.map((end) => ({ edits: [{ line, col: end + 1, remove: 0, insert: q }], lastLine: line, problem: p }));
    });
}

/** `locations: [eu-west, us-east` with no closing bracket. */
function unclosedBracket(lines: EditableLines, error: RawSyntaxError): Repair[] {
  const closer = /end with an? ([\]}])/.exec(error.message)?.[1];
  if (!closer) return [];
  const open = closer === ']' ? '[' : '{';
  const stack: { line: number; at: number; c: string }[] = [];
  for (let n = 1; n <= Math.min(error.line, lines.count); n += 1) {
    const text = lines.line(n);
    for (let i = indentOf(text); i < text.length; i += 1) {
      const c = text[i]!;
      if (c === '#' && /\s/.test(text[i - 1] ?? ' ')) break;
      if ((c === '"' || c === "'") && valueStart(text, i)) {
        const end = quoteEnd(text, i);
        if (end === -1) break;
        i = end - 1;
      } else if (c === '[' || c === '{') stack.push({ line: n, at: i, c });
      else if ((c === ']' || c === '}') && stack.length > 0) stack.pop();
    }
  }
  const what = open === '[' ? 'the last item of the list' : 'the last entry of the mapping';
  let lastContent = error.line - 1;
  while (lastContent > 1 && isBlankLine(lines.line(lastContent))) lastContent -= 1;
  return stack
    .filter((s) => s.c === open)
    .reverse()
    .slice(0, 2)
    .flatMap(({ line, at }) => {
      const p = problem(
        line,
        at + 1,
        'yaml.unclosed_bracket',
        `this ${open} is never closed: add ${closer} after ${what}`,
      );
      const targets = lastContent > line ? [line, lastContent] : [line];
      return targets.map((n) => ({
        edits: [{ line: n, col: withoutComment(lines.line(n)).length + 1, remove: 0, insert: closer }],
        lastLine: n,
        problem: p,
      }));
    });
}

interface Level {
  col: number;
  line: number;
  text: string;
}

/** The indentations of the lines above `line` (nearest lines first), up to the top-level key they are under. */
export function levelsAbove(lines: EditableLines, line: number): Level[] {
  const levels: Level[] = [];
  let seen = 0;
  for (let n = line - 1; n >= 1 && seen < MAX_LINES_UP; n -= 1) {
    const text = lines.line(n);
    if (isBlankLine(text)) continue;
    seen += 1;
    const { indent, prefix, rest } = parts(text);
    levels.push({ col: indent, line: n, text: text.slice(indent) });
    if (prefix !== '' && rest !== '') levels.push({ col: indent + prefix.length, line: n, text: rest });
    if (seen === 1 && rest.endsWith(':')) levels.push({ col: indent + prefix.length + 2, line: n, text: rest });
    if (indent === 0) break;
  }
  return levels;
}

/** A line indented unlike the lines it belongs with: indent it like one of the lines above. */
function reindent(lines: EditableLines, line: number): Repair[] {
  const text = lines.line(line);
  if (isBlankLine(text) || /^ *\t/.test(text)) return [];
  const indent = indentOf(text);
  const item = ITEM_PREFIX.test(text.slice(indent));
  let blockEnd = line;
  for (let n = line + 1; n <= lines.count; n += 1) {
    const t = lines.line(n);
    if (isBlankLine(t)) continue;
    if (indentOf(t) <= indent) break;
    blockEnd = n;
  }
  const guesses: Level[] = [];
  for (const level of levelsAbove(lines, line).sort((a, b) => Math.abs(a.col - indent) - Math.abs(b.col - indent))) {
    if (level.col !== indent && !guesses.some((g) => g.col === level.col)) guesses.push(level);
  }
  return guesses.slice(0, MAX_INDENT_GUESSES).flatMap((g) => {
    const like = `"${shown(g.text, 40)}" on line ${g.line} (${spaces(g.col)})`;
    const what = item
      ? `this list item ${indented(indent)}; line up its "-" with ${like}`
      : `this line ${indented(indent)}; line it up with ${like}`;
    const alone: Repair = {
      edits: [{ line, col: 1, remove: indent, insert: ' '.repeat(g.col) }],
      lastLine: line,
      problem: problem(line, indent + 1, 'yaml.bad_indent', what),
    };
    if (blockEnd === line) return [alone];
    const edits: LineEdit[] = [];
    for (let n = line; n <= blockEnd; n += 1) {
      const t = lines.line(n);
      if (isBlankLine(t)) continue;
      const own = indentOf(t);
      edits.push({ line: n, col: 1, remove: own, insert: ' '.repeat(Math.max(0, own + g.col - indent)) });
    }
    const withBlock: Repair = {
      edits,
      lastLine: blockEnd,
      problem: problem(line, indent + 1, 'yaml.bad_indent', `${what}, and move the lines under it with it`),
    };
    return [alone, withBlock];
  });
}
