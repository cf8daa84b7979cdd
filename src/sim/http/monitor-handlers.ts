// GET/POST /monitors and GET/PUT/DELETE /monitors/{id}.
import { ID_PATTERN } from '../ids.js';
import type { MonitorRecord } from '../records.js';
import { describeProblems, inputProblems } from '../validation.js';
import type { ApiContext } from './api-context.js';
import { idempotencyKey, idempotentWrite } from './idempotent-write.js';
import { listReply, parsePageRequest } from './pagination.js';
import { API_BODY_LIMIT, readJsonBody } from './read-body.js';
import { emptyReply, errorReply, rawJsonReply, type Reply } from './reply.js';

export function listMonitors(ctx: ApiContext): Reply {
  const page = parsePageRequest('monitors', ctx.query);
  if (!page.ok) return page.reply;
  const mode = ctx.core.faults.settings.listingMode;
  return listReply('monitors', ctx.workspace.pageMonitors(page.afterId, page.perPage, mode), page.perPage);
}

export function getMonitor(ctx: ApiContext, id: string): Reply {
  const record = findMonitor(ctx, id);
  return record ? monitorReply(ctx, 200, record) : notFound(id);
}

export async function createMonitor(ctx: ApiContext): Promise<Reply> {
  const key = idempotencyKey(ctx);
  if ('reply' in key) return key.reply;
  const body = await readJsonBody(ctx.req, API_BODY_LIMIT, true);
  if (!body.ok) return body.reply;
  return idempotentWrite(ctx, key.key, body.value, () => {
    const invalid = validationReply(ctx, body.value);
    if (invalid) return invalid;
    const { monitorLimit } = ctx.core.options;
    if (ctx.workspace.monitors.size >= monitorLimit) {
      return errorReply(
        'monitor_limit_reached',
        `the workspace already has ${ctx.workspace.monitors.size} monitors, its limit is ${monitorLimit}; delete monitors or raise the limit`,
      );
    }
    const record = ctx.core.state.createMonitor(ctx.workspace, body.value as Record<string, unknown>);
    return monitorReply(ctx, 201, record, { location: `${ctx.core.baseUrl}/monitors/${record.id}` });
  });
}

export async function replaceMonitor(ctx: ApiContext, id: string): Promise<Reply> {
  const key = idempotencyKey(ctx);
  if ('reply' in key) return key.reply;
  const body = await readJsonBody(ctx.req, API_BODY_LIMIT, true);
  if (!body.ok) return body.reply;
  // The key is looked at first: a completed PUT replays even if the monitor is gone since.
  return idempotentWrite(ctx, key.key, body.value, () => {
    if (!findMonitor(ctx, id)) return notFound(id);
    const invalid = validationReply(ctx, body.value);
    if (invalid) return invalid;
    const record = ctx.core.state.replaceMonitor(ctx.workspace, id, body.value as Record<string, unknown>);
    return record ? monitorReply(ctx, 200, record) : notFound(id);
  });
}

export async function deleteMonitor(ctx: ApiContext, id: string): Promise<Reply> {
  const key = idempotencyKey(ctx);
  if ('reply' in key) return key.reply;
  // A retried DELETE whose first attempt committed gets the stored 204, not a 404.
  return idempotentWrite(ctx, key.key, undefined, () =>
    findMonitor(ctx, id) && ctx.core.state.deleteMonitor(ctx.workspace, id) ? emptyReply(204) : notFound(id),
  );
}

function findMonitor(ctx: ApiContext, id: string): MonitorRecord | undefined {
  return ID_PATTERN.test(id) ? ctx.workspace.monitors.get(id) : undefined;
}

function monitorReply(
  ctx: ApiContext,
  status: number,
  record: MonitorRecord,
  headers: Record<string, string> = {},
): Reply {
  const json = ctx.workspace.monitorJson(record, ctx.core.faults.settings.listingMode);
  return rawJsonReply(status, `{"data":${json}}`, headers);
}

function validationReply(ctx: ApiContext, input: unknown): Reply | undefined {
  const details = inputProblems(input, ctx.core.options.enabledIntervals);
  if (details.length === 0) return undefined;
  return errorReply('validation_failed', `the monitor is not valid: ${describeProblems(details)}`, { details });
}

export function notFound(id: string): Reply {
  const why = ID_PATTERN.test(id)
    ? 'in this workspace'
    : '(not a valid id: 26 characters of 0-9 A-Z without I, L, O, U)';
  return errorReply('not_found', `no monitor with id "${id.slice(0, 40)}" ${why}`);
}
