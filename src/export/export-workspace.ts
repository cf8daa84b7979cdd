// Export, the pure core: live monitors in, YAML texts and lock records out. No I/O here;
// the CLI command reads the listing and writes the files.
import type { LockRecord } from '../lock/types.js';
import type { LiveMonitor } from '../model/monitor.js';
import type { MonitorField } from '../schema/monitor-input-schema.js';
import { factorDefaults } from './factor-defaults.js';
import { lockRecordFor, plannerFingerprint, type FingerprintFn } from './lock-records.js';
import { envSlug, uniqueNames } from './names.js';
import { inSpecOrder, readLiveMonitor, type ReadMonitor } from './read-live.js';
import { renderFile } from './render-file.js';
import { compareText } from '../model/compare-text.js';
import { compareMonitors, splitIntoFiles, type FileGroup } from './split-files.js';

export interface ExportOptions {
  /** Default: the planner's own fingerprint (a stand-in only in tests). */
  fingerprint?: FingerprintFn;
  /**
   * The environment exported (settings.environments): each file is limited to it
   * (`defaults: environments: [NAME]`) and named after it, so a set that serves several
   * environments never creates one workspace's monitors in another.
   */
  environment?: string;
}

export interface ExportedFile {
  fileName: string;
  text: string;
  monitors: number;
}

export interface ExportResult {
  files: ExportedFile[];
  /** Lock records, sorted by name then id. */
  records: LockRecord[];
  /** Names held by several live monitors: not exported (identity is by name). */
  duplicates: { name: string; ids: string[] }[];
  /** Environment variables the YAML refers to for write-only secrets. */
  secrets: { name: string; env: string }[];
  /** Fields to fill by hand, per monitor. */
  todos: { name: string; fileName: string; fields: MonitorField[] }[];
  /** Required fields written as documented defaults (for at least one monitor). */
  defaulted: MonitorField[];
}

export function exportWorkspace(live: readonly LiveMonitor[], options: ExportOptions = {}): ExportResult {
  const { unique, duplicates } = partitionByName(live);
  const environment = options.environment;
  const groups = splitIntoFiles(readForExport(unique)).map((g) =>
    environment === undefined ? g : { ...g, fileName: `${environment}-${g.fileName}` },
  );
  return { ...exportFiles(groups, options), duplicates };
}

/**
 * Live monitors as export writes them, sorted by name then id. A monitor with a secret
 * refers to it as `${env:NAME}`, NAME unique among them and not one of `takenEnv` (the
 * variables a repository already uses for other monitors).
 */
export function readForExport(live: readonly LiveMonitor[], takenEnv: Iterable<string> = []): ReadMonitor[] {
  return withSecretReferences(live.map(readLiveMonitor).sort(compareMonitors), takenEnv);
}

/** The YAML texts of these groups of monitors, with their lock records and what to tell the user. */
export function exportFiles(
  groups: readonly FileGroup[],
  options: ExportOptions = {},
): Omit<ExportResult, 'duplicates'> {
  const monitors = groups.flatMap((g) => g.monitors).sort(compareMonitors);
  const files = groups.map((g) => ({
    fileName: g.fileName,
    text: renderFile(g, factorDefaults(g.monitors), options.environment),
    monitors: g.monitors.length,
  }));
  const todos = groups.flatMap((g) =>
    g.monitors.filter((m) => m.todo.length > 0).map((m) => ({ name: m.name, fileName: g.fileName, fields: m.todo })),
  );
  const defaulted = [...new Set(monitors.flatMap((m) => m.defaulted))].sort(compareText);
  const secrets = monitors.flatMap((m) =>
    m.input.auth_secret ? [{ name: m.name, env: envNameIn(m.input.auth_secret) }] : [],
  );
  return {
    files,
    records: monitors.map((m) => lockRecordFor(m, options.fingerprint ?? plannerFingerprint)),
    secrets,
    todos,
    defaulted,
  };
}

/** Names held by one live monitor, and those several share (with their ids): identity is by name. */
export function partitionByName(live: readonly LiveMonitor[]): {
  unique: LiveMonitor[];
  duplicates: ExportResult['duplicates'];
} {
  // Keyed in Unicode NFC, as plan compares names: two spellings of one name are one name.
  const byName = new Map<string, LiveMonitor[]>();
  for (const monitor of live) {
    const key = monitor.name.normalize('NFC');
    byName.set(key, [...(byName.get(key) ?? []), monitor]);
  }
  const unique: LiveMonitor[] = [];
  const duplicates: ExportResult['duplicates'] = [];
  for (const list of byName.values()) {
    if (list.length === 1) unique.push(list[0]!);
    else duplicates.push({ name: list[0]!.name, ids: list.map((m) => m.id).sort(compareText) });
  }
  return { unique, duplicates: duplicates.sort((a, b) => compareText(a.name, b.name)) };
}

/** auth_type other than none: `auth_secret: ${env:MONITOR_SECRET_<SLUG>}`, unique per monitor. */
function withSecretReferences(monitors: ReadMonitor[], takenEnv: Iterable<string>): ReadMonitor[] {
  const needing = monitors.filter((m) => m.input.auth_type !== undefined && m.input.auth_type !== 'none');
  const names = uniqueNames(
    needing.map((m) => `MONITOR_SECRET_${envSlug(m.name) || m.id}`),
    '_',
    takenEnv,
  );
  const envByMonitor = new Map(needing.map((m, i) => [m, names[i]!]));
  return monitors.map((m) => {
    const env = envByMonitor.get(m);
    return env ? { ...m, input: inSpecOrder({ ...m.input, auth_secret: `\${env:${env}}` }) } : m;
  });
}

function envNameIn(reference: unknown): string {
  return /^\$\{env:(\w+)\}$/.exec(String(reference))?.[1] ?? '';
}
