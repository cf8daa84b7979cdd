// Writes start slowly: until one write of the apply has succeeded, the writes go one at a
// time. A token without monitors:write, a wrong URL path or a server that refuses
// everything then costs one refused write instead of a burst of them (8 at once), and the
// apply stops after it (auth-stop.ts) with the others not sent.
import type pLimit from 'p-limit';
import type { PlannedChange } from '../plan/types.js';
import type { ChangeOutcome } from './types.js';

/** Shared by the phases of one apply: open once any write has succeeded. */
export interface WriteGate {
  open: boolean;
}

/**
 * The outcomes of one phase's changes, in the phase's order: one at a time while the gate
 * is closed, then the rest at once under `limit`. A forget sends nothing, so it opens no gate
 * and waits for none.
 */
export async function runPhase(
  phase: readonly PlannedChange[],
  start: (change: PlannedChange) => Promise<ChangeOutcome>,
  limit: ReturnType<typeof pLimit>,
  gate: WriteGate,
): Promise<ChangeOutcome[]> {
  const settled: ChangeOutcome[] = [];
  let next = 0;
  while (!gate.open && next < phase.length && phase[next]!.action !== 'forget') {
    const outcome = await limit(() => start(phase[next]!));
    next++;
    settled.push(outcome);
    if (outcome.ok) gate.open = true;
  }
  settled.push(...(await Promise.all(phase.slice(next).map((change) => limit(() => start(change))))));
  return settled;
}
