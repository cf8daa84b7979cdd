// The labels of a monitor's `tags` (spec 2.1: a string of comma-separated labels), in
// Unicode NFC as globs compare names. Monitors of a set share few distinct tags strings,
// so the labels of each are made once per run.
const NONE: readonly string[] = Object.freeze([]);
const made = new Map<string, readonly string[]>();
/** Enough for any real set; past it, labels are made again each time rather than kept. */
const KEEP_AT_MOST = 10_000;

export function labelsOf(tags: unknown): readonly string[] {
  if (typeof tags !== 'string') return NONE;
  let labels = made.get(tags);
  if (labels) return labels;
  const list: string[] = [];
  for (const part of tags.split(',')) {
    const label = part.trim().normalize('NFC');
    if (label !== '') list.push(label);
  }
  labels = Object.freeze(list);
  if (made.size < KEEP_AT_MOST) made.set(tags, labels);
  return labels;
}
