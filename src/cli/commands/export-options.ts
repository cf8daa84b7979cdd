// The options `monitors export` parses. Apart from export.ts so that export-run.ts, which export.ts
// imports lazily, can name them without an import circle.
export interface ExportOptions {
  out: string;
  lock?: string;
  force?: boolean;
  apiUrl?: string;
  env?: string;
}
