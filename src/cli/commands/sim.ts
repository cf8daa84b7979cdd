// `monitors sim`: its options and help.
import type { Command } from 'commander';
import type { SimFlags } from '../../sim/cli-options.js';
import { optionErrorsAs } from '../option-errors.js';
import { DEFAULT_CHECK_DELAY_MS } from '../../sim/checks/settings.js';
import {
  DEFAULT_IDEMPOTENCY_TTL_SECONDS,
  DEFAULT_INTERVALS,
  DEFAULT_MONITOR_LIMIT,
  DEFAULT_RATE_LIMIT_RPS,
} from '../../sim/options.js';

// `monitors sim`: the local simulator of the monitoring API (docs/simulator.md).
// stdout carries only the base URL (first line) and, when the token was generated, the
// token; per-request lines go to stderr with --verbose.
export function registerSim(program: Command): void {
  const sim = program.command('sim');
  optionErrorsAs(sim, 'SIM_BAD_OPTION')
    .description('Run a local simulator of the monitoring API on 127.0.0.1 (prints its base URL first)')
    .option('--port <n>', 'port to listen on; 0 picks a free one', '0')
    .option(
      '--token <value>',
      'a full-scope token of workspace "default" (generated and printed when no token is configured)',
    )
    .option('--tokens-file <file>', 'JSON file of tokens with workspaces, scopes, expiry (see docs/simulator.md)')
    .option('--state <file>', 'load state from this file and save it there after changes')
    .option('--listing <mode>', 'spec: only the fields of spec 2.2; full: every input field but auth_secret', 'spec')
    .option(
      '--intervals <list>',
      `enabled check intervals in seconds, comma-separated (default: ${DEFAULT_INTERVALS.join(',')})`,
    )
    .option('--monitor-limit <n>', `monitors allowed per workspace (default: ${DEFAULT_MONITOR_LIMIT})`)
    .option(
      '--rate-limit <rps>',
      `token bucket: requests per second per token; 0 = unlimited (default: ${DEFAULT_RATE_LIMIT_RPS})`,
    )
    .option(
      '--rate-burst <n>',
      'token bucket: its capacity, shown as X-RateLimit-Limit; the same as --rate-limit when not given',
    )
    .option(
      '--rate-window <n/seconds>',
      'a fixed window of n requests per that many seconds instead of the token bucket, e.g. 100/10',
    )
    .option('--latency <ms>', 'added to every API request')
    .option('--jitter <ms>', 'random extra latency, 0 to this')
    .option('--error-rate <share>', 'share (0..1) of API requests answered with a 5xx')
    .option(
      '--drop-rate <share>',
      'share (0..1) of API requests whose connection is cut after the change was committed',
    )
    .option('--hold-writes <ms>', 'keep every write in flight this long (a retry meanwhile gets 409)')
    .option(
      '--idempotency-ttl <seconds>',
      `how long idempotency keys are remembered (default: ${DEFAULT_IDEMPOTENCY_TTL_SECONDS})`,
    )
    .option('--seed <n>', 'seed of the random faults, for reproducible runs')
    .option(
      '--check-delay <ms>',
      `from a create or replace to the monitor's first simulated check (default: ${DEFAULT_CHECK_DELAY_MS})`,
    )
    .option(
      '--check-rules <file>',
      'JSON rules: which status a check finds, by name or url glob, and a default (see docs/simulator.md)',
    )
    .option('--verbose', 'log one line per request on stderr')
    .showHelpAfterError(false)
    .action(async (flags: SimFlags) => {
      const { runSimCommand } = await import('./sim-run.js');
      await runSimCommand(flags);
    });
}
