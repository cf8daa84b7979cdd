// The value a quick fix writes for a field it adds: something of the right form that reads
// as a placeholder (example.com, the first value of an enum, the lowest allowed number),
// so the entry stays valid YAML of the right type and the user replaces it. Pure.
import { monitorInputProperties } from '../../schema/monitor-input-schema.js';
import { isMonitorType, URL_FORM_BY_TYPE } from '../../schema/type-fields.js';

interface FieldSchema {
  type?: string | readonly string[];
  minimum?: number;
  enum?: readonly unknown[];
}

export function placeholderFor(field: string, monitorType: unknown): string {
  if (field === 'url')
    return isMonitorType(monitorType) && URL_FORM_BY_TYPE[monitorType] === 'url-or-host'
      ? 'example.com'
      : 'https://example.com/';
  const schema = (monitorInputProperties as Record<string, FieldSchema | undefined>)[field];
  const first = schema?.enum?.find((v) => typeof v === 'string' || typeof v === 'number');
  if (typeof first === 'string' || typeof first === 'number') return String(first);
  const types = [schema?.type ?? []].flat();
  if (types.includes('integer') || types.includes('number')) return String(schema?.minimum ?? 0);
  if (types.includes('boolean')) return 'false';
  if (types.includes('array')) return '[]';
  return 'CHANGE-ME';
}
