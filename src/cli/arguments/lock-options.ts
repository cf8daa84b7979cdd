// The options of `monitors lock list|show|forget`. Apart from lock.ts so that the work
// modules, which lock.ts imports lazily, can name them without an import circle.

export interface LockReadOptions {
  format: string;
  env?: string;
  /** --parallelism N: with --env all, how many environments run at once. */
  parallelism?: string;
  lock?: string;
  lockBranch?: string;
  lockRemote?: string;
}

export interface LockForgetOptions {
  env?: string;
  lock?: string;
  lockBranch?: string;
  lockRemote?: string;
  yes?: boolean;
}
