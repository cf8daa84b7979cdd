// Patterns in, a selection out, or the reason a pattern selects nothing: what `--target`,
// `--replace` and the `--name` of status, check and export tell the user (each in its own
// words and error code). A pattern that names nothing is a typo, never "nothing": the
// refusal names the closest names, or the unmanaged monitor the pattern does name.
import { MonitorsError } from '../../errors.js';
import { closestNames } from '../did-you-mean.js';
import { namePattern, type NamePattern } from './pattern.js';

export interface UnmanagedMonitor {
  name: string;
  id: string;
}

/** Why a pattern selects none of the names it was held against. */
export type Unmatched =
  | { kind: 'invalid'; pattern: string; reason: string }
  | { kind: 'unmanaged'; pattern: string; monitor: UnmanagedMonitor }
  | { kind: 'none'; pattern: string; near: string[] };

/** Each pattern, parsed once; a pattern that is not a valid glob still selects the name it spells. */
export function namePatterns(texts: readonly string[]): NamePattern[] {
  return texts.map(namePattern);
}

/**
 * The first pattern that selects none of `known`, and why; undefined when each selects at
 * least one. `unmanaged` are monitors of the server the command does not manage: a pattern
 * naming only those is told so rather than offered near names.
 */
export function firstUnmatched(
  patterns: readonly NamePattern[],
  known: readonly string[],
  unmanaged: readonly UnmanagedMonitor[] = [],
): Unmatched | undefined {
  const pattern = patterns.find((p) => !selectsAny(p, known));
  return pattern && whyUnmatched(pattern, known, unmanaged);
}

export function selectsAny(pattern: NamePattern, names: readonly string[]): boolean {
  return names.some((name) => pattern.matches(name));
}

export function whyUnmatched(
  pattern: NamePattern,
  known: readonly string[],
  unmanaged: readonly UnmanagedMonitor[] = [],
): Unmatched {
  if (pattern.invalid !== undefined) return { kind: 'invalid', pattern: pattern.text, reason: pattern.invalid };
  const monitor = unmanaged.find((m) => pattern.matches(m.name));
  if (monitor) return { kind: 'unmanaged', pattern: pattern.text, monitor };
  return { kind: 'none', pattern: pattern.text, near: closestNames(pattern.text, known) };
}

/** `; did you mean "a" or "b"?`, or nothing when no name is near. */
export function didYouMean(near: readonly string[]): string {
  return near.length > 0 ? `; did you mean ${near.map((n) => JSON.stringify(n)).join(' or ')}?` : '';
}

/** A pattern that is not a glob and spells no name (`--target "[z-a]"`), refused before anything is read or sent. */
export function invalidGlob(flag: string, unmatched: { pattern: string; reason: string }): MonitorsError {
  return new MonitorsError(
    'BAD_OPTION',
    `${flag} ${JSON.stringify(unmatched.pattern)} is not a valid glob (${unmatched.reason}) and is no monitor's name`,
    {
      hint: 'Write * for any text, ? for one character, [a-z] for one of a range; a name is always selected by itself.',
    },
  );
}
