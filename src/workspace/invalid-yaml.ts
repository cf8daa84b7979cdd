// What a command says when the YAML it opened has errors: an unset variable named with where
// it is referenced and how to check for it offline; and the one line that stands for a
// read-only command's advisory policy findings. Pure.
import { MonitorsError } from '../errors.js';
import { missingVariableIn } from '../load/expand/env.js';
import type { Diagnostic } from '../model/monitor.js';
import { locationText } from '../model/location-text.js';
import type { EnvironmentRequest } from './environment.js';

/**
 * The YAML has errors. An unset variable is named with where it is referenced: `validate`
 * only warns about one (a pull request from a fork has no secrets), so sending the user
 * there would not help, unless with --require-env.
 */
export function invalidYaml(
  errors: readonly Diagnostic[],
  paths: readonly string[],
  request?: EnvironmentRequest,
): MonitorsError {
  const missing = new Map<string, string>();
  for (const d of errors) {
    const name = d.code === 'env.missing' ? missingVariableIn(d.message) : undefined;
    if (name !== undefined && !missing.has(name)) missing.set(name, locationText(d));
  }
  const count = `${errors.length} error${errors.length === 1 ? '' : 's'}`;
  if (missing.size === 0)
    return new MonitorsError('CONFIG_INVALID', `the YAML has ${count} (listed above); nothing was changed`, {
      hint: 'Fix them (`monitors validate` checks offline) and run the command again.',
    });
  const names = [...missing.keys()];
  const list = [...missing].map(([name, at]) => `${name} (referenced at ${at})`).join(', ');
  const variables = `${names.length === 1 ? 'environment variable' : 'environment variables'} ${list}`;
  const others = errors.length - errors.filter((d) => d.code === 'env.missing').length;
  const validate = [
    'monitors validate',
    ...paths.map(shellWord),
    '--require-env',
    ...(request ? ['--env', shellWord(request.name)] : []),
  ].join(' ');
  const set = `Set ${names.join(', ')} (in CI: from a secret)`;
  return new MonitorsError(
    'CONFIG_INVALID',
    others === 0
      ? `${variables} ${names.length === 1 ? 'is' : 'are'} not set; nothing was changed`
      : `the YAML has ${count} (listed above), among them the unset ${variables}; nothing was changed`,
    {
      hint: `${set}${others > 0 ? ' and fix the other errors' : ''}, then run the command again; \`${validate}\` checks for this offline (without --require-env, validate only warns about an unset variable).`,
    },
  );
}

/** `note: 3 advisory policy findings; \`monitors validate monitors/ --env production\` lists them`. */
export function advisorySummary(
  count: number,
  paths: readonly string[],
  request: EnvironmentRequest | undefined,
): string {
  const validate = [
    'monitors validate',
    ...paths.map(shellWord),
    ...(request ? ['--env', shellWord(request.name)] : []),
  ];
  return `note: ${count} advisory policy finding${count === 1 ? '' : 's'}; \`${validate.join(' ')}\` lists them`;
}

/** A path as a shell word: quoted when it holds anything a shell would split or expand. */
function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
