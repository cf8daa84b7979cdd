// The options `monitors destroy` parses. Apart from destroy.ts so that destroy-run.ts, which destroy.ts
// imports lazily, can name them without an import circle.
export interface DestroyOptions {
  env?: string;
  lock?: string;
  yes?: boolean;
  allowMassDelete?: boolean;
  allowMissing?: boolean;
  apiUrl?: string;
  concurrency?: string;
  format?: string;
  lockBranch?: string;
  lockRemote?: string;
}
