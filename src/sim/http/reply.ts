// A reply is plain data until it is sent, so the idempotency store can keep and replay
// it and the pipeline can add headers (rate limits) or drop it (faults).
import type { ServerResponse } from 'node:http';

export interface Reply {
  status: number;
  headers: Record<string, string>;
  /** JSON text; undefined for an empty body (204). */
  body: string | undefined;
}

/** Every error code the simulator answers with, and its status (docs/simulator.md). */
export const API_ERROR_STATUS = {
  invalid_json: 400,
  invalid_parameter: 400,
  invalid_cursor: 400,
  idempotency_key_missing: 400,
  idempotency_key_invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  idempotency_key_reused: 409,
  idempotency_request_in_progress: 409,
  payload_too_large: 413,
  validation_failed: 422,
  monitor_limit_reached: 422,
  rate_limited: 429,
  internal_error: 500,
  bad_gateway: 502,
  service_unavailable: 503,
  gateway_timeout: 504,
} as const;
export type ApiErrorCode = keyof typeof API_ERROR_STATUS;

const JSON_TYPE = 'application/json; charset=utf-8';

export function jsonReply(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return rawJsonReply(status, JSON.stringify(value), headers);
}

export function rawJsonReply(status: number, body: string, headers: Record<string, string> = {}): Reply {
  return { status, headers: { 'content-type': JSON_TYPE, ...headers }, body };
}

export function emptyReply(status: number, headers: Record<string, string> = {}): Reply {
  return { status, headers, body: undefined };
}

export function errorReply(
  code: ApiErrorCode,
  message: string,
  extra: { details?: unknown[]; headers?: Record<string, string> } = {},
): Reply {
  const error: Record<string, unknown> = { code, message };
  if (extra.details) error.details = extra.details;
  return jsonReply(API_ERROR_STATUS[code], { error }, extra.headers);
}

/** A 5xx chosen by a fault: the code follows the status. */
export function faultReply(status: number): Reply {
  const code: ApiErrorCode =
    status === 502
      ? 'bad_gateway'
      : status === 503
        ? 'service_unavailable'
        : status === 504
          ? 'gateway_timeout'
          : 'internal_error';
  const reply = errorReply(code, `simulated server error (${status})`);
  return { ...reply, status };
}

export function sendReply(res: ServerResponse, reply: Reply): void {
  const headers = { ...reply.headers };
  if (reply.body !== undefined) headers['content-length'] = String(Buffer.byteLength(reply.body));
  res.writeHead(reply.status, headers);
  res.end(reply.body);
}
