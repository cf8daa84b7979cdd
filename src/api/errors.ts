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

export class ApiError extends MonitorsError {
  readonly status: number | undefined;
  readonly method: string | undefined;
  readonly path: string | undefined;
  readonly serverCode: string | undefined;

  constructor(code: string, message: string, context: ApiErrorContext & { hint?: string } = {}) {
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
}

export class ValidationError extends ApiError {
  readonly fieldErrors: FieldError[];

  constructor(message: string, fieldErrors: FieldError[], context: ApiErrorContext & { hint?: string }) {
    super('API_VALIDATION', message, context);
    this.fieldErrors = fieldErrors;
  }
}
