// The regular expressions users write in the YAML (`require: name_pattern`, a `schema:`
// rule's `pattern` and `patternProperties`) run on re2js: RE2's semantics, matched in time
// linear in the text (times the pattern's size), so that `^(a+)+$` against
// `aaaa...!` answers at once where a backtracking engine runs for ever. V8's own linear
// engine was measured and not chosen: in Node 20 it does not run `u` patterns (JSON
// Schema's), and needs a process-wide flag the language server's host may not give.
// What RE2 cannot run (backreferences, lookaround) is refused with what to write instead.
// Loaded only when a rule holds a regular expression that V8 cannot be trusted with
// (backtrack-free.ts): re2js costs ~40 ms to load.
import { RE2JS } from 're2js';

export interface LinearRegex {
  test: (text: string) => boolean;
}

/** Why a pattern is refused, with what to write instead: read after the quoted pattern. */
export interface RegexRefusal {
  error: string;
}

/** ECMAScript's `\uXXXX` and `\u{X}` in RE2's words (`\x{XXXX}`); everything else is passed as written. */
export function fromEcmaScript(source: string): string {
  return source.replace(/\\(\\|u\{([0-9A-Fa-f]{1,6})\}|u([0-9A-Fa-f]{4}))/g, (whole, _escaped, braced, four) =>
    braced !== undefined || four !== undefined ? `\\x{${(braced ?? four) as string}}` : whole,
  );
}

export function compileLinear(source: string): LinearRegex | RegexRefusal {
  try {
    const compiled = RE2JS.compile(fromEcmaScript(source));
    return { test: (text) => compiled.test(text) };
  } catch (error) {
    return { error: refusalOf((error as Error).message) };
  }
}

/** What re2js's parse error means for someone who wrote an ECMAScript regular expression. */
function refusalOf(message: string): string {
  const offending = /`([^`]*)`\s*$/.exec(message)?.[1] ?? '';
  if (/^\\([1-9]|k)/.test(offending))
    return 'uses a backreference, which no linear-time engine can run: write the repeated text out ((ab)ab rather than (ab)\\1)';
  if (/^\(\?[=!]/.test(offending) || /^\(\?<[=!]/.test(offending))
    return 'uses a lookahead or lookbehind, which no linear-time engine can run: match what follows directly (ab rather than a(?=b)), or check the rest with a second rule';
  const what = message.replace(/^error parsing regexp: /, '');
  return `is not a regular expression RE2 runs (${what}); see "Regular expressions" in docs/policy.md`;
}
