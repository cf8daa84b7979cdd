// Every failure the user can see is a MonitorsError with a stable `code` (like undici's
// errors), a message that says what happened, and a hint that says what to do next.

export const EXIT_OK = 0;
export const EXIT_ERROR = 1;
export const EXIT_CHANGES = 2;

export class MonitorsError extends Error {
  readonly code: string;
  readonly hint: string | undefined;
  readonly exitCode: number;

  constructor(code: string, message: string, options: { hint?: string; cause?: unknown; exitCode?: number } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'MonitorsError';
    this.code = code;
    this.hint = options.hint;
    this.exitCode = options.exitCode ?? EXIT_ERROR;
  }
}

export function isMonitorsError(error: unknown): error is MonitorsError {
  return error instanceof MonitorsError;
}
