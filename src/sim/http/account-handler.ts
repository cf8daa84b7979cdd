// GET /account: the workspace's limits and usage (keys documented in docs/simulator.md).
import { MAX_PER_PAGE } from './pagination.js';
import type { ApiContext } from './api-context.js';
import { jsonReply, type Reply } from './reply.js';

export function getAccount(ctx: ApiContext): Reply {
  const { workspace, core } = ctx;
  const limits: Record<string, number> = { monitors: core.options.monitorLimit, per_page: MAX_PER_PAGE };
  const rps = core.limiter.rate;
  if (rps > 0) limits.requests_per_second = rps;
  return jsonReply(200, {
    data: {
      id: `ws_${workspace.name}`,
      name: workspace.name,
      limits,
      usage: { monitors: workspace.monitors.size, open_incidents: workspace.openIncidentCount() },
    },
  });
}
