// A write the server answered whose effect is not there (a stored response replayed): the failure
// and its hints.
import { MonitorsError } from '../errors.js';
import { describeChange } from './describe-change.js';
import type { ChangeOutcome } from './types.js';

/** A write the server answered, but whose effect is not there (a stored response replayed): a failure. */
export function notEffective(outcome: ChangeOutcome, why: string, hint: string): ChangeOutcome {
  const error = new MonitorsError(
    'APPLY_NOT_EFFECTIVE',
    `${describeChange(outcome.change)} did not take effect: ${why}`,
    { hint },
  );
  return { ...outcome, ok: false, error };
}

export const INTERRUPTED_HINT = 'The apply was interrupted before sending it again; run the apply again.';
export const CONTENDED_HINT =
  'The monitor is being changed outside the tool at the same time; run `monitors plan` and apply again.';
