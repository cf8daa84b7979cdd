// The two parts of undici the client uses, an Agent and `request`, required from their own
// files. undici's index also loads fetch, WebSocket, EventSource, the caches and the mocks:
// 65 ms at every start of plan and apply, and 540 KB of the 1.4 MB bundle that Node
// compiles before any command runs. These paths are not undici's public entry, so the
// package pins undici exactly, and tests/api/undici-parts.test.ts holds them to the index's
// own exports: a new version that moves them fails there, not in a user's plan.
import type { Dispatcher } from 'undici';
import AgentClass from 'undici/lib/dispatcher/agent.js';
import apiRequest from 'undici/lib/api/api-request.js';

export const Agent = AgentClass;

/** undici's `request(url, { dispatcher, ... })`, with the URL split as its index does. */
export function request(
  url: string,
  options: { dispatcher: Dispatcher } & Omit<Dispatcher.RequestOptions, 'origin' | 'path'>,
): Promise<Dispatcher.ResponseData> {
  const { dispatcher, ...rest } = options;
  const parsed = new URL(url);
  return apiRequest.call(dispatcher, {
    ...rest,
    origin: parsed.origin,
    path: `${parsed.pathname}${parsed.search}`,
  });
}
