// Checks that need every file at once: duplicate monitor names, more than one
// `settings:`, and `moved:` and `removed:` entries that do not fit the set of monitors. Names and renames
// are checked per environment (each is its own workspace), and a for_each that yields one
// name twice is told apart from two entries with one name.
import type { EnvironmentAnalysis, FileAnalysis } from './file-analysis.js';
import type { PathSegment } from '../values/yaml-path.js';
import { groupByInstance, tagged } from '../expand/instances.js';
import { error, type LocatedProblem } from '../values/problem.js';
import { NameIndex } from './name-index.js';

interface Place {
  file: number;
  path: PathSegment[];
  /** The for_each instance that made the monitor. */
  instance?: string;
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

/** The names the monitors of an environment have (a map from each to its count will do). */
interface NamesDefined {
  has(name: string): boolean;
}

/** Appends to the list under `key`, creating it on first use (no copying: duplicates may be many). */
function append<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The name counts kept from one load to the next (the language server's): one per environment, and the files' paths. */
export interface KeptNames {
  keys: readonly string[];
  byEnvironment: NameIndex[];
}

/** Problems per file index. `checkedEnvironments`: how many named environments were checked (0: none declared). */
export function crossFileProblems(
  analyses: readonly (FileAnalysis | undefined)[],
  checkedEnvironments = 0,
  kept?: KeptNames,
): Map<number, LocatedProblem[]> {
  const found: [number, LocatedProblem][] = [];
  const settingsFiles = analyses.flatMap((a, file) =>
    a?.settings ? [{ file, path: ['settings'] as PathSegment[] }] : [],
  );
  if (settingsFiles.length > 1) {
    for (const place of settingsFiles) {
      found.push([
        place.file,
        {
          ...error(
            place.path,
            'settings.duplicate',
            'settings: is declared in more than one file; keep it in one file',
            'key',
          ),
          ...othersThan(settingsFiles, place),
        },
      ]);
    }
  }
  const environmentCount = Math.max(1, ...analyses.map((a) => a?.environments.length ?? 0));
  for (let e = 0; e < environmentCount; e += 1) {
    const views = analyses.map((a) => a?.environments[e]);
    const env = views.find((v) => v !== undefined)?.environment;
    const names = kept ? (kept.byEnvironment[e] ??= new NameIndex()) : new NameIndex();
    names.update(
      kept?.keys ?? [],
      views.map((v) => v?.monitors),
    );
    for (const [file, problem, each] of environmentProblems(views, names))
      found.push([file, tagged(problem, { env, each })]);
  }
  const byFile = new Map<number, LocatedProblem[]>();
  for (const [file, problem] of found) append(byFile, file, problem);
  for (const [file, problems] of byFile) byFile.set(file, groupByInstance(problems, checkedEnvironments));
  return byFile;
}

/** Names and renames within one environment: [file, problem, for_each instance]. */
function environmentProblems(
  views: readonly (EnvironmentAnalysis | undefined)[],
  counts: NameIndex,
): [number, LocatedProblem, string | undefined][] {
  const out: [number, LocatedProblem, string | undefined][] = [];
  // Counted first: the places of a name are made only when it is defined more than once,
  // and only the files that hold such a name are read again.
  const byName = new Map<string, Place[]>();
  for (const file of counts.filesWithDuplicates())
    views[file]?.monitors.forEach((m) => {
      if (m.name === undefined || counts.count(m.name) < 2) return;
      const place: Place = { file, path: ['monitors', m.index, 'name'] };
      if (m.instance !== undefined) place.instance = m.instance;
      append(byName, m.name, place);
    });
  // A for_each yielding one name several times: one problem per entry, naming the first name and its instances.
  const repeated = new Map<string, { place: Place; names: [string, Place[]][] }>();
  for (const [name, places] of byName) {
    const entries = new Map<string, Place[]>();
    for (const place of places) append(entries, `${place.file}\0${place.path.join('\0')}`, place);
    const firsts = [...entries.values()].map((list) => list[0]!);
    for (const [key, list] of entries) {
      const place = list[0]!;
      if (list.length > 1) {
        const entry = repeated.get(key) ?? { place, names: [] };
        entry.names.push([name, list]);
        repeated.set(key, entry);
      }
      if (firsts.length > 1) {
        out.push([
          place.file,
          {
            ...error(
              place.path,
              'name.duplicate',
              `monitor name "${name}" is defined ${places.length} times; names identify monitors and must be unique`,
            ),
            ...othersThan(firsts, place),
          },
          place.instance,
        ]);
      }
    }
  }
  for (const { place, names } of repeated.values()) {
    const [name, list] = names[0]!;
    const shown = list
      .slice(0, MAX_RELATED)
      .map((p) => p.instance ?? '?')
      .join('; ');
    const more = list.length > MAX_RELATED ? `; and ${list.length - MAX_RELATED} more` : '';
    const others =
      names.length > 1 ? `, and ${names.length - 1} more name${names.length === 2 ? '' : 's'} likewise` : '';
    out.push([
      place.file,
      error(
        place.path,
        'for_each.duplicate_name',
        `for_each yields ${list.length} monitors named "${name}" (${shown}${more})${others}; names identify monitors: use \${each.KEY} for every key that varies`,
      ),
      undefined,
    ]);
  }
  for (const [file, problem, each] of movedProblems(views, counts)) out.push([file, problem, each]);
  for (const [file, problem, each] of removedProblems(views, counts)) out.push([file, problem, each]);
  // A `deleted:` entry names a delete: a monitor still defined is not deleted, and the entry would wait for one.
  views.forEach((v, file) =>
    v?.deleted.forEach((d) => {
      if (counts.has(d.name))
        out.push([
          file,
          error(
            ['deleted', d.index, 'name'],
            'deleted.still_defined',
            `a monitor is still named "${d.name}", so it is not deleted; remove it from monitors: to delete it, or remove this entry`,
          ),
          d.instance,
        ]);
    }),
  );
  return out;
}

/**
 * `removed:` entries: a name still defined in the YAML (forget it, or manage it: not both),
 * a name a `moved` entry renames (rename it, or forget it: not both), a name forgotten twice.
 * Whether the lock file manages the name is known only to plan (src/plan/forget.ts).
 */
function removedProblems(
  views: readonly (EnvironmentAnalysis | undefined)[],
  names: NamesDefined,
): [number, LocatedProblem, string | undefined][] {
  const problems: [number, LocatedProblem, string | undefined][] = [];
  const movedFrom = new Set(views.flatMap((v) => v?.moved.map((m) => m.from) ?? []));
  const places = new Map<string, Place[]>();
  views.forEach((v, file) =>
    v?.removed.forEach((r) => {
      const path: PathSegment[] = ['removed', r.index, 'name'];
      append(places, r.name, { file, path, ...(r.instance !== undefined ? { instance: r.instance } : {}) });
      if (names.has(r.name))
        problems.push([
          file,
          error(
            path,
            'removed.still_defined',
            `a monitor is still named "${r.name}"; remove it from monitors: to stop managing it, or remove this entry to keep managing it`,
          ),
          r.instance,
        ]);
      else if (movedFrom.has(r.name))
        problems.push([
          file,
          error(
            path,
            'removed.moved',
            `"${r.name}" is also the from of a moved entry; a monitor is either renamed or no longer managed: remove one of the two entries`,
          ),
          r.instance,
        ]);
    }),
  );
  for (const [name, list] of places) {
    if (list.length < 2) continue;
    for (const place of list)
      problems.push([
        place.file,
        {
          ...error(place.path, 'removed.duplicate', `"${name}" is named by ${list.length} removed entries; keep one`),
          ...othersThan(list, place),
        },
        place.instance,
      ]);
  }
  return problems;
}

function movedProblems(
  views: readonly (EnvironmentAnalysis | undefined)[],
  names: NamesDefined,
): [number, LocatedProblem, string | undefined][] {
  const problems: [number, LocatedProblem, string | undefined][] = [];
  const froms = new Map<string, Place[]>();
  const tos = new Map<string, Place[]>();
  views.forEach((v, file) =>
    v?.moved.forEach((m) => {
      const at = (key: 'from' | 'to'): PathSegment[] => ['moved', m.index, key];
      const instance = m.instance !== undefined ? { instance: m.instance } : {};
      append(froms, m.from, { file, path: at('from'), ...instance });
      append(tos, m.to, { file, path: at('to'), ...instance });
      if (m.from === m.to)
        problems.push([
          file,
          error(at('to'), 'moved.same_name', 'from and to are the same name; remove this entry'),
          m.instance,
        ]);
      else if (!names.has(m.to))
        problems.push([
          file,
          error(at('to'), 'moved.unknown_target', `no monitor is named "${m.to}"; to must name a monitor of this set`),
          m.instance,
        ]);
      if (m.from !== m.to && names.has(m.from)) {
        problems.push([
          file,
          error(
            at('from'),
            'moved.source_still_defined',
            `a monitor is still named "${m.from}"; a renamed monitor must no longer use its old name`,
          ),
          m.instance,
        ]);
      }
    }),
  );
  const duplicates = (map: Map<string, Place[]>, code: string, what: string) => {
    for (const [name, places] of map) {
      if (places.length < 2) continue;
      for (const place of places)
        problems.push([
          place.file,
          {
            ...error(place.path, code, `"${name}" is the ${what} of ${places.length} moved entries`),
            ...othersThan(places, place),
          },
          place.instance,
        ]);
    }
  };
  duplicates(froms, 'moved.duplicate_from', 'from');
  duplicates(tos, 'moved.duplicate_to', 'to');
  return problems;
}
