// The options `monitors plan` parses. Apart from plan.ts so that plan-run.ts, which plan.ts
// imports lazily, can name them without an import circle.
import type { NarrowOptions } from './narrow-options.js';

export interface PlanOptions extends NarrowOptions {
  format: string;
  out?: string;
  lock?: string;
  detailedExitcode?: boolean;
  allowMassDelete?: boolean;
  allowMissing?: boolean;
  env?: string;
  /** --parallelism N: with --env all, how many environments run at once. */
  parallelism?: string;
  apiUrl?: string;
  lockBranch?: string;
  lockRemote?: string;
}
