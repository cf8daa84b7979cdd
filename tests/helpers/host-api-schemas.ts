// The Git hosts' own API descriptions (Swagger 2 excerpts in ../shared/git-host-apis/, read in
// place, never copied), turned into request-body validators for the fakes of Azure DevOps and
// Gitea: every body `monitors ci` sends is checked against the operation's schema. A
// definition is inlined ($ref resolved, allOf merged) and closed (additionalProperties: false
// where the description lists the properties), so that a misspelled field fails as it would be
// ignored by the host; formats such as int64 are Swagger's, not JSON Schema's, and not checked.
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import { sharedPath } from './shared-dir.js';

type Schema = Record<string, unknown>;

/** A definition with its $refs inlined and allOf merged, every object closed. */
export function closedDefinition(definitions: Record<string, Schema>, name: string, seen: string[] = []): Schema {
  if (seen.includes(name)) return { type: 'object' }; // a cycle: open from here on
  const definition = definitions[name];
  if (!definition) throw new Error(`no definition ${name}`);
  return close(definition, definitions, [...seen, name]);
}

function close(schema: Schema, definitions: Record<string, Schema>, seen: string[]): Schema {
  const ref = schema.$ref as string | undefined;
  if (ref) return closedDefinition(definitions, ref.replace('#/definitions/', ''), seen);
  const out: Schema = {};
  let properties: Record<string, Schema> | undefined;
  for (const [key, value] of Object.entries(schema)) {
    if (key.startsWith('x-') || key === 'description') continue;
    if (key === 'allOf') {
      for (const part of value as Schema[]) {
        const merged = close(part, definitions, seen);
        properties = { ...properties, ...(merged.properties as Record<string, Schema>) };
      }
    } else if (key === 'properties') {
      const own = Object.fromEntries(
        Object.entries(value as Record<string, Schema>).map(([k, v]) => [k, close(v, definitions, seen)]),
      );
      properties = { ...properties, ...own };
    } else if (key === 'items' || key === 'additionalProperties') {
      out[key] = typeof value === 'object' ? close(value as Schema, definitions, seen) : value;
    } else if (key !== 'format') out[key] = value;
  }
  // Gitea's excerpt keeps CommitStatusState's values beside the schema (x-excerpt-enum).
  const excerptEnum = schema['x-excerpt-enum'];
  if (Array.isArray(excerptEnum)) out.enum = excerptEnum;
  if (properties) {
    out.properties = properties;
    out.type ??= 'object';
    out.additionalProperties ??= false;
  }
  return out;
}

export interface BodyValidator {
  /** The errors of a body against the named definition, as one line each; [] when valid. */
  errors(definition: string, body: unknown): string[];
}

/** Validators over the definitions of one Swagger file (and any extra, transcribed definitions). */
export function bodyValidator(file: string, extra: Record<string, Schema> = {}): BodyValidator {
  const document = JSON.parse(readFileSync(sharedPath('git-host-apis', file), 'utf8')) as {
    definitions: Record<string, Schema>;
  };
  const definitions = { ...document.definitions, ...extra };
  const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
  const compiled = new Map<string, ValidateFunction>();
  return {
    errors(definition, body) {
      let validate = compiled.get(definition);
      if (!validate) {
        validate = ajv.compile(closedDefinition(definitions, definition));
        compiled.set(definition, validate);
      }
      if (validate(body)) return [];
      return (validate.errors ?? []).map(
        (e) => `${definition}${e.instancePath} ${e.message ?? ''} ${JSON.stringify(e.params)}`,
      );
    },
  };
}
