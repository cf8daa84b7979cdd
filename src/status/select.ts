// `status --name GLOB`: which rows are shown. Patterns are those of `--target` and
// `check --name` (src/model/name-select/: whole names, `*` `?` `[...]`, a name always
// matching itself). A row is selected when a pattern matches its YAML name or its name on
// the server. A pattern that selects no managed monitor is an error, naming the closest
// names, or the unmanaged monitor it does name: an empty report would hide the typo.
import { MonitorsError } from '../errors.js';
import type { LiveMonitor } from '../model/monitor.js';
import { anyPatternMatches } from '../model/name-select/pattern.js';
import { didYouMean, firstUnmatched, invalidGlob, namePatterns, type Unmatched } from '../model/name-select/select.js';
import type { StatusRow } from './types.js';

/** An empty pattern is a slip (an unset shell variable), never "everything"; refused before anything is read. */
export function checkNamePatterns(patterns: readonly string[] | undefined): string[] {
  if (patterns?.some((p) => p.trim() === ''))
    throw new MonitorsError('BAD_OPTION', '--name needs a monitor name or a glob, not an empty string', {
      hint: 'Quote names with spaces: --name "shop: home page"; a glob matches whole names: --name "shop: *".',
    });
  return [...new Set(patterns ?? [])];
}

export interface Selection {
  rows: StatusRow[];
  unmanaged: LiveMonitor[];
}

export function selectByName(
  rows: readonly StatusRow[],
  unmanaged: readonly LiveMonitor[],
  patterns: readonly string[],
): Selection {
  if (patterns.length === 0) return { rows: [...rows], unmanaged: [...unmanaged] };
  const matchers = namePatterns(patterns);
  const namesOf = (r: StatusRow) => [r.name, ...(r.live_name !== undefined ? [r.live_name] : [])];
  const unmatched = firstUnmatched(matchers, rows.flatMap(namesOf), unmanaged);
  if (unmatched) throw noMatch(unmatched);
  const any = (name: string) => anyPatternMatches(matchers, name);
  return { rows: rows.filter((r) => namesOf(r).some(any)), unmanaged: unmanaged.filter((l) => any(l.name)) };
}

function noMatch(unmatched: Unmatched): MonitorsError {
  const pattern = JSON.stringify(unmatched.pattern);
  if (unmatched.kind === 'invalid') return invalidGlob('--name', unmatched);
  if (unmatched.kind === 'unmanaged') {
    const other = unmatched.monitor;
    return new MonitorsError(
      'STATUS_NO_MATCH',
      `--name ${pattern} names only monitors this repository does not manage ("${other.name}", ${other.id}: in neither the YAML nor the lock file)`,
      { hint: '`monitors plan` lists the unmanaged monitors by name; to adopt one, see docs/adopting.md.' },
    );
  }
  return new MonitorsError(
    'STATUS_NO_MATCH',
    `--name ${pattern} matches no managed monitor${didYouMean(unmatched.near)}`,
    { hint: 'Patterns match whole names, case-sensitive: * is any text, ? one character (e.g. --name "shop: *").' },
  );
}
