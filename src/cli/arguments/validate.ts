// `monitors validate`'s arguments: the format, the environment, and whether an unset
// ${env:NAME} is an error (--require-env) or a warning.
import { chooseFormat, type FormatOf } from '../../render/formats/registry.js';
import { requestedEnvironment, type EnvironmentRequest } from '../steps/environment.js';
import { asksEveryEnvironment } from '../steps/every-environment-flag.js';
import type { EveryEnvironmentArguments } from './every-environment.js';
import type { ValidateOptions } from './validate-options.js';

export interface OneValidateArguments {
  everyEnvironment: false;
  format: FormatOf<'validation'>;
  environment: EnvironmentRequest | undefined;
  missingEnv: 'error' | 'warning';
}

export type ValidateArguments = OneValidateArguments | EveryEnvironmentArguments<'validation'>;

export function parseValidateArguments(options: ValidateOptions, env: NodeJS.ProcessEnv): ValidateArguments {
  const format = chooseFormat('validation', options.format);
  if (asksEveryEnvironment(options.env, env)) return { everyEnvironment: true, format };
  return {
    everyEnvironment: false,
    format,
    environment: requestedEnvironment(options.env, env),
    missingEnv: options.requireEnv ? 'error' : 'warning',
  };
}
