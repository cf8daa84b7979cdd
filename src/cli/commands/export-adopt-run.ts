// `monitors export --name GLOB --id ID`: adopt a few live monitors into the repository in
// --out (src/export/adopt/), loaded only when those options are given.
import { existsSync } from 'node:fs';
import { apiConfigFromEnv, createApiClient } from '../../api/client.js';
import type { Selection } from '../../export/adopt/options.js';
import { runAdopt } from '../../export/adopt/run-adopt.js';
import { newLockFile, serializeLock } from '../../lock/lock-file.js';
import { lockFileWithText } from '../../workspace/read-lock.js';
import { printable } from '../../model/printable.js';
import { diagnosticLine } from '../../render/diagnostics.js';
import { planningStep, stopWatching, watchPlanning } from '../steps/interrupt.js';
import type { ExportArguments } from '../arguments/export.js';
import { loadExportRepository } from '../steps/export-repository.js';

/** export's arguments, already checked, with --name / --id given. */
export interface AdoptCommand extends ExportArguments {
  selection: Selection;
}

export async function runAdoptCommand(command: AdoptCommand): Promise<void> {
  const { outDir, lock: lockFlag, environment, file } = command;
  const cwd = process.cwd();
  watchPlanning(process.stderr);
  // Nothing of the repository's own monitors is sent: an unset ${env:NAME} there is only a warning.
  const repo = await loadExportRepository({
    outDir,
    lockFlag,
    apiUrl: command.apiUrl,
    environment,
    cwd,
    missingEnv: 'warning',
  });
  const api = createApiClient(apiConfigFromEnv(process.env, repo.api));
  try {
    const outcome = await runAdopt(
      {
        // Files are written after the listing: from then on a signal acts as by default.
        listMonitors: () => {
          const listing = planningStep('listing the live monitors');
          return api.listMonitors().finally(() => (listing(), stopWatching()));
        },
        readLock: lockFileWithText,
        exists: existsSync,
        newLock: newLockFile,
        serializeLock,
      },
      {
        selection: command.selection,
        cwd,
        outDir,
        ...(file !== undefined ? { file } : {}),
        force: command.force,
        ...(environment ? { environment: environment.name } : {}),
        state: repo.state,
        lockFor: repo.lockFor,
        lockIsDefault: lockFlag === undefined,
      },
    );
    if (outcome.kind === 'refused') {
      process.stderr.write(`${outcome.problems.map(diagnosticLine).join('\n')}\n`);
      throw outcome.error;
    }
    // Names in the report come from the server: control characters are shown, never sent raw.
    for (const warning of outcome.warnings) process.stderr.write(`${printable(warning)}\n`);
    process.stdout.write(outcome.report.split('\n').map(printable).join('\n'));
  } finally {
    await api.close();
  }
}
