// The options `monitors status` parses. Apart from status.ts so that status-run.ts, which
// status.ts imports lazily, can name them without an import circle.
export interface StatusOptions {
  format: string;
  days: string;
  name?: string[];
  failOn?: string;
  env?: string;
  /** --parallelism N: with --env all, how many environments run at once. */
  parallelism?: string;
  lock?: string;
  apiUrl?: string;
  lockBranch?: string;
  lockRemote?: string;
}
