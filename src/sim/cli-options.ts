// `monitors sim` flags -> SimOptions. Pure apart from reading the tokens file; every
// bad value becomes one MonitorsError line naming the flag.
import { readFileSync } from 'node:fs';
import { MonitorsError } from '../errors.js';
import { parseCheckRulesFile } from './checks/rules-file.js';
import { MAX_CHECK_DELAY_MS } from './checks/settings.js';
import type { FaultSettings, RateWindow, SimOptions } from './options.js';
import { parseTokensFile } from './tokens-file.js';
import { fullScopeToken } from './tokens.js';

export interface SimFlags {
  port?: string;
  token?: string;
  tokensFile?: string;
  state?: string;
  listing?: string;
  intervals?: string;
  monitorLimit?: string;
  rateLimit?: string;
  rateBurst?: string;
  rateWindow?: string;
  latency?: string;
  jitter?: string;
  errorRate?: string;
  dropRate?: string;
  holdWrites?: string;
  idempotencyTtl?: string;
  seed?: string;
  checkDelay?: string;
  checkRules?: string;
  verbose?: boolean;
}

export function simOptionsFromFlags(
  flags: SimFlags,
  readText: (file: string) => string = (f) => readFileSync(f, 'utf8'),
): SimOptions {
  const options: SimOptions = { tokens: [] };
  const faults: Partial<FaultSettings> = {};
  if (flags.port !== undefined) options.port = integer('--port', flags.port, 0, 65535);
  if (flags.token !== undefined) {
    if (!/^[\x21-\x7e]{8,512}$/.test(flags.token)) bad('--token must be 8 to 512 visible ASCII characters');
    options.tokens?.push(fullScopeToken(flags.token));
  }
  if (flags.tokensFile !== undefined) {
    const fromFile = parseTokensFile(readFile('--tokens-file', flags.tokensFile, readText), flags.tokensFile);
    const same = flags.token === undefined ? -1 : fromFile.findIndex((t) => t.token === flags.token);
    if (same >= 0)
      bad(`--token has the same value as tokens[${same}] of --tokens-file ${flags.tokensFile}; give each token once`);
    options.tokens?.push(...fromFile);
  }
  if (flags.state !== undefined) options.stateFile = flags.state;
  if (flags.listing !== undefined) {
    if (flags.listing !== 'spec' && flags.listing !== 'full') bad('--listing must be "spec" or "full"');
    options.listingMode = flags.listing;
  }
  if (flags.intervals !== undefined) {
    const list = flags.intervals.split(',').map((part) => integer('--intervals', part.trim(), 120, 31_536_000));
    options.enabledIntervals = [...new Set(list)].sort((a, b) => a - b);
  }
  if (flags.monitorLimit !== undefined)
    options.monitorLimit = integer('--monitor-limit', flags.monitorLimit, 0, 10_000_000);
  if (flags.rateLimit !== undefined) options.rateLimitRps = decimal('--rate-limit', flags.rateLimit, 0, 1_000_000);
  if (flags.rateBurst !== undefined) faults.rateLimitBurst = decimal('--rate-burst', flags.rateBurst, 1, 1_000_000);
  if (flags.rateWindow !== undefined) {
    if (flags.rateLimit !== undefined || flags.rateBurst !== undefined)
      bad('--rate-window replaces the token bucket: give it without --rate-limit and --rate-burst');
    faults.rateLimitWindow = rateWindow(flags.rateWindow);
  }
  if (flags.latency !== undefined) faults.latencyMs = integer('--latency', flags.latency, 0, 60_000);
  if (flags.jitter !== undefined) faults.jitterMs = integer('--jitter', flags.jitter, 0, 60_000);
  if (flags.errorRate !== undefined) faults.errorRate = decimal('--error-rate', flags.errorRate, 0, 1);
  if (flags.dropRate !== undefined) faults.dropRate = decimal('--drop-rate', flags.dropRate, 0, 1);
  if (flags.holdWrites !== undefined) faults.holdWritesMs = integer('--hold-writes', flags.holdWrites, 0, 600_000);
  if (flags.idempotencyTtl !== undefined)
    options.idempotencyTtlSeconds = integer('--idempotency-ttl', flags.idempotencyTtl, 1, 31_536_000);
  if (flags.seed !== undefined) options.seed = integer('--seed', flags.seed, 0, 2 ** 31 - 1);
  if (flags.checkRules !== undefined)
    options.checks = parseCheckRulesFile(readFile('--check-rules', flags.checkRules, readText), flags.checkRules);
  if (flags.checkDelay !== undefined)
    options.checks = { ...options.checks, delayMs: integer('--check-delay', flags.checkDelay, 0, MAX_CHECK_DELAY_MS) };
  options.faults = faults;
  return options;
}

/** "100/10": 100 requests per 10 seconds. */
function rateWindow(raw: string): RateWindow {
  const match = /^([0-9]+)\/([0-9]+(?:\.[0-9]+)?)$/.exec(raw.trim());
  const requests = Number(match?.[1]);
  const seconds = Number(match?.[2]);
  if (!match || !(requests >= 1 && requests <= 1_000_000_000) || !(seconds > 0 && seconds <= 86_400)) {
    bad(
      `--rate-window must be REQUESTS/SECONDS, e.g. 100/10 for 100 requests per 10 seconds (got "${raw.slice(0, 40)}")`,
    );
  }
  return { requests, seconds };
}

function readFile(flag: string, file: string, readText: (file: string) => string): string {
  try {
    return readText(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return bad(`${flag} ${file} cannot be read (${code})`);
  }
}

function integer(flag: string, raw: string, min: number, max: number): number {
  const value = /^[0-9]+$/.test(raw) ? Number(raw) : NaN;
  if (!(value >= min && value <= max))
    bad(`${flag} must be an integer from ${min} to ${max} (got "${raw.slice(0, 40)}")`);
  return value;
}

function decimal(flag: string, raw: string, min: number, max: number): number {
  const value = /^[0-9]+(\.[0-9]+)?$/.test(raw) ? Number(raw) : NaN;
  if (!(value >= min && value <= max))
    bad(`${flag} must be a number from ${min} to ${max} (got "${raw.slice(0, 40)}")`);
  return value;
}

function bad(message: string): never {
  throw new MonitorsError('SIM_BAD_OPTION', message);
}
