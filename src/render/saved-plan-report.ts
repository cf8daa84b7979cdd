// The words around a saved plan file (plan --out writes it, show reads it; the plan itself is
// rendered by the plan's formats): where it was saved, and where and when a file was made.
import type { SavedPlan } from '../plan/saved-plan.js';
import { printable } from '../model/printable.js';

/** Said on stderr by `plan --out FILE` (stdout is the plan alone). */
export function savedToLine(out: string): string {
  return `Saved the plan to ${out}; apply it with: monitors apply --plan ${out}\n`;
}

/** Said on stderr by `show FILE`: who made the plan, when, for which environment and lock file. */
export function savedPlanLine(
  file: string,
  saved: Pick<SavedPlan, 'createdAt' | 'toolVersion' | 'environment' | 'lockPath'>,
): string {
  const where = saved.environment ? `, environment ${saved.environment.name}` : '';
  return `${printable(`Saved plan ${file}: made ${saved.createdAt} by monitors ${saved.toolVersion}${where}, against the lock file ${saved.lockPath}.`)}\n`;
}
