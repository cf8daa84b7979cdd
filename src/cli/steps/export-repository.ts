// The repository `export` writes into (its --out folder): the YAML there says which
// workspace (an environment's URL and token variable) and where plan looks for the lock
// file. Whole-workspace export reads it only with --env; `export --name/--id` always, to
// add to it without clashing.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ConfigFromEnvOptions } from '../../api/config.js';
import { MonitorsError } from '../../errors.js';
import { discoverFiles } from '../../load/files/discover.js';
import { DEFAULT_SETTINGS, type DesiredState } from '../../model/monitor.js';
import { apiOptionsFor, type EnvironmentRequest } from '../../workspace/environment.js';
import { lockFileOf } from '../../workspace/lock-choice.js';
import { openWorkspace } from '../../workspace/open.js';
import { fromProcess } from './open-request.js';

export interface ExportRepository {
  state: DesiredState;
  /** How to reach the workspace: the set's (or its environment's) URL and token variable; --api-url wins. */
  api: ConfigFromEnvOptions;
  /** The lock file plan uses when it loads these files (absolute paths in and out). */
  lockFor: (files: readonly string[]) => string;
}

export interface RepositoryRequest {
  outDir: string;
  lockFlag: string | undefined;
  apiUrl: string | undefined;
  environment: EnvironmentRequest | undefined;
  cwd: string;
  /** An unset `${env:NAME}` in the repository's YAML: an error (default), or a warning when nothing of it is sent. */
  missingEnv?: 'error' | 'warning';
}

/**
 * Loads the YAML in --out, in the environment asked for. A folder that does not exist or
 * holds no YAML is an empty repository, unless an environment is asked for: environments
 * are declared in that YAML.
 */
export async function loadExportRepository(request: RepositoryRequest): Promise<ExportRepository> {
  const { outDir, cwd, environment } = request;
  const empty = !existsSync(resolve(cwd, outDir)) || (await discoverFiles([outDir], cwd)).files.length === 0;
  if (empty && environment) {
    throw new MonitorsError(
      'ENV_NOT_DECLARED',
      `${environment.via === '--env' ? '--env' : 'MONITORS_ENV'} ${environment.name}: export reads the environments from the YAML in --out (${outDir}), which ${existsSync(resolve(cwd, outDir)) ? 'holds no YAML file' : 'does not exist'}`,
      {
        hint: 'Point --out at the folder of your monitors YAML, whose settings declare the environments (settings.environments).',
      },
    );
  }
  const state: DesiredState = empty
    ? { monitors: [], moved: [], removed: [], settings: { ...DEFAULT_SETTINGS }, files: [] }
    : (
        await openWorkspace({
          ...fromProcess(),
          cwd,
          paths: [outDir],
          environment,
          command: 'export',
          lock: { file: request.lockFlag, none: true },
          client: 'none',
          missingVariable: request.missingEnv ?? 'error',
        })
      ).desired;
  return {
    state,
    api: { ...apiOptionsFor(state.settings), ...(request.apiUrl ? { flagApiUrl: request.apiUrl } : {}) },
    lockFor: (files) => lockFileOf({ paths: [outDir], flag: request.lockFlag, cwd }, state.settings, files).path,
  };
}
