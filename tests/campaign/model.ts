// The campaign's model: what the repository says (entries in two files, a template with
// vars, `moved` entries, secrets in the environment), and from it, what the server must
// hold once an apply has converged: one monitor per desired name, holding the body as
// written (defaults merged, references resolved). The model knows nothing of how the tool
// gets there; it is the specification the real server's state is checked against.

export type FileName = 'a' | 'b';
export const FILES: readonly FileName[] = ['a', 'b'];
export const SECRET_VARS = ['CAMPAIGN_TOKEN_A', 'CAMPAIGN_TOKEN_B'] as const;
export const REGIONS = ['eu', 'us', 'ap', 'sa', 'af'] as const;
export const DOMAINS = ['tpl.example.com', 'tpl2.example.com'] as const;

/** What every file's `defaults:` holds (the same text in each file; defaults never cross files). */
export const DEFAULTS: readonly (readonly [string, unknown])[] = [
  ['type', 'http'],
  ['method', 'GET'],
  ['interval_seconds', 300],
  ['timeout_seconds', 10],
  ['retry_count', 1],
  ['confirmation_attempts', 2],
  ['slow_threshold_ms', 2000],
  ['expected_status_min', 200],
  ['expected_status_max', 299],
  ['max_redirects', 3],
  ['auth_type', 'none'],
  ['execution_mode', 'single_location'],
  ['locations', ['eu-west']],
  ['consensus_threshold', 1],
];

/** One `monitors:` item: its fields in the order written (name first, implied). */
export interface Entry {
  name: string;
  file: FileName;
  fields: [string, unknown][];
  /** `id:` pin (set when a duplicate made in the dashboard is settled by pinning). */
  pin?: string;
}

export interface TemplateModel {
  domain: string;
  interval: number;
  regions: string[];
  tags: string;
}

export interface RepoModel {
  entries: Entry[];
  /** Renames declared this round (dropped once applied, as a user would). */
  moved: { from: string; to: string }[];
  /** `removed:` entries: monitors forgotten (their lock record goes, they stay live, unmanaged); kept a while, then dropped. */
  removed: { name: string; file: FileName }[];
  template: TemplateModel;
  /** Environment variables the YAML reads secrets from: name -> value. */
  secrets: Record<string, string>;
}

/** `--target` patterns and `--replace` names of a run (lifecycle.ts). */
export interface RunOptions {
  targets: string[];
  replace: string[];
}

/** A body as the server must hold it: every field as sent, auth_secret resolved. */
export type Body = Record<string, unknown>;

export function templateName(region: string): string {
  return `tpl ${region}`;
}

export function field(entry: Entry, name: string): unknown {
  return entry.fields.find(([k]) => k === name)?.[1];
}

export function setField(entry: Entry, name: string, value: unknown): void {
  const at = entry.fields.findIndex(([k]) => k === name);
  if (at >= 0) entry.fields[at] = [name, value];
  else entry.fields.push([name, value]);
}

export function removeField(entry: Entry, name: string): void {
  entry.fields = entry.fields.filter(([k]) => k !== name);
}

/** The secret variable an `${env:NAME}` value names, if it is one. */
export function envVarOf(value: unknown): string | undefined {
  return typeof value === 'string' ? /^\$\{env:([A-Z_][A-Z0-9_]*)\}$/.exec(value)?.[1] : undefined;
}

/** Every desired monitor, by name, with the body the server must hold. */
export function expectedBodies(repo: RepoModel): Map<string, Body> {
  const out = new Map<string, Body>();
  for (const entry of repo.entries) {
    const body: Body = { ...Object.fromEntries(DEFAULTS), name: entry.name };
    for (const [k, v] of entry.fields) {
      const secret = envVarOf(v);
      body[k] = secret ? repo.secrets[secret] : v;
    }
    out.set(entry.name, body);
  }
  const t = repo.template;
  for (const region of t.regions) {
    out.set(templateName(region), {
      ...Object.fromEntries(DEFAULTS),
      name: templateName(region),
      url: `https://${region}.${t.domain}/health`,
      interval_seconds: t.interval,
      tags: t.tags,
    });
  }
  return out;
}

/** Names the YAML defines now (entries and template instances). */
export function desiredNames(repo: RepoModel): Set<string> {
  return new Set([...repo.entries.map((e) => e.name), ...repo.template.regions.map(templateName)]);
}

export function cloneRepo(repo: RepoModel): RepoModel {
  return structuredClone(repo);
}
