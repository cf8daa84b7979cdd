import { apiConfigFromEnv, createApiClient } from '../../api/client.js';
import type { MonitorsApi } from '../../api/types.js';
import { readLockFile, newLockFile } from '../../lock/lock-file.js';
import type { LockFile } from '../../lock/types.js';
import type { DesiredState, LiveMonitor } from '../../model/monitor.js';
import { checkDeleteGuard } from '../../plan/delete-guard.js';
import { planChanges } from '../../plan/planner.js';
import type { Plan } from '../../plan/types.js';
import { readPlanContext } from './context.js';
import { loadDesiredOrFail } from './load-desired.js';
import { lockPathFor } from './paths.js';

export interface PlanRequest {
  paths: string[];
  lockFlag?: string;
  allowMassDelete?: boolean;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export interface PlanSession {
  desired: DesiredState;
  lockPath: string;
  /** The lock the plan was made against; a new one (fresh salt) when none existed. */
  lock: LockFile;
  lockExisted: boolean;
  live: LiveMonitor[];
  plan: Plan;
  api: MonitorsApi & { close(): Promise<void> };
}

/** Everything `plan` and `apply` share: YAML, lock, live listing, context, the pure planner. */
export async function makePlan(request: PlanRequest): Promise<PlanSession> {
  const desired = await loadDesiredOrFail(request.paths, request.env, request.cwd);
  const lockPath = lockPathFor(request.paths, desired.settings, request.lockFlag, request.cwd);
  const existing = await readLockFile(lockPath);
  const lock = existing ?? newLockFile();
  const api = createApiClient(apiConfigFromEnv(request.env, { apiUrl: desired.settings.apiUrl }));
  try {
    const [live, context] = await Promise.all([api.listMonitors(), readPlanContext(api)]);
    const plan = planChanges({
      desired,
      live,
      lock,
      options: {
        scope: desired.settings.scope,
        ...(context.openIncidentMonitorIds ? { openIncidentMonitorIds: context.openIncidentMonitorIds } : {}),
        ...(context.monitorLimit ? { monitorLimit: context.monitorLimit } : {}),
      },
    });
    plan.notes.push(...context.notes);
    const refused = checkDeleteGuard(plan, {
      maxDeletes: desired.settings.maxDeletes,
      maxDeleteShare: desired.settings.maxDeleteShare,
      managedLiveCount: managedLiveCount(plan),
      allowMassDelete: request.allowMassDelete ?? false,
    });
    if (refused) throw refused;
    return { desired, lockPath, lock, lockExisted: existing !== undefined, live, plan, api };
  } catch (error) {
    await api.close();
    throw error;
  }
}

function managedLiveCount(plan: Plan): number {
  return plan.summary.unchanged + plan.summary.replace + plan.summary.delete;
}
