// The schema as editors get it (schema/*.json), derived from the loader's schema values:
// - a field that may be one whole `${var.NAME}` is `anyOf: [the field, a template]`, not
//   `if/then/else`, because editors' completion (Red Hat's YAML server among them) offers
//   the enum values of `anyOf` branches but never looks inside `else`;
// - every key carries a description and a markdownDescription: its prose, the spec's facts
//   (type, bounds, required, write-only) and which monitor types need or read it.
// The loader compiles the values of file-schema.ts as they are; this only changes the JSON.
import { WHOLE_TEMPLATE_PATTERN } from '../file-schema.js';
import { MONITOR_INPUT_REQUIRED } from '../monitor-input-schema.js';
import { factsMarkdown, factsText, fieldFacts } from './field-facts.js';
import { fieldTypeNote, typeValueNotes } from './type-notes.js';

type Json = Record<string, unknown>;

// Titled and described apart from the field's own branch, so that a hover over a plain
// value (Red Hat's server compares branches by title and description) shows the field alone.
const TEMPLATE_BRANCH = {
  title: 'one whole ${var.NAME} or ${each.KEY}',
  description: 'A reference to a var or a for_each key; its value is checked once substituted.',
  type: 'string',
  pattern: WHOLE_TEMPLATE_PATTERN,
};
const TEMPLATE_NOTE = 'May also be one whole ${var.NAME} or ${each.KEY}, which takes the type of its value.';
const TEMPLATE_NOTE_MD = 'May also be one whole `${var.NAME}` or `${each.KEY}`, which takes the type of its value.';

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The field inside `{ if: <one whole template>, then: true, else: field }`, or undefined. */
function templatedField(schema: Json): Json | undefined {
  const test = schema.if;
  if (!isObject(test) || test.pattern !== WHOLE_TEMPLATE_PATTERN || !isObject(schema.else)) return undefined;
  return schema.else;
}

interface Documented {
  key: string;
  field: Json;
  required: boolean;
  /** A monitor field required of the merged monitor, not of this object. */
  requiredOfMonitor: boolean;
  templated: boolean;
}

function documentation({ key, field, required, requiredOfMonitor, templated }: Documented): Json {
  const prose = typeof field.description === 'string' ? field.description : undefined;
  const facts = fieldFacts(field, required || requiredOfMonitor);
  const where = requiredOfMonitor && !required ? ' (in the monitor or its defaults)' : '';
  const typeNote = templated ? fieldTypeNote(key) : undefined;
  const text = [prose, `Value: ${factsText(facts).replace(/required(?=;|$)/, `required${where}`)}.`];
  const markdown = [`${factsMarkdown(facts).replace('**required**', `**required**${where}`)}`, prose];
  if (typeNote) {
    text.push(typeNote);
    markdown.push(typeNote);
  }
  if (templated) {
    text.push(TEMPLATE_NOTE);
    markdown.push(TEMPLATE_NOTE_MD);
  }
  return {
    title: key,
    description: text.filter(Boolean).join(' '),
    markdownDescription: markdown.filter(Boolean).join('\n\n'),
  };
}

/** Per-value notes where the values mean more than their names (the monitor types). */
function enumNotes(key: string, field: Json): Json {
  if (key !== 'type' || !Array.isArray(field.enum)) return {};
  const notes = typeValueNotes();
  return { enumDescriptions: notes, markdownEnumDescriptions: notes };
}

function editorProperty(key: string, schema: Json, parentRequired: readonly string[]): Json {
  const inner = templatedField(schema);
  const field = editorNode(inner ?? schema);
  const docs = documentation({
    key,
    field: inner ?? schema,
    required: parentRequired.includes(key),
    requiredOfMonitor: inner !== undefined && (MONITOR_INPUT_REQUIRED as readonly string[]).includes(key),
    templated: inner !== undefined,
  });
  if (inner === undefined) return { ...field, ...docs, ...enumNotes(key, field) };
  const { description: _prose, ...plain } = field;
  return { ...docs, anyOf: [{ ...plain, ...enumNotes(key, plain) }, TEMPLATE_BRANCH] };
}

/** Rewrites one schema node and everything below it. */
export function editorNode(schema: Json): Json {
  const out: Json = { ...schema };
  if (isObject(schema.properties)) {
    const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([key, value]) => [key, editorProperty(key, value as Json, required)]),
    );
  }
  if (isObject(schema.definitions)) {
    out.definitions = Object.fromEntries(
      Object.entries(schema.definitions).map(([key, value]) => [key, editorNode(value as Json)]),
    );
  }
  for (const key of ['items', 'additionalProperties'] as const) {
    if (isObject(schema[key])) out[key] = editorNode(schema[key]);
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches)) out[key] = (branches as unknown[]).map((b) => (isObject(b) ? editorNode(b) : b));
  }
  return out;
}

/** A whole schema file for editors. */
export function editorSchema(schema: object): Json {
  return editorNode(schema as Json);
}
