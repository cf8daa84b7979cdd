// The loader's validators, precompiled (generated/validators.ts): the whole-file schema
// minus items, and the monitor input schema for each monitor after merging defaults.
// Errors carry no value (no ajv `verbose`): schema-messages.ts reads it at the error's path.
import type { ErrorObject } from 'ajv';
import * as generated from '../generated/validators.js';

export interface Validator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

export interface LoaderValidators {
  file: Validator;
  monitor: Validator;
}

const validators: LoaderValidators = {
  file: (generated as unknown as { validateFile: Validator }).validateFile,
  monitor: (generated as unknown as { validateMonitor: Validator }).validateMonitor,
};

export function loaderValidators(): LoaderValidators {
  return validators;
}
