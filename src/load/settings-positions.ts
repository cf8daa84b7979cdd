// Where the settings that choose the token and the API URL are written (settings.api_url,
// settings.environments.NAME.api_url and token_env), so that a refused token or an
// unreachable host names the line to fix. Found by a scan of the text (scan-key-path.ts),
// else by the exact parse, which the loader has for files with problems already.
import type { Settings, SourcePos } from '../model/monitor.js';
import { exactParse, type ExactParse } from './parse/exact-parse.js';
import { isPlainObject } from './values/plain-object.js';
import type { LoadedFile } from './load-file.js';
import { scanValuePosition } from './parse/scan-key-path.js';

export async function addSettingsPositions(settings: Settings, file: LoadedFile): Promise<void> {
  const raw = isPlainObject(file.value) && isPlainObject(file.value.settings) ? file.value.settings : undefined;
  if (!raw) return;
  let exact: Promise<ExactParse> | undefined;
  let lines: string[] | undefined;
  const locate = async (path: string[], written: unknown): Promise<SourcePos | undefined> => {
    if (typeof written !== 'string') return undefined;
    const scanned = file.exact ? undefined : scanValuePosition((lines ??= file.text.split('\n')), path, written);
    if (scanned) return { file: file.display, ...scanned };
    const parsed = file.exact ?? (await (exact ??= exactParse(file.text)));
    return parsed.problems.length > 0 ? undefined : { file: file.display, ...parsed.locate(path, 'value') };
  };
  if (settings.apiUrl !== undefined) {
    const at = await locate(['settings', 'api_url'], raw.api_url);
    if (at) settings.apiUrlAt = at;
  }
  const environment = settings.environment;
  const environments = raw.environments;
  if (!environment || !isPlainObject(environments) || !Object.hasOwn(environments, environment.name)) return;
  const declared = environments[environment.name];
  if (!isPlainObject(declared)) return;
  const at = ['settings', 'environments', environment.name];
  if (environment.apiUrl !== undefined) {
    const found = await locate([...at, 'api_url'], declared.api_url);
    if (found) environment.apiUrlAt = found;
  }
  if (environment.tokenEnv !== undefined) {
    const found = await locate([...at, 'token_env'], declared.token_env);
    if (found) environment.tokenEnvAt = found;
  }
}
