// The words of apply's progress bar on a terminal (src/cli/steps/apply-progress.ts draws it
// with cli-progress): its format, the "not started" it adds after a signal, and its last
// state once a signal froze it.

/** cli-progress's format: the placeholders are filled from the payload of barPayload. */
export const BAR_FORMAT =
  'Applying [{bar}] {value}/{total} changes | {failed} failed{notStarted} | {eta_formatted} left';

/** The bar's payload: the failures, and the changes never sent (only once there are some). */
export function barPayload(failed: number, notStarted: number): { failed: number; notStarted: string } {
  return { failed, notStarted: notStarted > 0 ? `, ${notStarted} not started` : '' };
}

/** `Stopped [████░░░░] 3/5 changes | 0 failed, 2 not started`: the bar's last state after a signal. */
export function stoppedLine(counts: { done: number; total: number; failed: number; notStarted: number }): string {
  const { done, total, failed, notStarted } = counts;
  const width = 40;
  const full = total > 0 ? Math.round((done / total) * width) : width;
  const bar = `${'\u2588'.repeat(full)}${'\u2591'.repeat(width - full)}`;
  return `Stopped [${bar}] ${done}/${total} changes | ${failed} failed${notStarted > 0 ? `, ${notStarted} not started` : ''}`;
}
