// GET /incidents and GET /incidents/{id}: read-only, paginated like monitors.
import { ID_PATTERN } from '../ids.js';
import type { ApiContext } from './api-context.js';
import { listReply, parsePageRequest } from './pagination.js';
import { errorReply, rawJsonReply, type Reply } from './reply.js';

export function listIncidents(ctx: ApiContext): Reply {
  const page = parsePageRequest('incidents', ctx.query);
  if (!page.ok) return page.reply;
  return listReply('incidents', ctx.workspace.pageIncidents(page.afterId, page.perPage), page.perPage);
}

export function getIncident(ctx: ApiContext, id: string): Reply {
  const record = ID_PATTERN.test(id) ? ctx.workspace.incidents.get(id) : undefined;
  if (!record) return errorReply('not_found', `no incident with id "${id.slice(0, 40)}" in this workspace`);
  return rawJsonReply(200, `{"data":${ctx.workspace.incidentJson(record)}}`);
}
