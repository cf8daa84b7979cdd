// Which live monitors `export --name/--id` adopts. Patterns are those of `plan --target`
// (src/model/name-select/): whole names, case-sensitive, compared in NFC, a name always
// matching itself. Every pattern and id must select something, and no name may be left
// ambiguous: the tool matches monitors by name.
import { MonitorsError } from '../../errors.js';
import type { LiveMonitor } from '../../model/monitor.js';
import { anyPatternMatches } from '../../model/name-select/pattern.js';
import { didYouMean, firstUnmatched, invalidGlob, namePatterns } from '../../model/name-select/select.js';
import { partitionByName } from '../export-workspace.js';
import type { Selection } from './options.js';

export interface SelectedMonitor {
  live: LiveMonitor;
  /** Another live monitor has this one's name: the YAML pins it with `id:` (chosen by --id). */
  pinned: boolean;
}

/** The live monitors selected, in listing order; refuses a pattern or id that selects nothing, and an ambiguous name. */
export function selectLive(live: readonly LiveMonitor[], selection: Selection): SelectedMonitor[] {
  const listed = new Set(live.map((m) => m.id));
  const missing = selection.ids.filter((id) => !listed.has(id));
  if (missing.length > 0) throw unknownIds(missing, live.length);

  const matchers = namePatterns(selection.names);
  const unmatched = firstUnmatched(
    matchers,
    live.map((m) => m.name),
  );
  if (unmatched?.kind === 'invalid') throw invalidGlob('--name', unmatched);
  if (unmatched) throw unknownName(unmatched.pattern, unmatched.kind === 'none' ? unmatched.near : []);

  const ids = new Set(selection.ids);
  const chosen = live.filter((m) => ids.has(m.id) || anyPatternMatches(matchers, m.name));
  const shared = new Map(partitionByName(live).duplicates.map((d) => [d.name.normalize('NFC'), d.ids]));
  const chosenPerName = new Map<string, LiveMonitor[]>();
  for (const m of chosen) {
    const key = m.name.normalize('NFC');
    if (shared.has(key)) chosenPerName.set(key, [...(chosenPerName.get(key) ?? []), m]);
  }
  const ambiguous = [...chosenPerName].filter(([, list]) => list.length > 1);
  if (ambiguous.length > 0)
    throw ambiguousNames(ambiguous.map(([key, list]) => ({ name: list[0]!.name, ids: shared.get(key)! })));
  return chosen.map((m) => ({ live: m, pinned: shared.has(m.name.normalize('NFC')) }));
}

function unknownIds(ids: readonly string[], listed: number): MonitorsError {
  const which = ids.length === 1 ? `--id ${ids[0]} is` : `--id ${ids.join(', ')} are`;
  return new MonitorsError(
    'EXPORT_ID_UNKNOWN',
    `${which} not among the ${listed} live monitor${listed === 1 ? '' : 's'} of the workspace; nothing was written`,
    {
      hint: 'Check the id in the dashboard. A token sees only its own workspace (a monitor of another one is invisible): with environments, choose the workspace with --env NAME.',
    },
  );
}

function unknownName(pattern: string, near: readonly string[]): MonitorsError {
  return new MonitorsError(
    'EXPORT_NAME_UNKNOWN',
    `--name ${JSON.stringify(pattern)} matches no live monitor, so nothing was written${didYouMean(near)}`,
    {
      hint: 'Patterns match whole names, case-sensitive: * is any text, ? one character (e.g. --name "shop: *").',
    },
  );
}

function ambiguousNames(names: readonly { name: string; ids: string[] }[]): MonitorsError {
  const list = names.map((d) => `"${d.name}" (ids ${d.ids.join(', ')})`).join('; ');
  return new MonitorsError(
    'EXPORT_DUPLICATE_NAME',
    `several selected live monitors share a name, and the tool matches monitors by name: ${list}; nothing was written`,
    {
      hint: 'Adopt one of them with --id ID (the YAML then pins it with `id:`), or rename the others in the dashboard first.',
    },
  );
}
