// `monitors validate`'s arguments: the format, the environment, and whether an unset
// ${env:NAME} is an error (--require-env) or a warning.
import { chooseFormat, type FormatOf } from '../../render/formats/registry.js';
import { requestedEnvironment, type EnvironmentRequest } from '../../workspace/environment.js';
import type { ValidateOptions } from './validate-options.js';

export interface ValidateArguments {
  format: FormatOf<'validation'>;
  environment: EnvironmentRequest | undefined;
  missingEnv: 'error' | 'warning';
}

export function parseValidateArguments(options: ValidateOptions, env: NodeJS.ProcessEnv): ValidateArguments {
  const format = chooseFormat('validation', options.format);
  return {
    format,
    environment: requestedEnvironment(options.env, env),
    missingEnv: options.requireEnv ? 'error' : 'warning',
  };
}
