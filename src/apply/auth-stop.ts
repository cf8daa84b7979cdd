// A 401 or 403 stops an apply like Ctrl-C: no new change starts.
import type { MonitorsError } from '../errors.js';

/**
 * A 401 (token missing, expired, revoked) or 403 (scope missing) is a refusal of the token
 * itself: every later write would be refused the same way, so the apply starts no new one.
 */
const AUTH_FAILURES = new Set(['API_UNAUTHORIZED', 'API_FORBIDDEN']);

export function isAuthFailure(error: MonitorsError | undefined): boolean {
  return error !== undefined && AUTH_FAILURES.has(error.code);
}
