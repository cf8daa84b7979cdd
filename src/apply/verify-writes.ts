// After a phase of writes: one listing checks that each took effect; a write whose
// (replayed) response did not is sent again under the next key generation.
import type pLimit from 'p-limit';
import type { MonitorsApi } from '../api/types.js';
import { MonitorsError, isMonitorsError } from '../errors.js';
import type { LiveMonitor } from '../model/monitor.js';
import type { PlannedChange } from '../plan/types.js';
import type { ApplyEvent, ChangeOutcome } from './types.js';
import type { LockRecorder } from './lock-recorder.js';
import { CONTENDED_HINT, INTERRUPTED_HINT, notEffective } from './not-effective.js';
import { unverifiedWrites, type Suspect } from './verify.js';

export interface VerifyContext {
  api: MonitorsApi;
  lock: LockRecorder;
  bodies: ReadonlyMap<PlannedChange, Record<string, unknown>>;
  /** Generations a write may use when its effect does not show. */
  maxGenerations: number;
  /** Generations a create may use while each answer names a monitor that is gone (GET 404). */
  maxCreateGenerations: number;
  run: (change: PlannedChange, generation: number) => Promise<ChangeOutcome>;
  settle: (outcome: ChangeOutcome) => void;
  limit: ReturnType<typeof pLimit>;
  signal?: AbortSignal;
  onEvent?: (event: ApplyEvent) => void;
}

export async function verifyWrites(first: readonly ChangeOutcome[], ctx: VerifyContext): Promise<{ warning?: string }> {
  let pending = first.filter((o) => o.ok);
  while (pending.length > 0) {
    if (ctx.signal?.aborted)
      return {
        warning:
          'the apply was interrupted before its writes were verified (the next run checks them from the listing)',
      };
    let live: LiveMonitor[];
    try {
      // Only the monitors written are kept from the listing (100,000 others need not be held).
      const written = new Set(pending.map((o) => o.id));
      live = await ctx.api.listMonitors({ keep: (m) => written.has(m.id) });
    } catch (error) {
      const wrapped = isMonitorsError(error)
        ? error
        : new MonitorsError('APPLY_UNEXPECTED', String(error), { cause: error });
      ctx.onEvent?.({ kind: 'verify-failed', error: wrapped });
      return { warning: `could not verify the writes (${wrapped.message}); run \`monitors plan\` to check` };
    }
    const suspects = await Promise.all(
      unverifiedWrites(pending, ctx.bodies, live).map((s) => ctx.limit(() => confirmGone(s, ctx.api))),
    );
    const retries: Promise<ChangeOutcome>[] = [];
    for (const suspect of suspects) {
      if (!suspect) continue;
      const { outcome, why } = suspect;
      const next = outcome.generation + 1;
      // Only the record this create made: never another monitor's (apply records a create
      // only under an id no other monitor had, see ids-before.ts).
      if (outcome.change.action === 'create' && outcome.id) ctx.lock.forget(outcome.id, outcome.change.name);
      if (ctx.signal?.aborted) {
        ctx.settle(notEffective(outcome, why, INTERRUPTED_HINT));
        continue;
      }
      if (next >= generationBudget(suspect, ctx)) {
        ctx.settle(notEffective(outcome, why, CONTENDED_HINT));
        continue;
      }
      ctx.onEvent?.({ kind: 'regenerate', change: outcome.change, generation: next, why });
      retries.push(ctx.limit(() => ctx.run(outcome.change, next)));
    }
    pending = (await Promise.all(retries)).filter((o) => o.ok);
  }
  return {};
}

interface CheckedSuspect extends Suspect {
  /** GET by id answered 404: the answer was a stored response for a monitor deleted since. */
  gone: boolean;
}

/**
 * A create missing from the listing is looked up by id. Found: the listing lags behind
 * and the create took effect (a new key would make a duplicate). 404: the answer was a
 * stored response of an earlier create of the same monitor, deleted since.
 */
async function confirmGone(suspect: Suspect, api: MonitorsApi): Promise<CheckedSuspect | undefined> {
  if (!suspect.missing || suspect.outcome.change.action !== 'create' || !suspect.outcome.id)
    return { ...suspect, gone: false };
  try {
    await api.getMonitor(suspect.outcome.id);
    return undefined;
  } catch (error) {
    return { ...suspect, gone: isMonitorsError(error) && error.code === 'API_NOT_FOUND' };
  }
}

/**
 * Each earlier create of the same monitor with the same body (removed from the YAML and
 * added back, within the server's key memory) holds one generation whose key replays a
 * 201 for a monitor that is gone, so creates get more generations while each answer is
 * confirmed gone. Anything else stops early: the monitor is being changed meanwhile.
 */
function generationBudget(suspect: CheckedSuspect, ctx: VerifyContext): number {
  return suspect.gone ? ctx.maxCreateGenerations : ctx.maxGenerations;
}
