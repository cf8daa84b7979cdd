// `monitors plan`'s arguments: the format, the environment, --out and --lock (files, never
// folders), --target / --replace and the switches, checked before anything is read or sent.
import { chooseFormat, type FormatOf } from '../../render/formats/registry.js';
import { parseNarrowing, type Narrowing } from './narrow.js';
import { requestedEnvironment, type EnvironmentRequest } from '../../workspace/environment.js';
import { fileOption } from './options.js';
import type { PlanOptions } from './plan-options.js';

export interface PlanArguments {
  format: FormatOf<'plan'>;
  environment: EnvironmentRequest | undefined;
  /** --out: where the plan is saved, if anywhere. */
  out: string | undefined;
  /** --lock, when given. */
  lock: string | undefined;
  narrowing: Narrowing;
  detailedExitcode: boolean;
  allowMassDelete: boolean;
  allowMissing: boolean;
  apiUrl: string | undefined;
}

export function parsePlanArguments(options: PlanOptions, env: NodeJS.ProcessEnv): PlanArguments {
  const format = chooseFormat('plan', options.format);
  return {
    format,
    environment: requestedEnvironment(options.env, env),
    out: fileOption('--out', options.out),
    lock: fileOption('--lock', options.lock),
    narrowing: parseNarrowing(options.target, options.replace),
    detailedExitcode: options.detailedExitcode ?? false,
    allowMassDelete: options.allowMassDelete ?? false,
    allowMissing: options.allowMissing ?? false,
    apiUrl: options.apiUrl,
  };
}
