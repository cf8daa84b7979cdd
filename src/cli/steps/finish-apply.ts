// The end of a command that writes (apply, destroy): with --wait, follow what the apply
// created or replaced (src/wait); then print the wait's report as text, or the whole result
// as one JSON document (--format json), and choose the exit code.
import type { MonitorsApi } from '../../api/types.js';
import type { ApplyResult } from '../../apply/types.js';
import { EXIT_ERROR, EXIT_OK } from '../../errors.js';
import type { FailureLocations } from '../../plan/failure-location.js';
import type { Plan } from '../../plan/types.js';
import { renderAs } from '../../render/formats/registry.js';
import { waitProgressLine } from '../../render/wait-report.js';
import { printable } from '../../model/printable.js';
import { waitAfterApply, type WaitOptions } from '../../wait/after-apply.js';
import type { WaitReport } from '../../wait/report.js';
import type { ApplyFormat } from './apply-format.js';
import { watchInterrupts } from './interrupt.js';

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
      progress: (event) => process.stderr.write(`${printable(waitProgressLine(event))}\n`),
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
  const text = await renderAs(end.format, 'apply', output, { color: false });
  if (text !== '') process.stdout.write(text);
  return end.exitCode !== EXIT_OK ? end.exitCode : (waitExit ?? EXIT_OK);
}
