// `monitors environments`: the declared environments as a table or as JSON. JSON (format_version 1):
//   {"format_version": 1, "environment": null, "environments": [{"name", "token_env", "api_url", "lock_file", "monitors"}]}
// `environment` is null as in `validate` without --env: the command covers every environment
// (docs/json-output.md: every document starts with format_version, then environment).
// `environments` is what a GitHub `strategy.matrix.include` takes as it is (matrix.name,
// matrix.token_env, ...). api_url is the YAML's, `${env:NAME}` resolved (null: none, or an
// unset variable), lock_file relative to the folder the command runs in.

export const ENVIRONMENTS_FORMAT_VERSION = 1;

export interface EnvironmentEntry {
  name: string;
  token_env: string | null;
  api_url: string | null;
  lock_file: string;
  monitors: number;
}

export function renderEnvironmentsJson(entries: readonly EnvironmentEntry[]): string {
  return `${JSON.stringify({ format_version: ENVIRONMENTS_FORMAT_VERSION, environment: null, environments: entries }, null, 2)}\n`;
}

export function renderEnvironmentsText(entries: readonly EnvironmentEntry[]): string {
  if (entries.length === 0)
    return 'No environments declared (settings.environments): plan and apply run without --env.\n';
  const rows = [
    ['environment', 'token variable', 'monitors', 'lock file', 'api url'],
    ...entries.map((e) => [e.name, e.token_env ?? '-', String(e.monitors), e.lock_file, e.api_url ?? '-']),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return `${rows
    .map((r) =>
      r
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')}\n`;
}
