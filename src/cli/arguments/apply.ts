// `monitors apply`'s arguments: those of every writing command, --wait, a saved plan
// (--plan FILE, which takes no YAML paths and no --target/--replace), and --target / --replace.
import { MonitorsError } from '../../errors.js';
import { parseNarrowing, refuseWithSavedPlan, type Narrowing } from './narrow.js';
import type { WriteSettings } from '../steps/write-settings.js';
import type { ApplyOptions } from './apply-options.js';
import { waitModeOf } from './apply-wait.js';
import { fileOption } from './options.js';
import { parseWriteArguments } from './write.js';

export interface ApplyArguments extends WriteSettings {
  plan: string | undefined;
  /** --target and --replace. */
  narrowing: Narrowing;
}

export function parseApplyArguments(args: string[], options: ApplyOptions, env: NodeJS.ProcessEnv): ApplyArguments {
  const { paths, wait } = waitModeOf(args, options);
  const plan = fileOption('--plan', options.plan);
  if (plan !== undefined && paths.length > 0)
    throw new MonitorsError('BAD_OPTION', '--plan applies a saved plan; do not pass YAML paths with it');
  const narrowing = parseNarrowing(options.target, options.replace);
  if (plan !== undefined) refuseWithSavedPlan(narrowing);
  return { ...parseWriteArguments(paths, options, wait, env), plan, narrowing };
}
