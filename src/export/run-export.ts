// `monitors export` without the CLI wiring: list, export (pure), write, summarise.
import { join, resolve } from 'node:path';
import type { LockFile } from '../lock/types.js';
import type { LiveMonitor } from '../model/monitor.js';
import { exportWorkspace } from './export-workspace.js';
import type { FingerprintFn } from './lock-records.js';
import { exportNoteLine, exportSummary, NOTHING_TO_EXPORT } from '../render/export-report.js';
import { otherYamlFiles, refuseExisting, writeAllAtomic, type FileWrite } from './write-files.js';

export interface RunExportDeps {
  listMonitors(): Promise<LiveMonitor[]>;
  /** An empty lock file with a fresh salt. */
  newLock(): LockFile;
  serializeLock(lock: LockFile): string;
  fingerprint?: FingerprintFn;
}

export interface RunExportOptions {
  /** As the user typed them; resolved against cwd. */
  outDir: string;
  lockPath: string;
  /** The lock path is where plan looks by default (no --lock needed). */
  lockIsDefault?: boolean;
  force: boolean;
  cwd: string;
  /** The environment exported (`export --env NAME`): the files are limited to it. */
  environment?: string;
}

export interface RunExportResult {
  /** For stdout. */
  report: string;
  /** For stderr, one line each. */
  warnings: string[];
}

export async function runExport(deps: RunExportDeps, options: RunExportOptions): Promise<RunExportResult> {
  const live = await deps.listMonitors();
  if (live.length === 0) return { report: NOTHING_TO_EXPORT, warnings: [] };
  const result = exportWorkspace(live, {
    fingerprint: deps.fingerprint,
    ...(options.environment !== undefined ? { environment: options.environment } : {}),
  });
  const shown = result.files.map((f) => join(options.outDir, f.fileName));
  const lock = { ...deps.newLock(), monitors: result.records };
  const writes: FileWrite[] = [
    ...result.files.map((f, i) => ({
      path: resolve(options.cwd, options.outDir, f.fileName),
      text: f.text,
      display: shown[i],
    })),
    { path: resolve(options.cwd, options.lockPath), text: deps.serializeLock(lock), display: options.lockPath },
  ];
  refuseExisting(writes, options.force);
  const others = otherYamlFiles(resolve(options.cwd, options.outDir), writes);
  await writeAllAtomic(writes);
  const warnings =
    others.length > 0 ? [exportNoteLine({ kind: 'other-yaml', outDir: options.outDir, count: others.length })] : [];
  const summaryPaths = {
    outDir: options.outDir,
    filePaths: shown,
    lockPath: options.lockPath,
    lockIsDefault: options.lockIsDefault,
    ...(options.environment !== undefined ? { environment: options.environment } : {}),
  };
  return { report: exportSummary(result, summaryPaths), warnings };
}
