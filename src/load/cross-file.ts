// Checks that need every file at once: duplicate monitor names, more than one
// `settings:`, and `moved:` entries that do not fit the set of monitors.
import type { FileAnalysis } from './analyse-file.js';
import type { PathSegment } from './exact-parse.js';
import { error, type LocatedProblem } from './problem.js';

interface Place {
  file: number;
  path: PathSegment[];
}

/** At most this many other places are named per message ("defined 3000 times" lists a few, not all). */
const MAX_RELATED = 3;

/** The other places, capped: listing every copy in every message grows with the square of the count. */
function othersThan(places: readonly Place[], place: Place): Pick<LocatedProblem, 'related' | 'relatedCount'> {
  const related: Place[] = [];
  for (const p of places) {
    if (related.length === MAX_RELATED) break;
    if (p !== place) related.push(p);
  }
  return { related, relatedCount: places.length - 1 };
}

/** Appends to the list under `key`, creating it on first use (no copying: duplicates may be many). */
function append<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Problems per file index. */
export function crossFileProblems(analyses: readonly (FileAnalysis | undefined)[]): Map<number, LocatedProblem[]> {
  const out = new Map<number, LocatedProblem[]>();
  const add = (file: number, problem: LocatedProblem) => append(out, file, problem);

  const byName = new Map<string, Place[]>();
  analyses.forEach((a, file) =>
    a?.monitors.forEach((m) => {
      if (m.name !== undefined) append(byName, m.name, { file, path: ['monitors', m.index, 'name'] });
    }),
  );
  for (const [name, places] of byName) {
    if (places.length < 2) continue;
    for (const place of places) {
      add(place.file, { ...error(place.path, 'name.duplicate', `monitor name "${name}" is defined ${places.length} times; names identify monitors and must be unique`), ...othersThan(places, place) });
    }
  }

  const settingsFiles = analyses.flatMap((a, file) => (a?.settings ? [{ file, path: ['settings'] as PathSegment[] }] : []));
  if (settingsFiles.length > 1) {
    for (const place of settingsFiles) {
      add(place.file, { ...error(place.path, 'settings.duplicate', 'settings: is declared in more than one file; keep it in one file', 'key'), ...othersThan(settingsFiles, place) });
    }
  }

  movedProblems(analyses, new Set(byName.keys())).forEach(([file, problem]) => add(file, problem));
  return out;
}

function movedProblems(analyses: readonly (FileAnalysis | undefined)[], names: ReadonlySet<string>): [number, LocatedProblem][] {
  const problems: [number, LocatedProblem][] = [];
  const froms = new Map<string, Place[]>();
  const tos = new Map<string, Place[]>();
  analyses.forEach((a, file) =>
    a?.moved.forEach((m) => {
      const at = (key: 'from' | 'to'): PathSegment[] => ['moved', m.index, key];
      append(froms, m.from, { file, path: at('from') });
      append(tos, m.to, { file, path: at('to') });
      if (m.from === m.to) problems.push([file, error(at('to'), 'moved.same_name', 'from and to are the same name; remove this entry')]);
      else if (!names.has(m.to)) problems.push([file, error(at('to'), 'moved.unknown_target', `no monitor is named "${m.to}"; to must name a monitor of this set`)]);
      if (m.from !== m.to && names.has(m.from)) {
        problems.push([file, error(at('from'), 'moved.source_still_defined', `a monitor is still named "${m.from}"; a renamed monitor must no longer use its old name`)]);
      }
    }),
  );
  const duplicates = (map: Map<string, Place[]>, code: string, what: string) => {
    for (const [name, places] of map) {
      if (places.length < 2) continue;
      for (const place of places) problems.push([place.file, { ...error(place.path, code, `"${name}" is the ${what} of ${places.length} moved entries`), ...othersThan(places, place) }]);
    }
  };
  duplicates(froms, 'moved.duplicate_from', 'from');
  duplicates(tos, 'moved.duplicate_to', 'to');
  return problems;
}
