// `monitors ci` with environments (settings.environments): which ones to run, each one's
// process environment (its own token variable only), and one report (the pull/merge
// request's comment, the drift issue) with a section and a summary line per environment.
import { MonitorsError } from '../errors.js';

// The report's Markdown is said in src/render; `monitors ci` takes it from here.
export { combinedReport, fitSection, summaryOf, type Section } from '../render/every-environment/combined-report.js';

/** A declared environment, as `monitors validate --format json` lists it. */
export interface CiEnvironment {
  name: string;
  tokenEnv: string | undefined;
  lockFile: string | undefined;
}

const refusal = (message: string, hint?: string) =>
  new MonitorsError('CI_ENVIRONMENTS', message, hint === undefined ? {} : { hint });

/** The environments a set declares, from `monitors validate PATH --format json`. */
export function environmentsFromReport(stdout: string): CiEnvironment[] {
  let report: unknown;
  try {
    report = JSON.parse(stdout);
  } catch {
    throw refusal(
      'could not read the environments: `monitors validate --format json` did not print JSON (see the log above)',
    );
  }
  const list = (report as { environments?: unknown } | null)?.environments;
  if (!Array.isArray(list)) return [];
  return list
    .filter((e): e is Record<string, unknown> => typeof (e as { name?: unknown } | null)?.name === 'string')
    .map((e) => ({
      name: e.name as string,
      tokenEnv: typeof e.token_env === 'string' ? e.token_env : undefined,
      lockFile: typeof e.lock_file === 'string' ? e.lock_file : undefined,
    }));
}

/** `all`, or names separated by spaces or commas; every name must be declared. */
export function selectEnvironments(input: string, declared: CiEnvironment[]): CiEnvironment[] {
  if (declared.length === 0)
    throw refusal(
      'environments are asked for, but the YAML declares no environments (settings.environments)',
      'Declare them (docs/yaml-format.md), or run without environments.',
    );
  if (input.trim() === 'all') return declared;
  const names = input.split(/[\s,]+/).filter(Boolean);
  const known = new Map(declared.map((e) => [e.name, e]));
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length > 0)
    throw refusal(
      `the environments asked for (--environments, or the environments input) name ${unknown.join(', ')}, which the YAML does not declare (declared: ${declared.map((e) => e.name).join(', ')})`,
    );
  return names.map((n) => known.get(n)!);
}

/**
 * The process environment of one environment's run: the other environments' token
 * variables are left out, so its process never holds another workspace's token, and
 * MONITORS_ENV is left out, since --env names the environment.
 */
export function environmentChildEnv(
  baseEnv: Record<string, string | undefined>,
  environment: CiEnvironment,
  all: CiEnvironment[],
): Record<string, string | undefined> {
  const others = new Set(
    all
      .filter((e) => e.name !== environment.name && e.tokenEnv && e.tokenEnv !== environment.tokenEnv)
      .map((e) => e.tokenEnv),
  );
  return Object.fromEntries(Object.entries(baseEnv).filter(([name]) => !others.has(name) && name !== 'MONITORS_ENV'));
}
