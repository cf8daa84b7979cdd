// What the spec says of a field, for hover and completion: its description, type, bounds,
// enum, whether it is required and whether it is write-only (src/schema/, spec 2.1).
import { environmentSchema, monitorItemProperties, settingsSchema } from '../../schema/file-schema.js';
import { MONITOR_INPUT_REQUIRED, monitorInputProperties } from '../../schema/monitor-input-schema.js';

interface Schema {
  type?: string | readonly string[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  enum?: readonly unknown[];
  oneOf?: readonly Schema[];
  anyOf?: readonly Schema[];
  writeOnly?: boolean;
  description?: string;
}

export const REQUIRED: ReadonlySet<string> = new Set(MONITOR_INPUT_REQUIRED);

/** The properties of the block at `path`: a monitor entry, defaults, settings, an environment. */
export function propertiesAt(path: readonly string[]): Record<string, Schema> | undefined {
  const p = path.join('.');
  // An entry's fields are templatable in the file schema (a wrapper around each): the spec's own schema says what they are.
  if (p === 'monitors.-') return { ...monitorItemProperties, ...monitorInputProperties };
  if (p === 'defaults') return monitorInputProperties;
  if (p === 'settings') return settingsSchema.properties;
  if (/^settings\.environments\.[^.]+$/.test(p)) return environmentSchema.properties;
  return undefined;
}

/** The values a field takes from a fixed list (its enum, or that of its first alternative with one). */
export function enumOf(schema: Schema | undefined): string[] {
  if (!schema) return [];
  if (schema.enum) return schema.enum.map(String);
  for (const alt of [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]) {
    const values = enumOf(alt);
    if (values.length > 0) return values;
  }
  return [];
}

export function describeField(name: string, schema: Schema, required: boolean): string {
  const facts: string[] = [];
  const type = typeof schema.type === 'string' ? schema.type : schema.type?.join(' or ');
  if (type) facts.push(type);
  if (schema.minimum !== undefined) facts.push(`minimum ${schema.minimum}`);
  if (schema.maximum !== undefined) facts.push(`maximum ${schema.maximum}`);
  if (schema.maxLength !== undefined) facts.push(`at most ${schema.maxLength} characters`);
  const values = enumOf(schema);
  if (values.length > 0) facts.push(`one of ${values.join(', ')}`);
  facts.push(required ? 'required' : 'optional');
  if (schema.writeOnly === true) facts.push('write-only (the API never returns it)');
  const description = schema.description ? `\n\n${schema.description}` : '';
  return `**${name}**: ${facts.join('; ')}${description}`;
}
