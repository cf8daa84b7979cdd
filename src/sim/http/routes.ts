// The eight endpoints of spec section 4, with the scope each needs.
import type { Scope } from '../tokens.js';
import type { ApiContext } from './api-context.js';
import { getAccount } from './account-handler.js';
import { getIncident, listIncidents } from './incident-handlers.js';
import { createMonitor, deleteMonitor, getMonitor, listMonitors, replaceMonitor } from './monitor-handlers.js';
import type { Reply } from './reply.js';

export type Handler = (ctx: ApiContext, id: string) => Promise<Reply> | Reply;

interface Route {
  pattern: RegExp;
  methods: Record<string, { scope: Scope; handler: Handler }>;
}

const ROUTES: Route[] = [
  { pattern: /^\/account$/, methods: { GET: { scope: 'account:read', handler: getAccount } } },
  {
    pattern: /^\/monitors$/,
    methods: {
      GET: { scope: 'monitors:read', handler: listMonitors },
      POST: { scope: 'monitors:write', handler: createMonitor },
    },
  },
  {
    pattern: /^\/monitors\/([^/]+)$/,
    methods: {
      GET: { scope: 'monitors:read', handler: getMonitor },
      PUT: { scope: 'monitors:write', handler: replaceMonitor },
      DELETE: { scope: 'monitors:write', handler: deleteMonitor },
    },
  },
  { pattern: /^\/incidents$/, methods: { GET: { scope: 'incidents:read', handler: listIncidents } } },
  { pattern: /^\/incidents\/([^/]+)$/, methods: { GET: { scope: 'incidents:read', handler: getIncident } } },
];

export type RouteMatch =
  | { kind: 'found'; scope: Scope; handler: Handler; id: string }
  | { kind: 'wrong_method'; allow: string[] }
  | { kind: 'none' };

/** `path` is relative to /api/v1, without the query. */
export function matchRoute(method: string, path: string): RouteMatch {
  for (const route of ROUTES) {
    const m = route.pattern.exec(path);
    if (!m) continue;
    const endpoint = route.methods[method];
    if (!endpoint) return { kind: 'wrong_method', allow: Object.keys(route.methods) };
    return { kind: 'found', scope: endpoint.scope, handler: endpoint.handler, id: m[1] ?? '' };
  }
  return { kind: 'none' };
}
