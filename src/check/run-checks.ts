// Runs the checks: at most `concurrency` at once, each attempt under the monitor's
// timeout_seconds, failed attempts repeated retry_count times (at once, no pause), the
// first pass or the last failure deciding. Results keep the order of the monitors.
import pLimit from 'p-limit';
import type { DesiredMonitor } from '../model/monitor.js';
import type { MonitorField } from '../schema/monitor-input-schema.js';
import { describeNetError, timeoutReason } from './net/errors.js';
import { PROBES } from './probes/index.js';
import { fail, type Probe, type ProbeInput } from './probes/probe.js';
import { targetText } from './target.js';
import type { CheckContext, CheckResult, ProbeOutcome } from './types.js';
import { judgeTiming } from './verdicts/timing.js';

/** A probe that ignores its aborted signal is given up this long after its timeout. */
const GRACE_MS = 1000;

export async function runChecks(
  monitors: readonly DesiredMonitor[],
  context: CheckContext,
  concurrency: number,
): Promise<CheckResult[]> {
  const limit = pLimit(concurrency);
  return Promise.all(monitors.map((m) => limit(() => checkMonitor(m, context))));
}

export async function checkMonitor(desired: DesiredMonitor, context: CheckContext): Promise<CheckResult> {
  const monitor = desired.input;
  const input: ProbeInput = { monitor, shown: (field) => shownValue(desired, field) };
  const base = {
    name: desired.name,
    type: monitor.type,
    target: targetText(monitor, input.shown('url')),
    source: desired.source,
  };
  const probe = PROBES[monitor.type];
  if (!probe)
    return {
      ...base,
      status: 'not_checked',
      reason: `type ${monitor.type} is unknown to this version of monitors`,
      attempts: 0,
    };
  const allowed = Math.max(0, monitor.retry_count ?? 0) + 1;
  let failure = { reason: '', ms: 0 };
  for (let attempt = 1; attempt <= allowed; attempt++) {
    const started = performance.now();
    const outcome = await attemptOnce(probe, input, context, monitor.timeout_seconds);
    const ms = Math.round(performance.now() - started);
    if (outcome.kind === 'not_checked')
      return { ...base, status: 'not_checked', reason: outcome.reason, attempts: attempt };
    if (outcome.kind === 'pass') {
      const duration = outcome.ms ?? ms;
      const judged = judgeTiming(outcome.detail, duration, monitor.slow_threshold_ms);
      return {
        ...base,
        status: judged.status,
        reason: `${judged.reason}${attempt > 1 ? ` (attempt ${attempt} of ${allowed})` : ''}`,
        duration_ms: duration,
        attempts: attempt,
      };
    }
    failure = { reason: outcome.reason, ms };
  }
  const tries = allowed > 1 ? ` (${allowed} attempts)` : '';
  return { ...base, status: 'down', reason: `${failure.reason}${tries}`, duration_ms: failure.ms, attempts: allowed };
}

async function attemptOnce(
  probe: Probe,
  input: ProbeInput,
  context: CheckContext,
  timeoutSeconds: number,
): Promise<ProbeOutcome> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException(timeoutReason(timeoutSeconds), 'TimeoutError')),
    timeoutSeconds * 1000,
  );
  let deadline: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      probe(input, context, controller.signal).catch((error: unknown) =>
        fail(describeNetError(error, timeoutSeconds, controller.signal)),
      ),
      new Promise<ProbeOutcome>((resolve) => {
        deadline = setTimeout(() => resolve(fail(timeoutReason(timeoutSeconds))), timeoutSeconds * 1000 + GRACE_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
    clearTimeout(deadline);
  }
}

/** What a result may print of a field: the `${env:NAME}` template when the value came from the environment. */
function shownValue(desired: DesiredMonitor, field: MonitorField): string {
  const template = desired.envRefs[field];
  if (template !== undefined) return Array.isArray(template) ? template.join(',') : template;
  const value = desired.input[field];
  return value === null || value === undefined ? '' : String(value);
}
