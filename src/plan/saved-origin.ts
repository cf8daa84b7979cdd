// Where the URL of a saved plan came from, both ways: what `plan --out` records (the
// --api-url given, else the set's or its environment's api_url, and where that is written),
// and how `apply --plan` names it in its messages (as recorded, "saved in FILE"). One place,
// so that the two sides cannot drift apart.
import type { Settings, SourcePos } from '../model/monitor.js';
import type { SavedEnvironment, SavedUrlOrigin } from './saved-plan.js';
import { locationText } from '../model/location-text.js';

/** The URL and its origin for a saved plan: --api-url wins over the YAML's. */
export function savedApiUrl(
  flag: string | undefined,
  settings: string | undefined,
  at: SourcePos | undefined,
): SavedUrlOrigin & { apiUrl?: string } {
  if (flag) return { apiUrl: flag, apiUrlSource: '--api-url' };
  if (!settings) return {};
  return { apiUrl: settings, ...(at ? { apiUrlAt: positionText(at) } : {}) };
}

/** What a saved plan records of the set's URL and its environment. */
export function savedWorkspace(
  flag: string | undefined,
  settings: Settings,
): SavedUrlOrigin & { apiUrl?: string; environment?: SavedEnvironment } {
  const chosen = settings.environment;
  return {
    ...savedApiUrl(flag, settings.apiUrl, settings.apiUrlAt),
    ...(chosen
      ? {
          environment: {
            name: chosen.name,
            tokenEnv: chosen.tokenEnv ?? '',
            ...(chosen.tokenEnvAt ? { tokenEnvAt: positionText(chosen.tokenEnvAt) } : {}),
            ...savedApiUrl(flag, chosen.apiUrl, chosen.apiUrlAt),
          },
        }
      : {}),
  };
}

/** A URL a saved plan holds is named as it was when the plan was made, and as saved in it. */
export function savedOrigin(origin: SavedUrlOrigin, file: string): SavedUrlOrigin {
  return {
    ...(origin.apiUrlSource ? { apiUrlSource: origin.apiUrlSource } : {}),
    apiUrlAt: origin.apiUrlAt ? `${origin.apiUrlAt}, saved in ${file}` : `saved in ${file}`,
  };
}

const positionText = (pos: SourcePos) => locationText(pos);
