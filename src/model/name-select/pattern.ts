// A name pattern as every selector reads it: the name itself or a glob (glob.ts), over the
// whole name, case-sensitive, names and patterns compared in Unicode NFC. A name always
// matches itself, glob characters and all: `api [eu]` selects the monitor named `api [eu]`
// (and, read as a glob, `api e` or `api u`), the same for `--target`, `--replace`, `--name`
// of status, check and export, and policy `where` and tag globs.
import { globMatches, parseGlob, type Glob } from './glob.js';

export interface NamePattern {
  /** The pattern as given. */
  readonly text: string;
  /** Why it is not a valid glob (it then selects only the name it spells); undefined when it is one. */
  readonly invalid: string | undefined;
  matches(name: string): boolean;
  /** `matches` of a name already in NFC. */
  matchesNfc(nfc: string): boolean;
}

export function namePattern(text: string): NamePattern {
  const exact = text.normalize('NFC');
  const parsed = parseGlob(exact);
  const glob: Glob | undefined = 'error' in parsed ? undefined : parsed;
  return {
    text,
    invalid: 'error' in parsed ? parsed.error : undefined,
    matches(name) {
      return this.matchesNfc(name.normalize('NFC'));
    },
    matchesNfc(nfc) {
      return nfc === exact || (glob !== undefined && globMatches(glob, nfc));
    },
  };
}

/** Whether any of `patterns` matches `name`. */
export function anyPatternMatches(patterns: readonly NamePattern[], name: string): boolean {
  const nfc = name.normalize('NFC');
  for (const p of patterns) if (p.matchesNfc(nfc)) return true;
  return false;
}
