// What the simulator's handlers see of one authenticated request.
import type { IncomingMessage } from 'node:http';
import type { SimCore } from '../core.js';
import type { RequestFaults } from '../faults.js';
import type { SimToken } from '../tokens.js';
import type { Workspace } from '../workspace.js';

/** One authenticated API request, as handlers see it. */
export interface ApiContext {
  core: SimCore;
  req: IncomingMessage;
  method: string;
  /** Relative to /api/v1, without the query. */
  path: string;
  query: URLSearchParams;
  token: SimToken;
  workspace: Workspace;
  faults: RequestFaults;
  /** Set by handlers for the request log. */
  flags: {
    held: boolean;
    replayed: boolean;
    early: boolean;
    idempotencyKey: string | null;
    /** Writes that reached the key check: what the key is bound to (see RequestLogEntry.requestDigest). */
    requestDigest?: string;
  };
}
