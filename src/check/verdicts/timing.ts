// The last step of every check: a pass slower than slow_threshold_ms is `degraded`, as the
// service reports it; a failure is `down` whatever its time.
import type { CheckStatus } from '../types.js';

export function judgeTiming(
  detail: string,
  ms: number,
  slowThresholdMs: number,
): { status: CheckStatus; reason: string } {
  if (ms > slowThresholdMs)
    return { status: 'degraded', reason: `${detail} in ${ms} ms, slower than slow_threshold_ms ${slowThresholdMs}` };
  return { status: 'up', reason: `${detail} in ${ms} ms` };
}
