// The glob syntax of every name pattern (`--target`, `--replace`, `--name` of status, check
// and export, policy `where` and tag globs, the simulator's check rules), parsed once and
// matched without a regular expression: the two-pointer wildcard match below costs at most
// (name length) x (pattern length) steps, whatever the pattern (`*a*a*a*...b` included),
// where a backtracking RegExp built from it could take longer than the universe.
//
// Syntax, over Unicode code points (names and patterns compared in NFC by the callers):
// `*` any text (`:` and `/` included, also none), `?` exactly one character, `[abc]` one of
// the set, `[a-z]` one of a range, `[!abc]` or `[^abc]` one character not in the set.
// Inside brackets, a `]` right after the opening (or after `!`/`^`) is a member, a `-` first
// or last is a member, and a backslash is an ordinary character (globs have no escape: a
// name holding glob characters is selected by itself, see pattern.ts). A `[` with no
// closing `]` is an ordinary character. A range written backwards (`[z-a]`) is an error.

type Token =
  | { kind: 'star' }
  | { kind: 'one' }
  | { kind: 'char'; code: number }
  | { kind: 'set'; negate: boolean; ranges: number[] /* [lo, hi, lo, hi, ...] */ };

export interface Glob {
  readonly tokens: readonly Token[];
  /** No wildcard at all: the glob is its text (matched by equality). */
  readonly literal: string | undefined;
}

/** Why a glob does not parse (the message goes after `"PATTERN" is not a valid glob`). */
export interface GlobError {
  error: string;
}

const STAR: Token = { kind: 'star' };
const ONE: Token = { kind: 'one' };
const CLOSE = 0x5d; // ]

/** The glob of `text` (already in NFC), or why it is not one. */
export function parseGlob(text: string): Glob | GlobError {
  const codes = Array.from(text, (c) => c.codePointAt(0)!);
  const tokens: Token[] = [];
  let wild = false;
  for (let i = 0; i < codes.length; i++) {
    const c = codes[i]!;
    if (c === 0x2a /* * */) {
      wild = true;
      if (tokens[tokens.length - 1] !== STAR) tokens.push(STAR); // `**` is `*`: fewer restarts
    } else if (c === 0x3f /* ? */) {
      wild = true;
      tokens.push(ONE);
    } else if (c === 0x5b /* [ */) {
      const set = parseSet(codes, i);
      if (set === undefined) tokens.push({ kind: 'char', code: c });
      else if ('error' in set) return set;
      else {
        wild = true;
        tokens.push(set.token);
        i = set.end;
      }
    } else tokens.push({ kind: 'char', code: c });
  }
  return { tokens, literal: wild ? undefined : text };
}

/** The bracket set opening at `open`: undefined when no `]` closes it (the `[` is then a character). */
function parseSet(codes: readonly number[], open: number): { token: Token; end: number } | GlobError | undefined {
  let i = open + 1;
  const negate = codes[i] === 0x21 /* ! */ || codes[i] === 0x5e; /* ^ */
  if (negate) i++;
  const first = i;
  let close = -1;
  for (let j = first + 1; j < codes.length; j++)
    if (codes[j] === CLOSE) {
      close = j;
      break;
    }
  if (close < 0 || first >= codes.length) return undefined;
  const ranges: number[] = [];
  for (let j = first; j < close; j++) {
    const lo = codes[j]!;
    if (codes[j + 1] === 0x2d /* - */ && j + 2 < close) {
      const hi = codes[j + 2]!;
      if (hi < lo)
        return {
          error: `the range ${String.fromCodePoint(lo)}-${String.fromCodePoint(hi)} runs backwards (write [${String.fromCodePoint(hi)}-${String.fromCodePoint(lo)}])`,
        };
      ranges.push(lo, hi);
      j += 2;
    } else ranges.push(lo, lo);
  }
  return { token: { kind: 'set', negate, ranges }, end: close };
}

function inSet(token: { negate: boolean; ranges: number[] }, code: number): boolean {
  let found = false;
  for (let k = 0; k < token.ranges.length && !found; k += 2)
    found = code >= token.ranges[k]! && code <= token.ranges[k + 1]!;
  return found !== token.negate;
}

/**
 * Whether `glob` matches the whole of `text` (in NFC). Every token but `*` takes exactly
 * one character, so on a mismatch only the latest `*` needs to take one more character:
 * the pattern restarts after it at most once per character of the text.
 */
export function globMatches(glob: Glob, text: string): boolean {
  if (glob.literal !== undefined) return text === glob.literal;
  const tokens = glob.tokens;
  let t = 0;
  let i = 0;
  let starToken = -1;
  let starText = 0;
  while (i < text.length) {
    const token = tokens[t];
    if (token?.kind === 'star') {
      starToken = t++;
      starText = i;
      continue;
    }
    const code = text.codePointAt(i)!;
    if (
      token !== undefined &&
      (token.kind === 'one' || (token.kind === 'char' ? token.code === code : inSet(token, code)))
    ) {
      t++;
      i += code > 0xffff ? 2 : 1;
      continue;
    }
    if (starToken < 0) return false;
    t = starToken + 1;
    starText += text.codePointAt(starText)! > 0xffff ? 2 : 1;
    i = starText;
  }
  while (tokens[t]?.kind === 'star') t++;
  return t === tokens.length;
}
