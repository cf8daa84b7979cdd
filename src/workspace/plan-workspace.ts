// How plan, apply and check --changed get a plan: open the workspace (the YAML, where the
// lock is, a client), read (the lock, the listing, /account, /incidents, with the secret
// hashes made meanwhile), then hand it all to the one pure assembly in src/plan
// (assemble.ts). Nothing here decides what the plan holds or refuses; rendering and saving
// are the command's, after.
import type { ApiClient } from '../api/client.js';
import { newLockFile } from '../lock/lock-file.js';
import type { LockLocation } from '../lock/location.js';
import type { LockFile } from '../lock/types.js';
import { displayPath } from '../model/display-path.js';
import type { DesiredState } from '../model/monitor.js';
import { assemblePlan, prepareAhead } from '../plan/assemble.js';
import type { Plan } from '../plan/types.js';
import { openSet, type OpenedSet } from './open.js';
import { readLockFrom } from './read-lock.js';
import { startReads, type Reads } from './reads.js';
import { NO_STEP, type StepMarker, type WorkspaceRequest } from './request.js';
import { fileScope, lockRelative } from './set-files.js';

/**
 * What a plan is asked for. How it opens is the same for plan, apply and check --changed
 * (PLAN_OPENING), so it is not asked.
 */
export interface PlanWorkspaceRequest extends Omit<
  WorkspaceRequest,
  'wholeSet' | 'client' | 'missingVariable' | 'policy'
> {
  allowMassDelete?: boolean;
  /** --allow-missing: most lock records gone from the listing is expected (src/plan/workspace-check.ts). */
  allowMissing?: boolean;
  /** --target: only the changes of matching monitors (src/plan/targets.ts). */
  targets?: string[];
  /** --replace: monitors sent again although unchanged, with the token of this plan. */
  replace?: { patterns: string[]; token: string };
}

/**
 * Every plan opens the whole set of files named one by one (the plan is narrowed to them), a
 * client as early as its URL is known (the listing runs while the YAML loads), an unset
 * variable as an error (its value would be sent), and policy findings kept for the plan's
 * own section.
 */
const PLAN_OPENING = { wholeSet: true, client: 'now', missingVariable: 'error', policy: 'plan' } as const;

export interface PlanSession {
  desired: DesiredState;
  lockPath: string;
  /** Where the lock file is and which step of the rule chose it. */
  lockLocation: LockLocation;
  /** The lock the plan was made against; a new one (fresh salt) when none existed. */
  lock: LockFile;
  lockExisted: boolean;
  /** Write the lock even with no change: repaired, or its record of the workspace or of the policy is new or changed. */
  lockRepaired: boolean;
  plan: Plan;
  api: ApiClient;
}

/** Opened, read, assembled; the client is closed on a refusal (the caller closes it otherwise). */
export async function planWorkspace(request: PlanWorkspaceRequest): Promise<PlanSession> {
  const step = request.hooks?.step ?? NO_STEP;
  const opened = await openSet({ ...request, ...PLAN_OPENING }, (client) => startReads(client, step));
  const api = opened.api!;
  const reads = opened.started!;
  try {
    const { desired, lockChoice } = opened;
    const lockPath = lockChoice.location.path;
    const { read, base, live, context, prepared } = await readForPlan(request, opened, reads, step);
    const lockShown = displayPath(lockPath, request.cwd);
    // Everything the assembly is handed is ready before it is called: from here on the plan is src/plan's.
    const options = assembleOptions(request, opened, lockPath, context.notes);
    const assembled = assemblePlan({
      desired,
      live,
      lock: { read, fresh: () => base },
      workspace: {
        apiUrl: api.baseUrl,
        accountId: context.accountId,
        settings: desired.settings,
        allowMissing: request.allowMissing ?? false,
        lockShown,
      },
      policyDiagnostics: opened.policyDiagnostics,
      context,
      prepared,
      liveLines: reads.liveLines,
      compared: reads.compared,
      options,
    });
    if (!assembled.ok) throw assembled.refusal;
    const { plan, lock, lockChanged: lockRepaired, lockExisted } = assembled;
    return { desired, lockPath, lockLocation: lockChoice.location, lock, lockExisted, lockRepaired, plan, api };
  } catch (error) {
    await api.close();
    throw error;
  }
}

/** The lock, the listing and its context; the desired side prepared (secret hashes too) meanwhile. */
async function readForPlan(request: PlanWorkspaceRequest, opened: OpenedSet, reads: Reads, step: StepMarker) {
  const { lock: read } = await readLockFrom(request.lock, opened, step);
  // No lock file yet: one fresh lock (its salt) for the hashes, the comparisons and the plan alike.
  const base = read ?? newLockFile();
  const preparing = prepareAhead(opened.desired, base, (compare) => reads.compareWith(compare));
  // Once the listing is in, what is left (hashing secrets, comparing) is the plan's own work.
  let computing: (() => void) | undefined;
  const listed = reads.result().then((result) => ((computing = step('computing the plan')), result));
  const [[live, context], prepared] = await Promise.all([listed, preparing]).finally(() => computing?.());
  return { read, base, live, context, prepared };
}

/** The options of the assembly, from the command line and what opening the workspace found. */
function assembleOptions(request: PlanWorkspaceRequest, opened: OpenedSet, lockPath: string, contextNotes: string[]) {
  const { named, desired, lockChoice } = opened;
  return {
    allowMassDelete: request.allowMassDelete ?? false,
    policyStops: request.command === 'plan' ? undefined : request.command,
    fileOf: lockRelative(lockPath, request.cwd),
    ...(named ? { files: fileScope(named, desired.files, lockPath, request.cwd) } : {}),
    ...(request.targets ? { targets: request.targets } : {}),
    ...(request.replace ? { replace: request.replace } : {}),
    notes: [...opened.notes, ...contextNotes, ...(lockChoice.note ? [lockChoice.note] : [])],
  };
}
