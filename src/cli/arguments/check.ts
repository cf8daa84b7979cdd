// `monitors check`'s arguments: the format, how many checks at once, curl's --resolve and
// --connect-to, the resolvers and RDAP server, the environment, and --changed with the
// options only its plan reads (--lock-branch, --api-url). The --ca files are named here
// and read by the run.
import { parseConcurrency, parseDnsServer, parseRdapUrl } from '../../check/options.js';
import { parseConnectTo, parseResolve } from '../../check/routes.js';
import type { ConnectToRule, ResolveEntry } from '../../check/types.js';
import { MonitorsError } from '../../errors.js';
import { chooseFormat, type FormatOf } from '../../render/formats/registry.js';
import { requestedEnvironment, type EnvironmentRequest } from '../../workspace/environment.js';
import type { CheckOptions } from './check-options.js';

export interface CheckArguments {
  format: FormatOf<'check'>;
  concurrency: number;
  resolve: ResolveEntry[];
  connectTo: ConnectToRule[];
  /** --ca: PEM files, read (and refused when they hold no certificate) by the run. */
  caFiles: string[];
  dnsServers: string[];
  rdapUrl: string | undefined;
  environment: EnvironmentRequest | undefined;
  /** --changed: only the monitors a plan would create or replace. */
  changed: boolean;
}

export function parseCheckArguments(options: CheckOptions, env: NodeJS.ProcessEnv): CheckArguments {
  const format = chooseFormat('check', options.format);
  const parsed: CheckArguments = {
    format,
    concurrency: parseConcurrency(options.concurrency),
    resolve: (options.resolve ?? []).map(parseResolve),
    connectTo: (options.connectTo ?? []).map(parseConnectTo),
    caFiles: options.ca ?? [],
    dnsServers: (options.dnsServer ?? []).map(parseDnsServer),
    rdapUrl: options.rdapUrl !== undefined ? parseRdapUrl(options.rdapUrl) : undefined,
    environment: requestedEnvironment(options.env, env),
    changed: options.changed ?? false,
  };
  if (!parsed.changed) {
    for (const [flag, given] of [
      ['--lock-branch', options.lockBranch],
      ['--api-url', options.apiUrl],
    ] as const)
      if (given !== undefined)
        throw new MonitorsError(
          'BAD_OPTION',
          `${flag} needs --changed (only the plan of --changed reads the lock file and the API)`,
        );
  }
  return parsed;
}
