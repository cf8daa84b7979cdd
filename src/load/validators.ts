// The loader's ajv validators, compiled once per process: the whole-file schema (what
// editors use) and the monitor input schema (each monitor after merging defaults).
// `verbose` keeps the offending value on each error, for "did you mean" on enums.
import { Ajv, type ValidateFunction } from 'ajv';
import { monitorsFileSchema } from '../schema/file-schema.js';
import { monitorInputSchema } from '../schema/monitor-input-schema.js';

export interface LoaderValidators {
  file: ValidateFunction;
  monitor: ValidateFunction;
}

let compiled: LoaderValidators | undefined;

export function loaderValidators(): LoaderValidators {
  if (!compiled) {
    const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, verbose: true });
    compiled = { file: ajv.compile(monitorsFileSchema), monitor: ajv.compile(monitorInputSchema) };
  }
  return compiled;
}
