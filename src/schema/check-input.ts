// One monitor input checked against the JSON Schema of spec 2.1 (the compiled validator), each
// problem a field and a message.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { monitorInputSchema } from './monitor-input-schema.js';

/** One problem with one field of a monitor input; `field` is '' for the object itself. */
export interface FieldProblem {
  field: string;
  /** JSON pointer of the offending value inside the monitor (e.g. /locations/2). */
  pointer: string;
  code: string;
  message: string;
}

let compiled: ValidateFunction | undefined;

export function monitorInputValidator(): ValidateFunction {
  compiled ??= new Ajv({ allErrors: true, strict: true, allowUnionTypes: true }).compile(monitorInputSchema);
  return compiled;
}

/**
 * Schema check of one monitor input (spec 2.1). Shared by the CLI loader and the simulator.
 * Cross-field and server rules live in rules.ts.
 */
export function schemaProblems(input: unknown): FieldProblem[] {
  const validate = monitorInputValidator();
  if (validate(input)) return [];
  return (validate.errors ?? []).map(toProblem);
}

function toProblem(error: ErrorObject): FieldProblem {
  const pointer =
    error.keyword === 'additionalProperties'
      ? `${error.instancePath}/${String((error.params as { additionalProperty: string }).additionalProperty)}`
      : error.keyword === 'required'
        ? `${error.instancePath}/${String((error.params as { missingProperty: string }).missingProperty)}`
        : error.instancePath;
  const field = pointer.split('/')[1] ?? '';
  return { field, pointer, code: `schema.${error.keyword}`, message: describe(error) };
}

function describe(error: ErrorObject): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `missing required field "${String(p.missingProperty)}"`;
    case 'additionalProperties':
      return `unknown field "${String(p.additionalProperty)}"`;
    case 'enum':
      return `must be one of: ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'type':
      return `must be ${String(p.type).replace(',', ' or ')}`;
    default:
      return error.message ?? error.keyword;
  }
}
