// The admin endpoints under /__sim: no token (the server listens on 127.0.0.1 only),
// never faulted or rate limited, not in the request log. Tests and demos use them to set
// faults, read what clients sent and change state behind the client's back.
import type { IncomingMessage } from 'node:http';
import type { SimCore } from '../core.js';
import { patchFaults } from '../fault-settings.js';
import { checkMonitorNow, getChecks, patchChecks } from './admin-checks.js';
import {
  editMonitor,
  openIncident,
  readMonitor,
  removeMonitor,
  resolveIncident,
  seedMonitors,
} from './admin-monitors.js';
import { patchToken } from './admin-tokens.js';
import { ADMIN_BODY_LIMIT, readJsonBody } from './read-body.js';
import { emptyReply, errorReply, jsonReply, type Reply } from './reply.js';

type AdminHandler = (core: SimCore, param: string, body: unknown) => Reply;
interface AdminRoute {
  pattern: RegExp;
  methods: Record<string, { handler: AdminHandler; body?: boolean | 'optional' }>;
}

const ROUTES: AdminRoute[] = [
  { pattern: /^\/faults$/, methods: { GET: { handler: getFaults }, PATCH: { handler: setFaults, body: true } } },
  { pattern: /^\/requests$/, methods: { GET: { handler: getRequests }, DELETE: { handler: clearRequests } } },
  { pattern: /^\/state$/, methods: { GET: { handler: getState } } },
  { pattern: /^\/monitors$/, methods: { POST: { handler: (c, _p, b) => seedMonitors(c, b), body: true } } },
  {
    pattern: /^\/monitors\/([^/]+)$/,
    methods: {
      GET: { handler: (c, id) => readMonitor(c, id) },
      PATCH: { handler: (c, id, b) => editMonitor(c, id, b), body: true },
      DELETE: { handler: (c, id) => removeMonitor(c, id) },
    },
  },
  {
    pattern: /^\/monitors\/([^/]+)\/check$/,
    methods: { POST: { handler: (c, id, b) => checkMonitorNow(c, id, b), body: 'optional' } },
  },
  {
    pattern: /^\/checks$/,
    methods: { GET: { handler: getChecks }, PATCH: { handler: (c, _p, b) => patchChecks(c, b), body: true } },
  },
  { pattern: /^\/incidents$/, methods: { POST: { handler: (c, _p, b) => openIncident(c, b), body: true } } },
  { pattern: /^\/incidents\/([^/]+)\/resolve$/, methods: { POST: { handler: (c, id) => resolveIncident(c, id) } } },
  { pattern: /^\/tokens\/([^/]+)$/, methods: { PATCH: { handler: (c, id, b) => patchToken(c, id, b), body: true } } },
];

/** `path` is relative to /__sim. */
export async function handleAdmin(core: SimCore, req: IncomingMessage, path: string): Promise<Reply> {
  const method = req.method ?? 'GET';
  for (const route of ROUTES) {
    const match = route.pattern.exec(path);
    if (!match) continue;
    const endpoint = route.methods[method];
    if (!endpoint) {
      const allow = Object.keys(route.methods).join(', ');
      return errorReply('method_not_allowed', `${method} is not allowed on /__sim${path}; allowed: ${allow}`, {
        headers: { allow },
      });
    }
    let body: unknown;
    if (endpoint.body) {
      const read = await readJsonBody(req, ADMIN_BODY_LIMIT, endpoint.body === true);
      if (!read.ok) return read.reply;
      body = read.value;
    }
    return endpoint.handler(core, match[1] ?? '', body);
  }
  return errorReply('not_found', `no admin endpoint /__sim${path}`);
}

function getFaults(core: SimCore): Reply {
  return jsonReply(200, { data: core.faults.settings });
}

function setFaults(core: SimCore, _param: string, body: unknown): Reply {
  const result = patchFaults(core.faults.settings, body);
  if ('problems' in result)
    return errorReply(
      'validation_failed',
      `fault settings refused: ${result.problems.map((p) => p.message).join('; ')}`,
      { details: result.problems },
    );
  core.limiter.configure(result.faults);
  core.faults.settings = result.faults;
  return jsonReply(200, { data: result.faults });
}

function getRequests(core: SimCore): Reply {
  return jsonReply(200, { data: core.log.list() });
}

function clearRequests(core: SimCore): Reply {
  core.log.clear();
  return emptyReply(204);
}

function getState(core: SimCore): Reply {
  const workspaces: Record<string, { monitors: number; incidents: number; open_incidents: number }> = {};
  for (const ws of core.state.allWorkspaces()) {
    workspaces[ws.name] = {
      monitors: ws.monitors.size,
      incidents: ws.incidents.size,
      open_incidents: ws.openIncidentCount(),
    };
  }
  return jsonReply(200, {
    data: { workspaces, idempotency_records: core.idempotency.size, logged_requests: core.log.size },
  });
}
