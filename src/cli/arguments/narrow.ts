// --target and --replace checked before anything is read or sent: an empty pattern is a
// slip (an unset shell variable), never "everything".
import { randomBytes } from 'node:crypto';
import { MonitorsError } from '../../errors.js';

export interface Narrowing {
  targets?: string[];
  /** --replace patterns, and the token drawn for this plan (src/plan/targets.ts, withForce). */
  replace?: { patterns: string[]; token: string };
}

export function parseNarrowing(
  target: readonly string[] | undefined,
  replace: readonly string[] | undefined,
): Narrowing {
  for (const [flag, values] of [
    ['--target', target],
    ['--replace', replace],
  ] as const) {
    if (values?.some((v) => v.trim() === ''))
      throw new MonitorsError('BAD_OPTION', `${flag} needs a monitor name or a glob, not an empty string`, {
        hint: 'Quote names with spaces: --target "shop: home page"; a glob matches whole names: --target "shop: *".',
      });
  }
  return {
    ...(target && target.length > 0 ? { targets: [...new Set(target)] } : {}),
    ...(replace && replace.length > 0
      ? { replace: { patterns: [...new Set(replace)], token: randomBytes(9).toString('base64url') } }
      : {}),
  };
}

/** A saved plan was reviewed as it is: narrowing it again would apply something nobody saw. */
export function refuseWithSavedPlan(narrowing: Narrowing): void {
  const flag = narrowing.targets ? '--target' : narrowing.replace ? '--replace' : undefined;
  if (flag === undefined) return;
  throw new MonitorsError(
    'BAD_OPTION',
    `${flag} cannot be given with --plan: a saved plan keeps the targets and replacements it was made with; nothing was changed`,
    { hint: `Make a new plan with ${flag} (monitors plan ${flag} NAME --out FILE) and apply that.` },
  );
}
