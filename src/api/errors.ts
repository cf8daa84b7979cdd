// One error class per failure, each with a stable code and one sentence saying what
// happened and what to do (the model: undici's errors, Checkly's per-status classes).
import { MonitorsError } from '../errors.js';

export interface ApiErrorContext {
  status?: number;
  method?: string;
  path?: string;
  /** The server's `error.code`, when its body had one. */
  serverCode?: string;
  cause?: unknown;
}

/** Every code an ApiError can carry (API_BAD_ID and API_BAD_KEY are plain MonitorsErrors: bugs caught before sending). */
export type ApiErrorCode =
  | 'API_UNAUTHORIZED'
  | 'API_FORBIDDEN'
  | 'API_NOT_FOUND'
  | 'API_BAD_REQUEST'
  | 'API_UNEXPECTED_STATUS'
  | 'API_REDIRECTED'
  | 'API_KEY_REUSED'
  | 'API_CONFLICT'
  | 'API_VALIDATION'
  | 'API_RATE_LIMITED'
  | 'API_SERVER_ERROR'
  | 'API_UNREACHABLE'
  | 'API_TLS'
  | 'API_BAD_RESPONSE';

export class ApiError extends MonitorsError {
  declare readonly code: ApiErrorCode;
  readonly status: number | undefined;
  readonly method: string | undefined;
  readonly path: string | undefined;
  readonly serverCode: string | undefined;

  constructor(code: ApiErrorCode, message: string, context: ApiErrorContext & { hint?: string } = {}) {
    super(code, message, { hint: context.hint, cause: context.cause });
    this.name = 'ApiError';
    this.status = context.status;
    this.method = context.method;
    this.path = context.path;
    this.serverCode = context.serverCode;
  }
}

export class UnauthorizedError extends ApiError {}
export class ForbiddenError extends ApiError {}
export class NotFoundError extends ApiError {}
export class BadRequestError extends ApiError {}
export class RedirectedError extends ApiError {}
export class KeyReusedError extends ApiError {}
export class ConflictError extends ApiError {}
export class RateLimitedError extends ApiError {}
export class ServerError extends ApiError {}
export class UnreachableError extends ApiError {}
export class TlsError extends ApiError {}
export class BadResponseError extends ApiError {}

export interface FieldError {
  field: string;
  message: string;
  /** Where inside the field, when the server says (`locations/2`): the field, then indexes or keys. */
  path?: (string | number)[];
}

export class ValidationError extends ApiError {
  readonly fieldErrors: FieldError[];

  constructor(message: string, fieldErrors: FieldError[], context: ApiErrorContext & { hint?: string }) {
    super('API_VALIDATION', message, context);
    this.fieldErrors = fieldErrors;
  }
}

/** An error from the API client, optionally of one code: `isApiError(e, 'API_NOT_FOUND')`. */
export function isApiError<C extends ApiErrorCode>(error: unknown, code?: C): error is ApiError & { code: C } {
  return error instanceof ApiError && (code === undefined || error.code === code);
}
