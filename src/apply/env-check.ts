// A saved plan carries ${env:NAME} references, not values. Its keys and lock records were
// computed from the values of plan time; applying it under other values would send bodies
// the keys were not made for and record fingerprints of what was not sent. So before any
// write, the environment must give back exactly what the plan was computed from.
import { MonitorsError } from '../errors.js';
import { inputFingerprint, sameHashes, secretHashes, secretValuesOf, warmSecretHashes } from '../plan/fingerprint.js';
import { normalizeInput } from '../plan/normalize.js';
import type { Plan } from '../plan/types.js';
import { envNamesIn, isTemplate } from '../model/env-references.js';
import { protectTemplatedFields, templateValues, type EnvTemplates } from '../plan/env-protect.js';
import { resolveEnvTemplates } from './env-templates.js';

/** Throws PLAN_ENV_CHANGED (naming variables, never values) when the environment differs from plan time. */
export async function checkEnvMatchesPlan(plan: Plan, env: NodeJS.ProcessEnv, salt: string): Promise<void> {
  const templated = plan.changes.filter((c) => c.body && c.lock_record && envNamesIn(c.body).size > 0);
  const valueOf = (name: string) => env[name];
  const resolved = templated.map((change) => ({
    change,
    canonical: normalizeInput(resolveEnvTemplates(change.body!, env)),
    templates: templatesOf(change.body!),
  }));
  await warmSecretHashes(
    resolved.flatMap(({ canonical, templates }) => [
      ...secretValuesOf(canonical),
      ...templateValues(templates, valueOf),
    ]),
    salt,
  );
  const changedNames = new Set<string>();
  for (const { change, canonical, templates } of resolved) {
    const record = change.lock_record!;
    const hashed = protectTemplatedFields(canonical, templates, valueOf, salt);
    if (
      inputFingerprint(hashed) !== record.fingerprint ||
      !sameHashes(secretHashes(canonical, salt), record.secrets ?? {})
    ) {
      for (const name of envNamesIn(change.body)) changedNames.add(name);
    }
  }
  if (changedNames.size > 0) {
    const names = [...changedNames].sort().join(', ');
    throw new MonitorsError(
      'PLAN_ENV_CHANGED',
      `the saved plan was made with other values of ${names} than this environment has; nothing was changed`,
      {
        hint: 'Run apply with the environment the plan was made in, or make a new plan (`monitors plan --out FILE`) here.',
      },
    );
  }
}

/** The fields of a plan body written as templates, as the planner's envRefs had them. */
function templatesOf(body: Record<string, unknown>): EnvTemplates {
  const out: Record<string, string | readonly string[]> = {};
  for (const [field, value] of Object.entries(body)) if (isTemplate(value)) out[field] = value as string | string[];
  return out;
}
