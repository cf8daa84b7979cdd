// Carries a plan out: each change sent with its Idempotency-Key, in phases, bounded in
// concurrency, verified, and recorded in the lock as it lands; decides nothing.
import pLimit from 'p-limit';
import type { MonitorsApi } from '../api/types.js';
import { MonitorsError, isMonitorsError } from '../errors.js';
import { keyForGeneration } from '../plan/idempotency-key.js';
import type { Plan, PlannedChange } from '../plan/types.js';
import { resolveEnvTemplates } from './env-templates.js';
import type { LockRecorder } from './lock-recorder.js';
import type { ApplyEvent, ApplyResult, ChangeOutcome } from './types.js';
import { isAuthFailure } from './auth-stop.js';
import { pendingEntries, settledCreateKeys } from './creates-in-flight.js';
import { idsBefore, type IdsBefore } from './ids-before.js';
import { CONTENDED_HINT, INTERRUPTED_HINT, notEffective } from './not-effective.js';
import { applyPhases } from './phases.js';
import { runPhase, type WriteGate } from './first-write.js';
import { verifyWrites } from './verify-writes.js';

const DEFAULT_CREATE_GENERATIONS = 16;

export interface ApplyDeps {
  api: MonitorsApi;
  env: NodeJS.ProcessEnv;
  lock: LockRecorder;
  /** Changes in flight at once (the client paces requests on top of this). */
  concurrency?: number;
  /** How many key generations a write may use when a replayed response did not take effect. */
  maxGenerations?: number;
  /** The same for a create whose each answer names a monitor that is gone (see verify-writes.ts). */
  maxCreateGenerations?: number;
  /** Once aborted (Ctrl-C), no further change starts; those in flight finish and are recorded. */
  signal?: AbortSignal;
  onEvent?: (event: ApplyEvent) => void;
  /** Runs after the writes (and their verification), before the lock file is flushed. */
  beforeFlush?: () => Promise<void>;
  /** Runs after a phase's writes were recorded, before the listing that verifies them (a window tests aim at). */
  beforeVerify?: () => Promise<void>;
  /**
   * Runs once the lock file on disk says which creates are going out, before the first is
   * sent (the lock branch takes them too); throwing stops the apply with nothing sent.
   */
  afterAnnounce?: () => Promise<void>;
  /** The clock of the lock's creates in flight (their `since`). */
  now?: () => number;
}

/**
 * Executes a plan: looks at nothing but its changes. The first write goes alone, the rest
 * once one succeeded (first-write.ts). Independent changes go on when one fails, except
 * after a 401 or 403: then no new write starts. After the writes, one
 * listing verifies that each took effect; a write whose (replayed) response did not is
 * sent again under the next key generation.
 */
export async function executePlan(plan: Plan, deps: ApplyDeps): Promise<ApplyResult> {
  const bodies = resolveAllBodies(plan.changes, deps.env); // before any write: nothing half-done on a missing variable
  const ids = idsBefore(plan, deps.lock.current());
  const limit = pLimit(deps.concurrency ?? 8);
  const outcomes = new Map<PlannedChange, ChangeOutcome>();
  const warnings: string[] = [];
  let stoppedBy: MonitorsError | undefined;
  await announceCreates(plan, deps);
  deps.onEvent?.({ kind: 'start', total: plan.changes.length });

  const settle = (outcome: ChangeOutcome) => {
    outcomes.set(outcome.change, outcome);
    deps.onEvent?.({ kind: 'done', outcome });
  };
  const run = async (change: PlannedChange, generation: number): Promise<ChangeOutcome> => {
    // Checked when the change gets its turn: after an interrupt or a refused token nothing new is sent.
    const outcome =
      deps.signal?.aborted || stoppedBy
        ? notStarted(change)
        : await executeChange(change, bodies.get(change), generation, deps, ids);
    if (isAuthFailure(outcome.error)) stoppedBy ??= outcome.error;
    settle(outcome);
    return outcome;
  };

  const gate: WriteGate = { open: false };
  for (const phase of applyPhases(plan.changes)) {
    const settled = await runPhase(phase, (change) => run(change, 0), limit, gate);
    if (stoppedBy) {
      // The rest are not started; verifying would take a listing the token may be refused too.
      if (settled.some((o) => o.ok))
        warnings.push('the writes made before the token was refused were not verified; run `monitors plan` to check');
      continue;
    }
    // Ids are never reused: a 204 (or 404) is final; a forget sent nothing to verify.
    if (phase[0]?.action === 'delete' || phase[0]?.action === 'forget') continue;
    await deps.beforeVerify?.();
    const verified = await verifyWrites(settled, {
      api: deps.api,
      lock: deps.lock,
      bodies,
      maxGenerations: deps.maxGenerations ?? 3,
      maxCreateGenerations: deps.maxCreateGenerations ?? DEFAULT_CREATE_GENERATIONS,
      run,
      settle,
      limit,
      ...(deps.signal ? { signal: deps.signal } : {}),
      ...(deps.onEvent ? { onEvent: deps.onEvent } : {}),
    });
    if (verified.warning) warnings.push(verified.warning);
  }
  const all = plan.changes.map((c) => outcomes.get(c)!);
  deps.lock.settle(settledCreateKeys(all));
  await deps.beforeFlush?.();
  // A lock file that cannot be written does not undo what the server did: the result is
  // still reported, with the error (the next plan then replaces unrecorded monitors once).
  const lockError = await deps.lock.flush().then(
    () => undefined,
    (error: unknown) => asMonitorsError(error),
  );

  const count = (action: PlannedChange['action']) => all.filter((o) => o.ok && o.change.action === action).length;
  return {
    outcomes: all,
    created: count('create'),
    replaced: count('replace'),
    deleted: count('delete'),
    forgotten: count('forget'),
    failed: all.filter((o) => !o.ok && !o.notStarted).length,
    notStarted: all.filter((o) => o.notStarted).length,
    interrupted: deps.signal?.aborted ?? false,
    ...(stoppedBy ? { stoppedBy } : {}),
    warnings,
    ...(lockError ? { lockError } : {}),
  };
}

/**
 * Before any write: the lock on disk says which creates go out (one write for them all). A
 * lock that cannot say so stops the apply here, nothing sent: a create that took unrecorded
 * and then left the YAML would be a monitor nobody manages.
 */
async function announceCreates(plan: Plan, deps: ApplyDeps): Promise<void> {
  const entries = pendingEntries(plan.changes, (deps.now ?? Date.now)());
  if (entries.length === 0) return;
  try {
    await deps.lock.announce(entries);
  } catch (error) {
    const e = asMonitorsError(error);
    throw new MonitorsError(
      e.code,
      `${e.message}: the lock file could not record the creates about to be sent, so nothing was sent`,
      {
        ...(e.hint !== undefined ? { hint: e.hint } : {}),
        cause: error,
      },
    );
  }
  await deps.afterAnnounce?.();
}

function notStarted(change: PlannedChange): ChangeOutcome {
  return { change, ok: false, id: change.id, generation: 0, notStarted: true };
}

async function executeChange(
  change: PlannedChange,
  body: Record<string, unknown> | undefined,
  generation: number,
  deps: ApplyDeps,
  ids: IdsBefore,
): Promise<ChangeOutcome> {
  const key = change.action === 'forget' ? '' : keyForGeneration(change, generation);
  try {
    switch (change.action) {
      case 'create':
        return await executeCreate(change, body!, generation, deps, ids);
      case 'replace': {
        const id = change.id!;
        await replaceIfPresent(deps, id, body!, key);
        deps.lock.record({ id, name: change.name, ...lockFields(change) });
        return { change, ok: true, id, generation };
      }
      case 'delete': {
        const id = change.id!;
        await deleteIfPresent(deps.api, id, key);
        deps.lock.forget(id);
        return { change, ok: true, id, generation };
      }
      case 'forget': {
        // No request: the monitor stays as it is, and the lock no longer manages it.
        deps.lock.forget(change.id!);
        return { change, ok: true, id: change.id, generation };
      }
    }
  } catch (error) {
    return { change, ok: false, id: change.id, generation, error: asMonitorsError(error) };
  }
}

/**
 * A create, under the next key generation for as long as the answer names a monitor that
 * existed already (see ids-before.ts): that is the stored response of an earlier create of
 * the same name and body, for a monitor renamed since. It is never recorded (that monitor
 * keeps its own record), and is told at once, without a listing, so a kill cannot leave it
 * in the lock file. Each such earlier life of the name holds one generation.
 */
async function executeCreate(
  change: PlannedChange,
  body: Record<string, unknown>,
  generation: number,
  deps: ApplyDeps,
  ids: IdsBefore,
): Promise<ChangeOutcome> {
  for (let g = generation; ; g++) {
    const { monitor } = await deps.api.createMonitor(body, keyForGeneration(change, g));
    const earlier = ids.claim(monitor.id, change.name);
    if (earlier === undefined) {
      deps.lock.record({ id: monitor.id, name: change.name, ...lockFields(change) });
      return { change, ok: true, id: monitor.id, generation: g };
    }
    const why = `the answer names ${monitor.id}, ${earlier}: the stored response of an earlier create with this key`;
    const outcome: ChangeOutcome = { change, ok: true, id: null, generation: g };
    if (deps.signal?.aborted) return notEffective(outcome, why, INTERRUPTED_HINT);
    if (g + 1 >= (deps.maxCreateGenerations ?? DEFAULT_CREATE_GENERATIONS))
      return notEffective(outcome, why, CONTENDED_HINT);
    deps.onEvent?.({ kind: 'regenerate', change, generation: g + 1, why });
  }
}

/** A 404 means the monitor was deleted since the plan: its record goes, and the next plan creates it. */
async function replaceIfPresent(
  deps: ApplyDeps,
  id: string,
  body: Record<string, unknown>,
  key: string,
): Promise<void> {
  try {
    await deps.api.replaceMonitor(id, body, key);
  } catch (error) {
    if (!isMonitorsError(error) || error.code !== 'API_NOT_FOUND') throw error;
    deps.lock.forget(id);
    throw new MonitorsError(
      'APPLY_TARGET_GONE',
      'the monitor no longer exists (404): it was deleted outside the tool after the plan was made',
      {
        hint: 'Run the apply again: the next plan creates it anew from the YAML.',
        cause: error,
      },
    );
  }
}

/** A monitor already gone is the state a delete wants (deleted out of band, or by an earlier run). */
async function deleteIfPresent(api: MonitorsApi, id: string, key: string): Promise<void> {
  try {
    await api.deleteMonitor(id, key);
  } catch (error) {
    if (isMonitorsError(error) && error.code === 'API_NOT_FOUND') return;
    throw error;
  }
}

function lockFields(change: PlannedChange) {
  if (!change.lock_record)
    throw new MonitorsError('PLAN_INVALID', `the plan's ${change.action} of "${change.name}" has no lock record`);
  // As the plan made it (src/plan/lock-record.ts decides what a record holds).
  const { fingerprint, values, fields, secrets, file } = change.lock_record;
  return {
    fingerprint,
    ...(file !== undefined ? { file } : {}),
    ...(values ? { values } : {}),
    ...(fields ? { fields } : {}),
    ...(secrets && Object.keys(secrets).length > 0 ? { secrets } : {}),
  };
}

function resolveAllBodies(
  changes: readonly PlannedChange[],
  env: NodeJS.ProcessEnv,
): Map<PlannedChange, Record<string, unknown>> {
  const bodies = new Map<PlannedChange, Record<string, unknown>>();
  for (const change of changes) {
    if (change.action === 'delete' || change.action === 'forget') continue;
    if (!change.body)
      throw new MonitorsError('PLAN_INVALID', `the plan's ${change.action} of "${change.name}" has no body`);
    bodies.set(change, resolveEnvTemplates(change.body, env));
  }
  return bodies;
}

function asMonitorsError(error: unknown): MonitorsError {
  if (isMonitorsError(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new MonitorsError('APPLY_UNEXPECTED', message, { cause: error });
}
