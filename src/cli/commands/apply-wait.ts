// The end of `monitors apply`: with --wait, follow what the apply created or replaced
// (src/wait); then print the result as text or as one JSON document (--format json), and
// choose the exit code.
import type { MonitorsApi } from '../../api/types.js';
import type { ApplyResult } from '../../apply/execute.js';
import { applyJson } from '../../apply/report-json.js';
import { EXIT_ERROR, EXIT_OK, MonitorsError } from '../../errors.js';
import type { Plan } from '../../plan/types.js';
import { printable } from '../../render/printable.js';
import { waitAfterApply, type WaitOptions } from '../../wait/after-apply.js';
import { DEFAULT_WAIT_MS, parseDuration } from '../../wait/duration.js';
import { waitReportLines, type WaitReport } from '../../wait/report.js';
import { DEFAULT_FAIL_ON, parseFailOn } from '../../wait/status.js';
import { watchInterrupts } from '../planning/interrupt.js';
import type { ApplyOptions } from './apply.js';

export interface ApplyMode {
  paths: string[];
  json: boolean;
  wait: WaitOptions | undefined;
}

/**
 * Reads --format, --wait [DURATION] and --wait-fail-on. `apply --wait monitors/` hands the
 * path to --wait as its value (an optional value takes the next word): a value that does
 * not start with a digit is taken back as the first path.
 */
export function applyModeOf(paths: string[], options: ApplyOptions): ApplyMode {
  const format = options.format ?? 'text';
  if (format !== 'text' && format !== 'json') throw new MonitorsError('BAD_OPTION', `--format must be text or json, not "${format}"`);
  if (options.wait === undefined) {
    if (options.waitFailOn !== undefined) throw new MonitorsError('BAD_OPTION', '--wait-fail-on needs --wait');
    return { paths, json: format === 'json', wait: undefined };
  }
  const value = options.wait === true ? undefined : options.wait;
  const isDuration = value !== undefined && /^\s*\d/.test(value);
  return {
    paths: value !== undefined && !isDuration ? [value, ...paths] : paths,
    json: format === 'json',
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
  /** The apply's own exit code (0, 1, 130, 143). */
  exitCode: number;
  api: MonitorsApi;
  mode: ApplyMode;
  concurrency: number;
}

export async function finishApply(end: ApplyEnd): Promise<number> {
  const { mode } = end;
  let report: WaitReport | undefined;
  let waitExit: number | undefined;
  if (mode.wait && !end.result?.interrupted) {
    const interrupt = watchInterrupts(process.stderr, undefined, (name) => `${name}: the wait stops; reporting what is known (${name === 'SIGINT' ? 'Ctrl-C' : 'the signal'} again stops at once).`);
    try {
      report = await waitAfterApply(end.plan, end.result, mode.wait, {
        api: end.api,
        concurrency: end.concurrency,
        signal: interrupt.signal,
        progress: (line) => process.stderr.write(`${printable(line)}\n`),
      });
    } finally {
      interrupt.dispose();
    }
    waitExit = interrupt.exitCode() ?? (report.failed ? EXIT_ERROR : EXIT_OK);
  }
  if (mode.json) {
    process.stdout.write(`${JSON.stringify(applyJson(end.result, report), null, 2)}\n`);
  } else if (report) {
    const lines = report.monitors.length === 0 ? ['Nothing to wait for: the apply created or replaced no monitor.'] : waitReportLines(report);
    process.stdout.write(`${lines.map(printable).join('\n')}\n`);
  }
  return end.exitCode !== EXIT_OK ? end.exitCode : (waitExit ?? EXIT_OK);
}
