// The options `monitors validate` parses. Apart from validate.ts so that validate-run.ts, which validate.ts
// imports lazily, can name them without an import circle.
export interface ValidateOptions {
  format: string;
  env?: string;
  /** --parallelism N: with --env all, how many environments run at once. */
  parallelism?: string;
  requireEnv?: boolean;
}
