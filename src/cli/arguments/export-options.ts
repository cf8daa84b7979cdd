// The options `monitors export` parses. Apart from export.ts so that export-run.ts, which export.ts
// imports lazily, can name them without an import circle.
export interface ExportOptions {
  out: string;
  lock?: string;
  force?: boolean;
  apiUrl?: string;
  env?: string;
  /** --name GLOB and --id ID (repeatable): adopt only these into the repository in --out. */
  name?: string[];
  id?: string[];
  /** The one new YAML file of --name/--id. */
  file?: string;
}
