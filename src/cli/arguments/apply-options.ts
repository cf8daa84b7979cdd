// The options `monitors apply` parses. Apart from apply.ts so that apply-run.ts, which apply.ts
// imports lazily, can name them without an import circle.
import type { NarrowOptions } from './narrow-options.js';

export interface ApplyOptions extends NarrowOptions {
  lock?: string;
  yes?: boolean;
  plan?: string;
  concurrency?: string;
  allowMassDelete?: boolean;
  allowMissing?: boolean;
  env?: string;
  format?: string;
  apiUrl?: string;
  /** true without a value; see apply-wait.ts. */
  wait?: string | true;
  waitFailOn?: string;
  lockBranch?: string;
  lockRemote?: string;
}
