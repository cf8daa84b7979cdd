// A client of the workspace's API: its URL and token from the run's variables, the set's
// settings or its environment's, --api-url winning. Before the YAML is read only when the
// URL cannot come from it.
import { apiConfigFromEnv, createApiClient, type ApiClient } from '../api/client.js';
import type { ApiOrigin } from '../api/origin.js';
import type { Settings } from '../model/monitor.js';
import { apiOptionsFor } from './environment.js';

/** The workspace's client once its YAML is read, and where its token and URL came from (for messages). */
export function clientFor(
  settings: Settings,
  request: { env: NodeJS.ProcessEnv; apiUrl?: string | undefined },
): { api: ApiClient; origin: ApiOrigin | undefined } {
  const config = apiConfigFromEnv(request.env, {
    ...apiOptionsFor(settings),
    ...(request.apiUrl ? { flagApiUrl: request.apiUrl } : {}),
  });
  return { api: createApiClient(config), origin: config.origin };
}

/** A client before the YAML is read: only when the URL cannot come from it (--api-url, MONITORS_API_URL). */
export function earlyClient(env: NodeJS.ProcessEnv, flagApiUrl: string | undefined): ApiClient | undefined {
  if (!env.MONITORS_API_URL && !flagApiUrl) return undefined;
  try {
    return createApiClient(apiConfigFromEnv(env, flagApiUrl ? { flagApiUrl } : {}));
  } catch {
    return undefined; // reported after the YAML, in order
  }
}
