// `monitors check`: its options and help.
import type { Command } from 'commander';
import { addVarOptions } from '../run-vars/options.js';
import { formatHelp } from '../../render/formats/registry.js';
import type { CheckOptions } from '../arguments/check-options.js';
import { API_URL_HELP } from '../arguments/help-texts.js';
import { pathsArgument } from '../arguments/paths-argument.js';
import { everyEnvironmentAction, PARALLELISM_HELP } from '../steps/every-environment-flag.js';
import { collect } from '../arguments/collect.js';

export function registerCheck(program: Command): void {
  const command = program
    .command('check')
    .description(
      "Run each monitor's check once from this machine and report up, degraded or down; exit 1 when one is down.",
    )
    .addArgument(pathsArgument())
    .option('--format <format>', formatHelp('check'), 'text')
    .option('--name <glob>', 'only monitors whose name matches (* ? [...]; repeatable)', collect)
    .option('--changed', 'only the monitors a plan would create or replace (reads the API like plan)')
    .option(
      '--env <name>',
      'the environment to check (settings.environments; default: MONITORS_ENV), or all: one section per environment',
    )
    .option('--parallelism <n>', PARALLELISM_HELP)
    .option('--lock <file>', 'lock file for --changed (default: as for plan, see docs/lock-file.md)')
    .option('--api-url <url>', `for --changed: ${API_URL_HELP}`)
    .option(
      '--lock-branch <branch>',
      'for --changed: read the lock file from this git branch (as apply --lock-branch keeps it)',
    )
    .option('--lock-remote <remote>', 'the git remote of --lock-branch (default: origin)')
    .option('--concurrency <n>', 'checks running at once', '8')
    .option(
      '--resolve <host:port:address>',
      'connect to ADDRESS for HOST on PORT (* = any host, any port), like curl; repeatable',
      collect,
    )
    .option(
      '--connect-to <host:port:connect-host:connect-port>',
      "connect to CONNECT-HOST:CONNECT-PORT for HOST:PORT (empty = any, or the URL's), like curl; repeatable",
      collect,
    )
    .option('--ca <file>', 'also trust the CA certificates (PEM) in FILE; repeatable', collect)
    .option(
      '--dns-server <ip[:port]>',
      'resolver for dns checks and for host names not given with --resolve; repeatable',
      collect,
    )
    .option('--rdap-url <url>', 'RDAP service for domain checks (default: found through the IANA bootstrap registry)');
  addVarOptions(command).action(
    everyEnvironmentAction('check', async (paths: string[], options: CheckOptions) => {
      const { runCheck } = await import('./check-run.js');
      return runCheck(paths, options);
    }),
  );
}
