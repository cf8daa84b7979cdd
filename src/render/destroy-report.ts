// The words of `monitors destroy` that are its own (its plan, progress and report are apply's):
// the question asked before every managed monitor is deleted.
import type { Plan } from '../plan/types.js';

/** `Do you really want to delete all 3 monitors this repository manages in prod? ...` */
export function destroyQuestion(plan: Pick<Plan, 'summary' | 'environment'>): string {
  const n = plan.summary.delete;
  const where = plan.environment !== undefined ? ` in ${plan.environment}` : '';
  return `Do you really want to delete ${n === 1 ? 'the 1 monitor' : `all ${n} monitors`} this repository manages${where}? This cannot be undone.`;
}
