// Which monitor types need or read a field, in words, from type-fields.ts: editors show
// it beside the spec's facts, since the spec leaves these rules unstated (docs/rules.md).
import { MONITOR_TYPES, type MonitorField } from '../monitor-input-schema.js';
import { REQUIRED_BY_TYPE, USED_BY_TYPE } from '../type-fields.js';

const typesWhere = (fieldsOf: (type: (typeof MONITOR_TYPES)[number]) => readonly MonitorField[], field: string) =>
  MONITOR_TYPES.filter((type) => (fieldsOf(type) as readonly string[]).includes(field));

/** "Needed by type keyword. Read by types http, keyword, json." or undefined for a field every type shares. */
export function fieldTypeNote(field: string): string | undefined {
  const needed = typesWhere((t) => REQUIRED_BY_TYPE[t], field);
  const read = typesWhere((t) => USED_BY_TYPE[t], field);
  if (read.length === 0) return undefined;
  const types = (list: readonly string[]) => `${list.length === 1 ? 'type' : 'types'} ${list.join(', ')}`;
  const parts = needed.length > 0 ? [`Needed by ${types(needed)}.`] : [];
  parts.push(`Read by ${types(read)} only; other types ignore it.`);
  return parts.join(' ');
}

/** One note per monitor type, in MONITOR_TYPES order: what it needs and what else it reads. */
export function typeValueNotes(): string[] {
  return MONITOR_TYPES.map((type) => {
    const needs = REQUIRED_BY_TYPE[type];
    const others = USED_BY_TYPE[type].filter((f) => !needs.includes(f));
    const parts = [needs.length > 0 ? `needs ${needs.join(', ')}` : 'needs no type-specific field'];
    if (others.length > 0) parts.push(`${needs.length > 0 ? 'also reads' : 'reads'} ${others.join(', ')}`);
    return `${type}: ${parts.join('; ')}.`;
  });
}
