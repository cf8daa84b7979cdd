// The end of `monitors apply`: with --wait, follow what the apply created or replaced
// (src/wait); then print the wait's report as text, or the whole result as one JSON
// document (--format json), and choose the exit code.
import type { MonitorsApi } from '../../api/types.js';
import type { ApplyResult } from '../../apply/types.js';
import { EXIT_ERROR, EXIT_OK, MonitorsError } from '../../errors.js';
import type { FailureLocations } from '../../plan/failure-location.js';
import type { Plan } from '../../plan/types.js';
import { renderAs } from '../../render/formats/registry.js';
import { printable } from '../../model/printable.js';
import { waitAfterApply, type WaitOptions } from '../../wait/after-apply.js';
import { DEFAULT_WAIT_MS, parseDuration } from '../../wait/duration.js';
import type { WaitReport } from '../../wait/report.js';
import { DEFAULT_FAIL_ON, parseFailOn } from '../../wait/status.js';
import type { ApplyFormat } from '../steps/apply-format.js';
import { watchInterrupts } from '../steps/interrupt.js';
import type { ApplyOptions } from './apply-options.js';

export interface WaitMode {
  paths: string[];
  wait: WaitOptions | undefined;
}

/**
 * Reads --wait [DURATION] and --wait-fail-on. `apply --wait monitors/` hands the path to
 * --wait as its value (an optional value takes the next word): a value that does not
 * start with a digit is taken back as the first path.
 */
export function waitModeOf(paths: string[], options: ApplyOptions): WaitMode {
  if (options.wait === undefined) {
    if (options.waitFailOn !== undefined) throw new MonitorsError('BAD_OPTION', '--wait-fail-on needs --wait');
    return { paths, wait: undefined };
  }
  const value = options.wait === true ? undefined : options.wait;
  const isDuration = value !== undefined && /^\s*\d/.test(value);
  return {
    paths: value !== undefined && !isDuration ? [value, ...paths] : paths,
    wait: {
      timeoutMs: isDuration ? parseDuration(value) : DEFAULT_WAIT_MS,
      failOn: options.waitFailOn !== undefined ? parseFailOn(options.waitFailOn) : [...DEFAULT_FAIL_ON],
    },
  };
}

export interface ApplyEnd {
  plan: Plan;
  /** Undefined when the plan had no changes. */
  result: ApplyResult | undefined;
  located: FailureLocations;
  /** The apply's own exit code (0, 1, 130, 143). */
  exitCode: number;
  api: MonitorsApi;
  wait: WaitOptions | undefined;
  format: ApplyFormat;
  concurrency: number;
}

const NOTHING_DONE: ApplyResult = {
  outcomes: [],
  created: 0,
  replaced: 0,
  deleted: 0,
  forgotten: 0,
  failed: 0,
  notStarted: 0,
  interrupted: false,
  warnings: [],
};

export async function finishApply(end: ApplyEnd): Promise<number> {
  let report: WaitReport | undefined;
  let waitExit: number | undefined;
  // No wait after an apply that a signal or a refused token cut short: the run is ending.
  if (end.wait && !end.result?.interrupted && !end.result?.stoppedBy) {
    // The apply's watch when it wrote (signals are process-wide), else a new one.
    const interrupt = watchInterrupts(process.stderr);
    interrupt.waiting();
    const followed = await waitAfterApply(end.plan, end.result, end.wait, {
      api: end.api,
      concurrency: end.concurrency,
      signal: interrupt.signal,
      progress: (line) => process.stderr.write(`${printable(line)}\n`),
    });
    report = followed;
    waitExit = interrupt.exitCode() ?? (followed.failed ? EXIT_ERROR : EXIT_OK);
  }
  const output = {
    result: end.result ?? NOTHING_DONE,
    located: end.located,
    wait: report,
    environment: end.plan.environment,
  };
  const text = renderAs(end.format, 'apply', output, { color: false });
  if (text !== '') process.stdout.write(text);
  return end.exitCode !== EXIT_OK ? end.exitCode : (waitExit ?? EXIT_OK);
}
