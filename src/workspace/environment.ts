// Choosing an environment: `--env NAME`, else MONITORS_ENV. Once a set declares
// environments, plan, apply and export act on exactly one, and refuse without it: a plan
// "for all of them" against one token would be a plan against the wrong workspace.
import type { ConfigFromEnvOptions } from '../api/config.js';
import { MonitorsError } from '../errors.js';
import { closestName } from '../model/did-you-mean.js';
import type { Settings, SourcePos } from '../model/monitor.js';
import { locationText } from '../model/location-text.js';

export interface EnvironmentRequest {
  name: string;
  /** How it was asked for, for messages. */
  via: '--env' | 'MONITORS_ENV';
}

export function requestedEnvironment(flag: string | undefined, env: NodeJS.ProcessEnv): EnvironmentRequest | undefined {
  if (flag !== undefined) {
    if (flag.trim() === '')
      throw new MonitorsError('BAD_OPTION', '--env needs the name of an environment (settings.environments)');
    return { name: flag.trim(), via: '--env' };
  }
  const fromEnv = env.MONITORS_ENV?.trim();
  return fromEnv ? { name: fromEnv, via: 'MONITORS_ENV' } : undefined;
}

/**
 * Checks the request against what the YAML declares. `required`: the command acts on one
 * workspace (plan, apply, export), so a set with environments needs one named.
 */
export function checkEnvironmentChoice(
  request: EnvironmentRequest | undefined,
  declared: readonly string[],
  command: string,
  required: boolean,
): void {
  const list = declared.join(', ');
  if (request && declared.length === 0) {
    throw new MonitorsError(
      'ENV_NOT_DECLARED',
      `${describe(request)} names environment "${request.name}", but the YAML declares no environments`,
      {
        hint: `Declare it under settings.environments (docs/yaml-format.md), or ${request.via === '--env' ? 'leave out --env' : 'unset MONITORS_ENV'}.`,
      },
    );
  }
  // `all` reaches here only in a command that writes (or exports): the read-only ones run every environment.
  if (request?.name === 'all' && declared.length > 0 && !declared.includes('all')) {
    throw new MonitorsError(
      'BAD_OPTION',
      `${describe(request)} runs validate, plan, status, check and lock list|show once per environment, and apply (with --yes) in turn; ${command} changes one workspace at a time and is not run for all of them at once`,
      {
        hint: `Run it once per environment, each reviewed: ${declared.map((d) => `monitors ${command} --env ${d}`).join(', then ')}.`,
      },
    );
  }
  if (request && !declared.includes(request.name)) {
    throw new MonitorsError(
      'ENV_UNKNOWN',
      `${describe(request)} names environment "${request.name}", which the YAML does not declare${guess(request.name, declared)}`,
      {
        hint: `The environments declared under settings.environments are: ${list}.`,
      },
    );
  }
  if (!request && required && declared.length > 0) {
    throw new MonitorsError(
      'ENV_REQUIRED',
      `the YAML declares environments (${list}); ${command} acts on one: choose it with --env NAME (or MONITORS_ENV)`,
      {
        hint: `For example: monitors ${command} --env ${declared[0]}`,
      },
    );
  }
}

/** A near miss, or the one declared name the request starts (`prod` for production). */
function guess(name: string, declared: readonly string[]): string {
  const near = closestName(name, declared);
  return near ? `; did you mean "${near}"?` : '';
}

function describe(request: EnvironmentRequest): string {
  return request.via === '--env' ? `--env ${request.name}` : `MONITORS_ENV=${request.name}`;
}

/** How to reach the API for a loaded set: its environment's token variable and URL, when it has one. */
export function apiOptionsFor(settings: Settings): ConfigFromEnvOptions {
  const environment = settings.environment;
  return {
    ...(settings.apiUrl !== undefined ? { apiUrl: settings.apiUrl, ...at('apiUrlAt', settings.apiUrlAt) } : {}),
    ...(environment
      ? {
          environment: {
            name: environment.name,
            tokenEnv: environment.tokenEnv ?? '',
            ...at('tokenEnvAt', environment.tokenEnvAt),
            ...(environment.apiUrl !== undefined
              ? { apiUrl: environment.apiUrl, ...at('apiUrlAt', environment.apiUrlAt) }
              : {}),
          },
        }
      : {}),
  };
}

/** `{apiUrlAt: "settings.yaml:10:14"}`, or nothing when the position is unknown. */
function at<K extends string>(key: K, pos: SourcePos | undefined): { [k in K]?: string } {
  return pos ? ({ [key]: locationText(pos) } as { [k in K]?: string }) : {};
}
