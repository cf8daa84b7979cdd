import { EXIT_CHANGES, EXIT_OK } from '../../errors.js';
import { writeFileAtomic } from '../../lock/atomic-write.js';
import { serializeSavedPlan } from '../../plan/saved-plan.js';
import { packageVersion } from '../version.js';
import { makePlan } from '../planning/make-plan.js';
import { requestedEnvironment } from '../planning/environment.js';
import { checkOutPath } from '../planning/out-path.js';
import { parsePlanFormat, renderPlan, useColor } from '../planning/render.js';

import type { PlanOptions } from './plan.js';

export async function runPlan(paths: string[], options: PlanOptions): Promise<number> {
  const format = parsePlanFormat(options.format);
  const environment = requestedEnvironment(options.env, process.env);
  const session = await makePlan({
    paths,
    lockFlag: options.lock,
    allowMassDelete: options.allowMassDelete,
    env: process.env,
    cwd: process.cwd(),
    command: 'plan',
    ...(environment ? { environment } : {}),
  });
  try {
    const { plan } = session;
    if (options.out) {
      const { apiUrl, environment: chosen } = session.desired.settings;
      const saved = serializeSavedPlan(plan, {
        lockPath: session.lockPath,
        lock: session.lock,
        toolVersion: packageVersion(),
        ...(apiUrl ? { apiUrl } : {}),
        ...(chosen ? { environment: { name: chosen.name, tokenEnv: chosen.tokenEnv ?? '', ...(chosen.apiUrl ? { apiUrl: chosen.apiUrl } : {}) } } : {}),
      });
      await writeFileAtomic(checkOutPath(options.out, process.cwd(), { files: session.desired.files, lockPath: session.lockPath }), saved);
    }
    process.stdout.write(renderPlan(plan, format, useColor(process.stdout, process.env)));
    if (options.out) process.stderr.write(`Saved the plan to ${options.out}; apply it with: monitors apply --plan ${options.out}\n`);
    const changes = plan.summary.create + plan.summary.replace + plan.summary.delete;
    return options.detailedExitcode && changes > 0 ? EXIT_CHANGES : EXIT_OK;
  } finally {
    await session.api.close();
  }
}
