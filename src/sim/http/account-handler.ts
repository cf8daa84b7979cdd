// GET /account: the workspace's limits and usage (keys documented in docs/simulator.md).
import { MAX_PER_PAGE } from './pagination.js';
import type { ApiContext } from './api-context.js';
import { jsonReply, type Reply } from './reply.js';

export function getAccount(ctx: ApiContext): Reply {
  const { workspace, core } = ctx;
  const limits: Record<string, number> = { monitors: core.options.monitorLimit, per_page: MAX_PER_PAGE };
  // Spec 2.4: limits map names to integers, and the rate may be fractional (0.5 rps), so
  // it is given per minute (a fixed window: its requests spread over the minute).
  const perMinute = core.limiter.requestsPerMinute;
  if (perMinute !== undefined) limits.requests_per_minute = Math.max(1, Math.round(perMinute));
  return jsonReply(200, {
    data: {
      id: `ws_${workspace.name}`,
      name: workspace.name,
      limits,
      usage: { monitors: workspace.monitors.size, open_incidents: workspace.openIncidentCount() },
    },
  });
}
