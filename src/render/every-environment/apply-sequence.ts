// The words of `apply --env all` around each environment's own apply
// (src/cli/steps/every-environment-apply.ts): a heading before each run, whose own output
// follows as it comes, and one line at the end saying where it applied and where it did not.

/** Before an environment's apply. */
export function applyHeading(name: string, position: number, count: number): string {
  return `\n== monitors apply --env ${name} (${position} of ${count}) ==\n`;
}

export interface ApplySequenceEnd {
  /** The environments whose apply ended with exit code 0, in order. */
  applied: readonly string[];
  /** The run that did not, if any, with its exit code. */
  stopped?: { name: string; code: number; signal?: string | undefined };
  /** The environments never started because of it. */
  notApplied: readonly string[];
}

/** After the last run, or the first that failed. */
export function applySequenceEnd({ applied, stopped, notApplied }: ApplySequenceEnd): string {
  const list = (names: readonly string[]) => names.join(', ');
  if (stopped === undefined) return `\nApplied every environment: ${list(applied)}.\n`;
  const why =
    stopped.signal !== undefined
      ? `was interrupted (${stopped.signal})`
      : `failed (exit ${stopped.code}); its own messages are above`;
  const done = applied.length > 0 ? ` Applied before it: ${list(applied)}.` : '';
  const rest =
    notApplied.length > 0 ? ` Not applied: ${list(notApplied)}; run the command again once it is fixed.` : '';
  return `\nmonitors apply --env ${stopped.name} ${why}.${done}${rest}\n`;
}
