// What a field's schema says, in words: its type, bounds, values, whether it is required
// and whether the API ever returns it. The words come from the schema, which follows the
// spec's table (section 2.1) row by row, so the editor's documentation cannot drift from it.

/** The keywords of a property schema that the facts read (a subset of JSON Schema). */
export interface FieldSchema {
  type?: string | readonly string[];
  enum?: readonly unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  minProperties?: number;
  pattern?: string;
  default?: unknown;
  writeOnly?: boolean;
  items?: FieldSchema;
  oneOf?: readonly FieldSchema[];
}

export interface FieldFacts {
  /** "integer", "string or null", "array of string", "one of: a, b, null". */
  kind: string;
  /** "2 to 60", "at most 255 characters", "matches ^[A-Fa-f0-9]*$"; empty when none. */
  bounds: string[];
  required: boolean;
  writeOnly: boolean;
  default?: string;
}

const typeList = (type: string | readonly string[] | undefined): string[] =>
  type === undefined ? [] : typeof type === 'string' ? [type] : [...type];

function kindOf(schema: FieldSchema): string {
  if (schema.enum)
    return `one of: ${schema.enum.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ')}`;
  const types = typeList(schema.type);
  if (types.length === 1 && types[0] === 'array' && schema.items) {
    return `array of ${kindOf(schema.items)}`;
  }
  if (types.length > 0) return types.join(' or ');
  if (schema.oneOf) return schema.oneOf.map(kindOf).join(', or ');
  return 'any value';
}

function range(min: number | undefined, max: number | undefined, unit: string): string | undefined {
  const suffix = unit ? ` ${(max ?? min) === 1 ? unit.replace(/s$/, '') : unit}` : '';
  if (min !== undefined && max !== undefined)
    return min === max ? `exactly ${min}${suffix}` : `${min} to ${max}${suffix}`;
  if (min !== undefined) return `at least ${min}${suffix}`;
  if (max !== undefined) return `at most ${max}${suffix}`;
  return undefined;
}

function boundsOf(schema: FieldSchema): string[] {
  const bounds = [
    range(schema.minimum, schema.maximum, ''),
    range(schema.minLength, schema.maxLength, 'characters'),
    range(schema.minItems, undefined, 'items'),
    range(schema.minProperties, undefined, 'entries'),
    schema.pattern === undefined ? undefined : `matches ${schema.pattern}`,
  ].filter((b): b is string => b !== undefined);
  const items = schema.items && !schema.enum ? boundsOf(schema.items) : [];
  return [...bounds, ...items.map((b) => `each item ${b}`)];
}

export function fieldFacts(schema: FieldSchema, required: boolean): FieldFacts {
  return {
    kind: kindOf(schema),
    bounds: boundsOf(schema),
    required,
    writeOnly: schema.writeOnly === true,
    ...(schema.default === undefined ? {} : { default: JSON.stringify(schema.default) }),
  };
}

/** One line of plain text: "integer, 2 to 60; required". */
export function factsText(facts: FieldFacts): string {
  const parts = [[facts.kind, ...facts.bounds].join(', '), facts.required ? 'required' : 'optional'];
  if (facts.default !== undefined) parts.push(`default ${facts.default}`);
  if (facts.writeOnly) parts.push('write-only: the API never returns it');
  return parts.join('; ');
}

/** The same facts as Markdown, for editors that render it. */
export function factsMarkdown(facts: FieldFacts): string {
  const code = (text: string) => `\`${text.replaceAll('`', "'")}\``;
  const kind = facts.kind.startsWith('one of: ')
    ? `one of ${facts.kind
        .slice('one of: '.length)
        .split(', ')
        .map((v) => code(v))
        .join(', ')}`
    : `*${facts.kind}*`;
  const bounds = facts.bounds.map((b) => (b.startsWith('matches ') ? `matches ${code(b.slice(8))}` : b));
  const parts = [[kind, ...bounds].join(', '), facts.required ? '**required**' : 'optional'];
  if (facts.default !== undefined) parts.push(`default ${code(facts.default)}`);
  if (facts.writeOnly) parts.push('**write-only**: the API never returns it');
  return parts.join(' · ');
}
