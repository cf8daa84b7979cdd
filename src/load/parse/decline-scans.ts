// Three of the fast path's decline tests (fast-parse.ts), each the same test as the regex
// named in its comment, written as a jump from one occurrence of its character to the
// next (indexOf runs at memchr speed) with a look at the few characters around it. They
// run on every file, and each regex took as long as js-yaml's own scan for control
// characters: together a fifth of the fast path on a corpus of 10,000 monitors (issue
// 25). tests/load/parsers-agree.test.ts holds each to its regex on any text.

/** The characters of `\s` in a JavaScript regular expression. */
export function isRegexSpace(code: number): boolean {
  if (code < 0x80) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

const COMMA = 0x2c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/** At `at`: the end of the text or a `\s`, as `(?=\s|$)` asks. */
const endOrSpace = (text: string, at: number): boolean => at >= text.length || isRegexSpace(text.charCodeAt(at));

/** Skips spaces and tabs from `at`. */
function afterBlanks(text: string, at: number): number {
  while (text[at] === ' ' || text[at] === '\t') at += 1;
  return at;
}

/** An empty key (`: x`, `{: x}`): /(?<![^\s[{,]):(?=[\s,\]}]|$)/ */
export function emptyKey(text: string): boolean {
  for (let at = text.indexOf(':'); at !== -1; at = text.indexOf(':', at + 1)) {
    if (at > 0) {
      const before = text.charCodeAt(at - 1);
      if (!isRegexSpace(before) && before !== OPEN_BRACKET && before !== OPEN_BRACE && before !== COMMA) continue;
    }
    if (at + 1 >= text.length) return true;
    const after = text.charCodeAt(at + 1);
    if (isRegexSpace(after) || after === COMMA || after === CLOSE_BRACKET || after === CLOSE_BRACE) return true;
  }
  return false;
}

/** A comment glued to a quoted or flow value (`"a"#x`): /["'\]}]#/ */
export function gluedComment(text: string): boolean {
  for (let at = text.indexOf('#', 1); at !== -1; at = text.indexOf('#', at + 1)) {
    const before = text[at - 1];
    if (before === '"' || before === "'" || before === ']' || before === '}') return true;
  }
  return false;
}

/** A flow collection used as a key (`[a]: x`): /[}\]][ \t]*:(?=\s|$)/ */
export function flowCollectionKey(text: string): boolean {
  for (const closer of [']', '}']) {
    for (let at = text.indexOf(closer); at !== -1; at = text.indexOf(closer, at + 1)) {
      const next = afterBlanks(text, at + 1);
      if (text[next] === ':' && endOrSpace(text, next + 1)) return true;
    }
  }
  return false;
}
