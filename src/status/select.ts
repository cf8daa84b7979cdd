// `status --name GLOB`: which rows are shown. Patterns are those of `--target` and
// `check --name` (src/model/name-glob.ts: whole names, `*` `?` `[...]`, a name always
// matching itself). A row is selected when a pattern matches its YAML name or its name on
// the server. A pattern that selects no managed monitor is an error, naming the closest
// names, or the unmanaged monitor it does name: an empty report would hide the typo.
import { MonitorsError } from '../errors.js';
import { closestNames } from '../model/edit-distance.js';
import type { LiveMonitor } from '../model/monitor.js';
import { namePattern } from '../model/name-glob.js';
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
  const matchers = patterns.map(namePattern);
  const namesOf = (r: StatusRow) => [r.name, ...(r.live_name !== undefined ? [r.live_name] : [])];
  patterns.forEach((pattern, i) => {
    const matches = matchers[i]!;
    if (!rows.some((r) => namesOf(r).some(matches))) throw noMatch(pattern, rows.flatMap(namesOf), unmanaged, matches);
  });
  const any = (name: string) => matchers.some((m) => m(name));
  return { rows: rows.filter((r) => namesOf(r).some(any)), unmanaged: unmanaged.filter((l) => any(l.name)) };
}

function noMatch(
  pattern: string,
  known: readonly string[],
  unmanaged: readonly LiveMonitor[],
  matches: (name: string) => boolean,
): MonitorsError {
  const other = unmanaged.find((l) => matches(l.name));
  if (other) {
    return new MonitorsError(
      'STATUS_NO_MATCH',
      `--name ${JSON.stringify(pattern)} names only monitors this repository does not manage ("${other.name}", ${other.id}: in neither the YAML nor the lock file)`,
      { hint: '`monitors plan` lists the unmanaged monitors by name; to adopt one, see docs/adopting.md.' },
    );
  }
  const near = closestNames(pattern, known);
  return new MonitorsError(
    'STATUS_NO_MATCH',
    `--name ${JSON.stringify(pattern)} matches no managed monitor${near.length > 0 ? `; did you mean ${near.map((n) => JSON.stringify(n)).join(' or ')}?` : ''}`,
    { hint: 'Patterns match whole names, case-sensitive: * is any text, ? one character (e.g. --name "shop: *").' },
  );
}
