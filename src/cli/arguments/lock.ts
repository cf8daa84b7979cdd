// The arguments of `monitors lock list|show|forget`: the format (list, show), the
// environment and --lock; forget's --yes.
import { chooseFormat, type FormatOf } from '../../render/formats/registry.js';
import { requestedEnvironment, type EnvironmentRequest } from '../../workspace/environment.js';
import type { LockForgetOptions, LockReadOptions } from './lock-options.js';
import { fileOption } from './options.js';

/** Which lock a lock command reads: of the set, or of one environment; the file, when --lock names it. */
export interface LockSetArguments {
  environment: EnvironmentRequest | undefined;
  lock: string | undefined;
}

export interface LockReadArguments<S extends 'lock' | 'lockRecord'> extends LockSetArguments {
  format: FormatOf<S>;
}

/** `lock list` (subject `lock`) and `lock show` (subject `lockRecord`). */
export function parseLockReadArguments<S extends 'lock' | 'lockRecord'>(
  subject: S,
  options: LockReadOptions,
  env: NodeJS.ProcessEnv,
): LockReadArguments<S> {
  const format = chooseFormat(subject, options.format);
  return { format, ...parseLockSetArguments(options, env) };
}

export interface LockForgetArguments extends LockSetArguments {
  yes: boolean;
}

export function parseLockForgetArguments(options: LockForgetOptions, env: NodeJS.ProcessEnv): LockForgetArguments {
  return { ...parseLockSetArguments(options, env), yes: options.yes ?? false };
}

function parseLockSetArguments(options: { env?: string; lock?: string }, env: NodeJS.ProcessEnv): LockSetArguments {
  return { environment: requestedEnvironment(options.env, env), lock: fileOption('--lock', options.lock) };
}
