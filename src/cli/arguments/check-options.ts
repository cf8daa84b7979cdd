// The options `monitors check` parses. Apart from check.ts so that check-run.ts, which check.ts
// imports lazily, can name them without an import circle.
export interface CheckOptions {
  format: string;
  name?: string[];
  changed?: boolean;
  lock?: string;
  apiUrl?: string;
  lockBranch?: string;
  lockRemote?: string;
  concurrency: string;
  resolve?: string[];
  connectTo?: string[];
  ca?: string[];
  dnsServer?: string[];
  rdapUrl?: string;
  env?: string;
  /** --parallelism N: with --env all, how many environments run at once. */
  parallelism?: string;
}
