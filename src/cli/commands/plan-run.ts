import { EXIT_CHANGES, EXIT_OK } from '../../errors.js';
import { writeFileAtomic } from '../../lock/atomic-write.js';
import type { SourcePos } from '../../model/monitor.js';
import { policyRefusal } from '../../plan/policy-section.js';
import { serializeSavedPlan, type SavedUrlOrigin } from '../../plan/saved-plan.js';
import { packageVersion } from '../../version/package-version.js';
import { openLockBranchSession, PROCESS_OUTPUT } from '../steps/lock-branch-session.js';
import { stopWatching, watchPlanning } from '../steps/interrupt.js';
import { makePlan } from '../planning/make-plan.js';
import { requestedEnvironment } from '../steps/environment.js';
import { asksEveryEnvironment } from '../steps/every-environment-flag.js';
import { parseNarrowing } from '../planning/narrow.js';
import { fileOption } from '../steps/options.js';
import { checkOutPath } from '../steps/out-path.js';
import { chooseFormat } from '../../render/formats/registry.js';
import { renderPlan, useColor } from '../planning/render.js';

import type { PlanOptions } from './plan-options.js';

export async function runPlan(paths: string[], options: PlanOptions): Promise<number> {
  const format = chooseFormat('plan', options.format);
  if (asksEveryEnvironment(options.env, process.env))
    return (await import('../steps/every-environment.js')).runEveryEnvironment({
      command: 'plan',
      parallelism: options.parallelism,
      paths,
      format,
      detailedExitcode: options.detailedExitcode,
      single: { out: options.out, lock: options.lock },
    });
  const environment = requestedEnvironment(options.env, process.env);
  const out = fileOption('--out', options.out);
  const lockFlag = fileOption('--lock', options.lock);
  const narrowing = parseNarrowing(options.target, options.replace);
  const branch = openLockBranchSession(options, process.cwd(), process.env, PROCESS_OUTPUT);
  watchPlanning(process.stderr);
  const session = await makePlan({
    paths,
    lockFlag,
    ...(options.apiUrl ? { apiUrl: options.apiUrl } : {}),
    allowMassDelete: options.allowMassDelete,
    allowMissing: options.allowMissing ?? false,
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
  stopWatching(); // planned: nothing a signal would cut in half from here on
  try {
    const { plan } = session;
    // Refused by the policy: the plan and its policy section are shown, nothing is saved.
    const refusal = policyRefusal(plan.policy, 'plan');
    if (refusal) {
      process.stdout.write(await renderPlan(plan, format, useColor(process.stdout, process.env)));
      throw refusal;
    }
    if (out !== undefined) {
      const { apiUrl, apiUrlAt, environment: chosen, source } = session.desired.settings;
      const saved = serializeSavedPlan(plan, {
        lockPath: session.lockPath,
        ...(source ? { settingsFile: source.file } : {}),
        lock: session.lock,
        toolVersion: packageVersion(),
        now: new Date(),
        ...savedApiUrl(options.apiUrl, apiUrl, apiUrlAt),
        ...(chosen
          ? {
              environment: {
                name: chosen.name,
                tokenEnv: chosen.tokenEnv ?? '',
                ...(chosen.tokenEnvAt ? { tokenEnvAt: positionText(chosen.tokenEnvAt) } : {}),
                ...savedApiUrl(options.apiUrl, chosen.apiUrl, chosen.apiUrlAt),
              },
            }
          : {}),
      });
      await writeFileAtomic(out, saved);
    }
    process.stdout.write(await renderPlan(plan, format, useColor(process.stdout, process.env)));
    if (out !== undefined)
      process.stderr.write(`Saved the plan to ${out}; apply it with: monitors apply --plan ${out}\n`);
    // Forgets are changes (of the lock file), and so is a change to the policy (apply records
    // it, docs/policy.md); changes a --target plan leaves out are not.
    const changes = plan.changes.length + (plan.policy?.changes?.length ?? 0);
    return options.detailedExitcode && changes > 0 ? EXIT_CHANGES : EXIT_OK;
  } finally {
    await session.api.close();
  }
}

/**
 * The URL a saved plan names for its apply (the set's, or its environment's): the one
 * given with --api-url, else the YAML's; and where it came from, for apply's messages.
 */
function savedApiUrl(
  flag: string | undefined,
  settings: string | undefined,
  at: SourcePos | undefined,
): SavedUrlOrigin & { apiUrl?: string } {
  if (flag) return { apiUrl: flag, apiUrlSource: '--api-url' };
  if (!settings) return {};
  return { apiUrl: settings, ...(at ? { apiUrlAt: positionText(at) } : {}) };
}

const positionText = (pos: SourcePos) => `${pos.file}:${pos.line}:${pos.col}`;
