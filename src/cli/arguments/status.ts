// `monitors status`'s arguments: the format, --days of the page's timeline, --fail-on,
// --name, the environment and --lock. --env all reaches here only for the status page and
// the badge, which draw every environment by themselves (every other format is run once per
// environment by the wrapper at the command's registration, every-environment-flag.ts).
import { MonitorsError } from '../../errors.js';
import { chooseFormat, type FormatOf } from '../../render/formats/registry.js';
import { parseStatusFailOn } from '../../status/fail-on.js';
import { checkNamePatterns } from '../../status/select.js';
import type { FailOn } from '../../status/types.js';
import { requestedEnvironment, type EnvironmentRequest } from '../../workspace/environment.js';
import { asksEveryEnvironment } from '../steps/every-environment-flag.js';
import { fileOption } from './options.js';
import type { StatusOptions } from './status-options.js';

export interface StatusArguments {
  format: FormatOf<'status'>;
  /** How far back the status page's incident timeline goes. */
  days: number;
  /** The status page and the badge: of every declared environment when none is named. */
  wholeSet: boolean;
  failOn: FailOn | undefined;
  /** --name patterns, each once. */
  names: string[];
  /** --env / MONITORS_ENV; undefined with --env all (the page and the badge show them all). */
  environment: EnvironmentRequest | undefined;
  lock: string | undefined;
  apiUrl: string | undefined;
}

export function parseStatusArguments(options: StatusOptions, env: NodeJS.ProcessEnv): StatusArguments {
  const format = chooseFormat('status', options.format);
  const days = parseDays(options.days);
  const everyEnvironment = asksEveryEnvironment(options.env, env);
  const wholeSet = format === 'html' || format === 'svg';
  return {
    format,
    days,
    wholeSet,
    failOn: parseStatusFailOn(options.failOn),
    names: checkNamePatterns(options.name),
    environment: everyEnvironment ? undefined : requestedEnvironment(options.env, env),
    lock: fileOption('--lock', options.lock),
    apiUrl: options.apiUrl,
  };
}

/** `--days N`: how far back the status page's incident timeline goes, 1 to 366 days. */
function parseDays(raw: string): number {
  const days = /^\d{1,3}$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
  if (days >= 1 && days <= 366) return days;
  throw new MonitorsError('BAD_OPTION', `--days takes a whole number of days from 1 to 366, not "${raw.slice(0, 60)}"`);
}
