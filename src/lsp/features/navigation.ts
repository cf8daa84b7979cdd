// Point 4 of issue 32: go to definition and find references. `${var.NAME}` goes to each
// place it is set (the file's `vars:` and each environment's vars); `${each.KEY}` to its
// for_each key; a `moved.from`, `moved.to` or `removed.name` to the monitor of that name;
// a monitor's name to every entry that names it.
import { cursorAt } from '../cursor.js';
import type { Place, SetIndex } from '../set-index.js';
import type { SetLoad } from '../workspace-set.js';

export interface NavigationInput {
  text: string;
  abs: string;
  offset: number;
  load: SetLoad;
  root: string;
  index: SetIndex;
}

export function definitionsAt(input: NavigationInput): Place[] {
  const { text, abs, offset, load, root, index } = input;
  const ref = cursorAt(text, offset).reference;
  if (ref?.kind === 'var') return index.varPlaces(load, root, abs, ref.name);
  if (ref?.kind === 'each') {
    const key = index.forEachAt(abs, offset)?.keys.get(ref.name);
    return key ? [{ abs, span: key }] : [];
  }
  const named = nameAt(input);
  if (!named) return [];
  return (index.namePlaces(load, root).get(named.name) ?? []).filter((p) => p.kind === 'name');
}

export function referencesAt(input: NavigationInput, includeDeclaration: boolean): Place[] {
  const named = nameAt(input);
  if (!named) return [];
  return (input.index.namePlaces(input.load, input.root).get(named.name) ?? []).filter(
    (p) => includeDeclaration || p.kind !== 'name',
  );
}

/** The name written under the cursor: a monitor's name, or a moved/removed entry's. */
function nameAt({ abs, offset, load, root, index }: NavigationInput): { name: string } | undefined {
  for (const [name, places] of index.namePlaces(load, root))
    if (places.some((p) => p.abs === abs && offset >= p.span.start && offset <= p.span.end)) return { name };
  return undefined;
}
