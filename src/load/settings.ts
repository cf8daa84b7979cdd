// Maps a file's `settings:` (already schema-checked) to Settings. lock_file is resolved
// against the folder of the file that declares it, so the result does not depend on
// the folder the command runs in.
import path from 'node:path';
import {
  DEFAULT_SETTINGS,
  type EnvironmentSettings,
  type OwnershipScope,
  type Settings,
  type SourcePos,
} from '../model/monitor.js';
import { isPlainObject } from './values/plain-object.js';
import type { LoadedFile } from './load-file.js';

/** The settings of one environment (or of the set): the first file's settings count (a second one is an error: settings.duplicate). */
export function settingsOf(files: LoadedFile[], environment: string | undefined, declared: string[]): Settings {
  let settings: Settings = { ...DEFAULT_SETTINGS };
  const file = files.find((f) => f.analysis?.settings);
  const a = file?.analysis;
  if (file && a?.settings) {
    const chosen =
      environment === undefined ? undefined : { name: environment, raw: a.environmentSettings.get(environment) };
    settings = toSettings(
      a.settings,
      file.abs,
      { file: file.display, ...(file.positions.get('settings')?.key ?? { line: 1, col: 1 }) },
      chosen,
    );
  }
  if (declared.length > 0) settings.environments = declared;
  return settings;
}

/** `environment`: the environment this state is for, with its settings.environments entry (resolved). */
export function toSettings(
  raw: Record<string, unknown>,
  declaringFile: string,
  source: SourcePos,
  environment?: { name: string; raw: Record<string, unknown> | undefined },
): Settings {
  const settings: Settings = { ...DEFAULT_SETTINGS, source };
  settings.scope = toScope(raw.scope);
  if (typeof raw.max_deletes === 'number') settings.maxDeletes = raw.max_deletes;
  if (typeof raw.max_delete_share === 'number') settings.maxDeleteShare = raw.max_delete_share;
  if (typeof raw.lock_file === 'string') settings.lockFile = path.resolve(path.dirname(declaringFile), raw.lock_file);
  if (typeof raw.api_url === 'string') settings.apiUrl = raw.api_url;
  if (environment) settings.environment = toEnvironment(environment.name, environment.raw ?? {}, declaringFile);
  return settings;
}

function toEnvironment(name: string, raw: Record<string, unknown>, declaringFile: string): EnvironmentSettings {
  const environment: EnvironmentSettings = { name };
  if (typeof raw.api_url === 'string') environment.apiUrl = raw.api_url;
  if (typeof raw.token_env === 'string') environment.tokenEnv = raw.token_env;
  if (typeof raw.lock_file === 'string')
    environment.lockFile = path.resolve(path.dirname(declaringFile), raw.lock_file);
  return environment;
}

function toScope(scope: unknown): OwnershipScope {
  if (scope === 'workspace') return { kind: 'workspace' };
  if (isPlainObject(scope) && typeof scope.prefix === 'string') return { kind: 'prefix', prefix: scope.prefix };
  return { kind: 'lock' };
}
