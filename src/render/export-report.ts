// What `monitors export` (and `export --name/--id`) wrote and what to do next, in words
// (stdout). src/export decides and writes the files; it hands this its result as plain data.

/** What this report reads of an export's result (src/export/export-workspace.ts's ExportResult). */
export interface ExportedView {
  files: readonly { fileName: string; monitors: number }[];
  records: readonly { fingerprint: string | null }[];
  duplicates: readonly { name: string; ids: readonly string[] }[];
  secrets: readonly { name: string; env: string }[];
  todos: readonly { name: string; fileName: string; fields: readonly string[] }[];
  defaulted: readonly string[];
}

export interface SummaryPaths {
  /** Output folder as the user typed it (or the default). */
  outDir: string;
  /** YAML file paths in the order of result.files. */
  filePaths: string[];
  lockPath: string;
  /** True when plan finds the lock file without --lock. */
  lockIsDefault?: boolean;
  /** The environment exported: plan needs --env. */
  environment?: string;
  /** `export --name/--id`: the records were added to a lock file holding `kept` others (or a new one). */
  adopted?: { kept: number; created: boolean };
}

/** What export wrote and what to do next, for people (stdout). Never holds a secret: it has none. */
export function exportSummary(result: ExportedView, paths: SummaryPaths): string {
  const monitors = result.records.length;
  const unverifiable = result.records.filter((r) => r.fingerprint === null).length;
  const width = Math.max(...paths.filePaths.map((p) => p.length), paths.lockPath.length);
  const { adopted } = paths;
  const lines = [`${adopted ? 'Adopted' : 'Exported'} ${plural(monitors, 'monitor')} into ${paths.outDir}:`];
  result.files.forEach((file, i) =>
    lines.push(
      `  ${paths.filePaths[i]!.padEnd(width)}  ${plural(file.monitors, 'monitor')}${adopted ? ' (new file)' : ''}`,
    ),
  );
  const verified =
    unverifiable === 0
      ? 'all verified'
      : unverifiable === monitors
        ? 'all not verifiable yet'
        : `${unverifiable} not verifiable yet`;
  const records = adopted
    ? `${plural(monitors, 'lock record')} added (${verified}), ${adopted.created ? 'in a new lock file' : `${adopted.kept} kept as they were`}`
    : `${plural(monitors, 'lock record')} (${verified})`;
  lines.push(`  ${paths.lockPath.padEnd(width)}  ${records}`);

  if (result.defaulted.length > 0) {
    lines.push(
      '',
      `The listing did not return ${result.defaulted.join(', ')}.`,
      'Documented defaults were written in their place (marked "not readable"): check them against the dashboard.',
    );
  }
  if (result.todos.length > 0) {
    lines.push('', 'Fill in these fields (marked TODO; `monitors validate` points at each):');
    for (const t of result.todos)
      lines.push(
        `  ${paths.filePaths[result.files.findIndex((f) => f.fileName === t.fileName)] ?? t.fileName}: "${t.name}": ${t.fields.join(', ')}`,
      );
  }
  if (result.secrets.length > 0) {
    lines.push(
      '',
      'Secrets are write-only, so the YAML refers to environment variables; set each to the current secret:',
    );
    for (const s of result.secrets) lines.push(`  ${s.env}  ("${s.name}")`);
  }
  const lockFlag = paths.lockIsDefault ? '' : ` --lock ${paths.lockPath}`;
  const envFlag = paths.environment !== undefined ? ` --env ${paths.environment}` : '';
  if (result.duplicates.length > 0) {
    lines.push('', 'Not exported: several live monitors share a name (the tool matches monitors by name):');
    for (const d of result.duplicates) lines.push(`  "${d.name}": ids ${d.ids.join(', ')}`);
    lines.push(
      `Rename all but one in the dashboard and export again, or adopt the one to manage with \`monitors export --out ${paths.outDir}${envFlag}${lockFlag} --id <id>\` (it is pinned with \`id:\`).`,
    );
  }
  lines.push(
    '',
    'Next:',
    `  monitors validate ${paths.outDir}${envFlag}`,
    `  monitors plan ${paths.outDir}${envFlag}${lockFlag}`,
  );
  if (unverifiable > 0) {
    lines.push(
      `The first plan replaces the ${unverifiable} "not verifiable" monitor${unverifiable === 1 ? '' : 's'} once with exactly what the YAML says;`,
      'review it, apply, and commit the updated lock file.',
    );
  } else if (result.secrets.length > 0) {
    lines.push(
      'The first plan re-sends the secrets once (their values cannot be compared); then commit the lock file.',
    );
  } else {
    lines.push(
      adopted
        ? 'The plan should show no changes for them; commit the new file and the lock file together.'
        : 'The plan should show no changes; commit the YAML and the lock file.',
    );
  }
  return `${lines.join('\n')}\n`;
}

/** An export of a workspace without monitors. */
export const NOTHING_TO_EXPORT =
  'The workspace has no monitors: nothing to export. Write your first YAML file instead.\n';

/** The notes of an export on stderr: YAML it did not write in --out, a lock file re-laid or new. */
export type ExportNote =
  | { kind: 'other-yaml'; outDir: string; count: number }
  | { kind: 'relaid'; lockFile: string }
  | { kind: 'new-lock'; lockFile: string };

export function exportNoteLine(note: ExportNote): string {
  switch (note.kind) {
    case 'other-yaml':
      return `warning: ${note.outDir} also holds YAML files export did not write (${note.count}); plan and apply will read them too`;
    case 'relaid':
      return `note: ${note.lockFile} was not laid out as monitors writes it (edited by hand?): it was written again in that layout, its records unchanged`;
    case 'new-lock':
      return `note: there was no lock file at ${note.lockFile}, so it was made with the adopted monitors' records alone; if this repository keeps its lock file on a branch (--lock-branch), see docs/adopting.md`;
  }
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
