// The options `monitors validate` parses. Apart from validate.ts so that validate-run.ts, which validate.ts
// imports lazily, can name them without an import circle.
export interface ValidateOptions {
  format: string;
  env?: string;
  /** --parallelism: environments read at once with --env all. */
  parallelism?: string;
  requireEnv?: boolean;
}
