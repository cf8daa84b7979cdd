import { EXIT_CHANGES, EXIT_OK } from '../../errors.js';
import { writeFileAtomic } from '../../lock/atomic-write.js';
import { serializeSavedPlan } from '../../plan/saved-plan.js';
import { packageVersion } from '../version.js';
import { openLockBranchSession, PROCESS_OUTPUT } from '../planning/lock-branch-session.js';
import { makePlan } from '../planning/make-plan.js';
import { requestedEnvironment } from '../planning/environment.js';
import { parseNarrowing } from '../planning/narrow.js';
import { fileOption } from '../planning/options.js';
import { checkOutPath } from '../planning/out-path.js';
import { parsePlanFormat, renderPlan, useColor } from '../planning/render.js';

import type { PlanOptions } from './plan.js';

export async function runPlan(paths: string[], options: PlanOptions): Promise<number> {
  const format = parsePlanFormat(options.format);
  const environment = requestedEnvironment(options.env, process.env);
  const out = fileOption('--out', options.out);
  const lockFlag = fileOption('--lock', options.lock);
  const narrowing = parseNarrowing(options.target, options.replace);
  const branch = openLockBranchSession(options, process.cwd(), process.env, PROCESS_OUTPUT);
  const session = await makePlan({
    paths,
    lockFlag,
    ...(options.apiUrl ? { apiUrl: options.apiUrl } : {}),
    allowMassDelete: options.allowMassDelete,
    env: process.env,
    cwd: process.cwd(),
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
    ...(branch ? { readLock: branch.readLock } : {}),
  });
  try {
    const { plan } = session;
    if (out !== undefined) {
      const { apiUrl, environment: chosen } = session.desired.settings;
      const saved = serializeSavedPlan(plan, {
        lockPath: session.lockPath,
        lock: session.lock,
        toolVersion: packageVersion(),
        ...savedApiUrl(options.apiUrl, apiUrl),
        ...(chosen
          ? {
              environment: {
                name: chosen.name,
                tokenEnv: chosen.tokenEnv ?? '',
                ...savedApiUrl(options.apiUrl, chosen.apiUrl),
              },
            }
          : {}),
      });
      await writeFileAtomic(out, saved);
    }
    process.stdout.write(renderPlan(plan, format, useColor(process.stdout, process.env)));
    if (out !== undefined)
      process.stderr.write(`Saved the plan to ${out}; apply it with: monitors apply --plan ${out}\n`);
    // Forgets are changes (of the lock file); changes a --target plan leaves out are not.
    return options.detailedExitcode && plan.changes.length > 0 ? EXIT_CHANGES : EXIT_OK;
  } finally {
    await session.api.close();
  }
}

/** The URL a saved plan names for its apply (the set's, or its environment's): the one given with --api-url, else the YAML's. */
function savedApiUrl(flag: string | undefined, settings: string | undefined): { apiUrl?: string } {
  const url = flag ?? settings;
  return url ? { apiUrl: url } : {};
}
