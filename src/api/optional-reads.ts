// Reads a result can do without (the account's monitor limit, open incidents): plan and
// `apply --wait` both make them, and both say why one failed instead of failing.
import { isMonitorsError } from '../errors.js';

/** Incidents cannot be filtered by state (spec 4), so a long history is read only this far: plans stay fast. */
export const INCIDENT_PAGES = 20;

/** Why a read that the result can do without failed, as the end of a sentence. */
export function reasonOf(error: unknown, scope: string): string {
  if (isMonitorsError(error) && error.code === 'API_FORBIDDEN') return `the token lacks the ${scope} scope.`;
  return isMonitorsError(error) ? `${error.message}` : 'the request failed.';
}
