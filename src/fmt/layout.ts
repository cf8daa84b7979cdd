// The canonical layout of a monitors file, as key orders (docs/yaml-format.md, "Layout").
// A monitor's fields follow the spec's table (spec section 2.1, the order of
// src/schema/monitor-input-schema.ts), with the reconciler's own keys (`id`, `environments`,
// `for_each`) right after the name, since they say which monitor the entry is. Keys this
// table does not know (a typo validate reports) keep their order, after the known ones.
import { environmentSchema, monitorsFileSchema, settingsSchema } from '../schema/file-schema.js';
import { MONITOR_FIELDS } from '../schema/monitor-input-schema.js';

/** The order of keys in each kind of mapping a monitors file holds. */
export interface Layout {
  top: readonly string[];
  monitor: readonly string[];
  defaults: readonly string[];
  settings: readonly string[];
  environment: readonly string[];
  moved: readonly string[];
  removed: readonly string[];
  deleted: readonly string[];
}

const RECONCILER_KEYS = ['id', 'environments', 'for_each'];
const [NAME, ...SPEC_FIELDS] = MONITOR_FIELDS;

export const LAYOUT: Layout = {
  // What the rest of the file reads first: settings and policy, then the values monitors take, then the monitors.
  top: ['settings', 'policy', 'vars', 'defaults', 'monitors', 'moved', 'removed', 'deleted'],
  monitor: [NAME!, ...RECONCILER_KEYS, ...SPEC_FIELDS],
  defaults: ['environments', ...SPEC_FIELDS],
  settings: Object.keys(settingsSchema.properties),
  environment: Object.keys(environmentSchema.properties),
  moved: ['from', 'to', 'environments', 'for_each'],
  removed: ['name', 'environments', 'for_each'],
  deleted: ['name', 'environments', 'for_each', 'policy_exceptions'],
};

/** Every top-level key the file schema knows is placed (a new section must be given its place here). */
export const UNPLACED_TOP_LEVEL_KEYS = Object.keys(monitorsFileSchema.properties).filter(
  (key) => !LAYOUT.top.includes(key),
);

/** Sorts keys by their place in `order`; unknown keys after, in the order they came. */
export function byPlace<T>(items: readonly T[], keyOf: (item: T) => string | undefined, order: readonly string[]): T[] {
  const place = (item: T) => {
    const i = order.indexOf(keyOf(item) ?? '');
    return i === -1 ? order.length : i;
  };
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => place(a.item) - place(b.item) || a.index - b.index)
    .map(({ item }) => item);
}
