// The CLI runs `monitors ci` makes for one command: their arguments, and what their exit
// codes mean. Pure.
import type { CiOptions } from './options.js';

function lockArgs(options: CiOptions): string[] {
  return [
    ...(options.lock ? ['--lock', options.lock] : []),
    ...(options.lockBranch ? ['--lock-branch', options.lockBranch] : []),
  ];
}

/** The CLI arguments for one command; a plan prints Markdown (for the comment and the report). */
export function commandArgs(options: CiOptions): string[] {
  switch (options.command) {
    case 'validate':
      return ['validate', options.path];
    case 'plan':
    case 'drift': // a plan whose changes are drift
      return ['plan', options.path, ...lockArgs(options), '--detailed-exitcode', '--format', 'markdown'];
    case 'apply':
      return ['apply', options.path, ...lockArgs(options), '--yes'];
    default:
      return unhandled(options.command);
  }
}

/** A command of CI_COMMANDS no case handles: the typecheck names the switch, at run time it is refused. */
function unhandled(command: never): never {
  throw new Error(`monitors ci: no CLI run for the command ${String(command)}`);
}

/** After a plan: check the monitors it creates or replaces, in Markdown for the comment. */
export function checkArgs(options: CiOptions): string[] {
  const extra = options.checkArgs ? options.checkArgs.split(/\s+/) : [];
  return ['check', options.path, ...lockArgs(options), ...extra, '--changed', '--format', 'markdown'];
}

/** Exit 2 of a plan means "changes present" (--detailed-exitcode): a success. */
export function outcomeOf(command: string, exitCode: number): { ok: boolean; changes: boolean } {
  if ((command === 'plan' || command === 'drift') && exitCode === 2) return { ok: true, changes: true };
  return { ok: exitCode === 0, changes: false };
}

/** The counts of a plan's Markdown summary line ("Plan: 1 to create, 2 to update, 0 to delete."), zeros for "No changes". */
export function planCounts(markdown: string): { create: number; replace: number; delete: number } | undefined {
  const counts = /(\d+) to create, (\d+) to update, (\d+) to delete/.exec(markdown);
  if (counts) return { create: Number(counts[1]), replace: Number(counts[2]), delete: Number(counts[3]) };
  return /^\*\*No changes\b/m.test(markdown) ? { create: 0, replace: 0, delete: 0 } : undefined;
}
