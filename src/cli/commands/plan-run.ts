// The work of `monitors plan`: the plan made, rendered, saved with --out, and its exit code.
import { writeFileAtomic } from '../../lock/atomic-write.js';
import { planOutcome } from '../../plan/outcome.js';
import { packageVersion } from '../../version/package-version.js';
import { runVars, writtenVars } from '../run-vars/current.js';
import { openLockBranchSession, PROCESS_OUTPUT } from '../steps/lock-branch-session.js';
import { stopWatching, watchPlanning } from '../steps/interrupt.js';
import { planWorkspace } from '../../workspace/plan-workspace.js';
import { fromProcess, lockSource } from '../steps/open-request.js';
import { checkOutPath } from '../steps/out-path.js';
import { savedToLine } from '../../render/saved-plan-report.js';
import { renderPlan, useColor } from '../steps/render-plan.js';

import type { PlanOptions } from '../arguments/plan-options.js';
import { parsePlanArguments } from '../arguments/plan.js';

export async function runPlan(paths: string[], options: PlanOptions): Promise<number> {
  const args = parsePlanArguments(options, process.env);
  const { format, environment, out, lock: lockFlag, narrowing } = args;
  const branch = openLockBranchSession(options, process.cwd(), process.env, PROCESS_OUTPUT);
  watchPlanning(process.stderr);
  const session = await planWorkspace({
    ...fromProcess(),
    paths,
    lock: lockSource(lockFlag, branch),
    ...(args.apiUrl ? { apiUrl: args.apiUrl } : {}),
    allowMassDelete: args.allowMassDelete,
    allowMissing: args.allowMissing,
    command: 'plan',
    ...narrowing,
    ...(environment ? { environment } : {}),
    // `--out` over the lock file or a YAML file of the plan is refused before any request.
    ...(out !== undefined
      ? {
          beforeRequests: (desired, lockPath) =>
            void checkOutPath(out, process.cwd(), { files: desired.files, lockPath }),
        }
      : {}),
  });
  stopWatching(); // planned: nothing a signal would cut in half from here on
  try {
    const { plan, desired, lockPath, lock } = session;
    const save = {
      lockPath,
      lock,
      settings: desired.settings,
      flagApiUrl: args.apiUrl,
      toolVersion: packageVersion(),
      now: new Date(),
      ...(runVars() ? { vars: writtenVars() } : {}),
    };
    const outcome = planOutcome(plan, args.detailedExitcode, out !== undefined ? save : undefined);
    // Refused by the policy: the plan and its policy section are shown, nothing is saved.
    if (outcome.saved !== undefined && out !== undefined) await writeFileAtomic(out, outcome.saved);
    process.stdout.write(await renderPlan(plan, format, useColor(process.stdout, process.env)));
    if (outcome.refusal) throw outcome.refusal;
    if (out !== undefined) process.stderr.write(savedToLine(out));
    return outcome.exitCode;
  } finally {
    await session.api.close();
  }
}
