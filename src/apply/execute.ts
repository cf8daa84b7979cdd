import pLimit from 'p-limit';
import type { MonitorsApi } from '../api/types.js';
import { MonitorsError, isMonitorsError } from '../errors.js';
import type { LiveMonitor } from '../model/monitor.js';
import { keyForGeneration } from '../plan/idempotency-key.js';
import type { Plan, PlannedChange } from '../plan/types.js';
import { resolveEnvTemplates } from './env-templates.js';
import type { LockRecorder } from './lock-recorder.js';
import { applyPhases } from './phases.js';
import { unverifiedWrites } from './verify.js';

export interface ApplyDeps {
  api: MonitorsApi;
  env: NodeJS.ProcessEnv;
  lock: LockRecorder;
  /** Changes in flight at once (the client paces requests on top of this). */
  concurrency?: number;
  /** How many key generations a write may use when a replayed response did not take effect. */
  maxGenerations?: number;
  onEvent?: (event: ApplyEvent) => void;
}

export type ApplyEvent =
  | { kind: 'start'; total: number }
  | { kind: 'done'; outcome: ChangeOutcome }
  | { kind: 'regenerate'; change: PlannedChange; generation: number; why: string }
  | { kind: 'verify-failed'; error: MonitorsError };

export interface ChangeOutcome {
  change: PlannedChange;
  ok: boolean;
  /** The monitor's id after the change (new id for creates). */
  id: string | null;
  /** Key generation that succeeded or failed last. */
  generation: number;
  error?: MonitorsError;
}

export interface ApplyResult {
  outcomes: ChangeOutcome[];
  created: number;
  replaced: number;
  deleted: number;
  failed: number;
  warnings: string[];
}

/**
 * Executes a plan: looks at nothing but its changes. Independent changes go on when one
 * fails. After the writes, one listing verifies that each took effect; a write whose
 * (replayed) response did not is sent again under the next key generation.
 */
export async function executePlan(plan: Plan, deps: ApplyDeps): Promise<ApplyResult> {
  const bodies = resolveAllBodies(plan.changes, deps.env); // before any write: nothing half-done on a missing variable
  const limit = pLimit(deps.concurrency ?? 8);
  const maxGenerations = deps.maxGenerations ?? 3;
  const outcomes = new Map<PlannedChange, ChangeOutcome>();
  const warnings: string[] = [];
  deps.onEvent?.({ kind: 'start', total: plan.changes.length });

  const run = async (change: PlannedChange, generation: number): Promise<ChangeOutcome> => {
    const outcome = await executeChange(change, bodies.get(change), generation, deps);
    settle(outcome);
    return outcome;
  };
  const settle = (outcome: ChangeOutcome) => {
    outcomes.set(outcome.change, outcome);
    deps.onEvent?.({ kind: 'done', outcome });
  };

  for (const phase of applyPhases(plan.changes)) {
    const settled = await Promise.all(phase.map((change) => limit(() => run(change, 0))));
    if (phase[0]?.action === 'delete') continue; // ids are never reused: a 204 (or 404) is final
    const verified = await verifyWrites(settled, { bodies, deps, maxGenerations, run, settle, limit });
    if (verified.warning) warnings.push(verified.warning);
  }
  await deps.lock.flush();

  const all = plan.changes.map((c) => outcomes.get(c)!);
  const count = (action: PlannedChange['action']) => all.filter((o) => o.ok && o.change.action === action).length;
  return {
    outcomes: all,
    created: count('create'),
    replaced: count('replace'),
    deleted: count('delete'),
    failed: all.filter((o) => !o.ok).length,
    warnings,
  };
}

type Runner = (change: PlannedChange, generation: number) => Promise<ChangeOutcome>;

interface VerifyContext {
  bodies: Map<PlannedChange, Record<string, unknown>>;
  deps: ApplyDeps;
  maxGenerations: number;
  run: Runner;
  settle: (outcome: ChangeOutcome) => void;
  limit: ReturnType<typeof pLimit>;
}

async function verifyWrites(first: ChangeOutcome[], ctx: VerifyContext): Promise<{ warning?: string }> {
  const { bodies, deps, maxGenerations, run, settle, limit } = ctx;
  let pending = first.filter((o) => o.ok);
  while (pending.length > 0) {
    let live: LiveMonitor[];
    try {
      live = await deps.api.listMonitors();
    } catch (error) {
      const wrapped = asMonitorsError(error);
      deps.onEvent?.({ kind: 'verify-failed', error: wrapped });
      return { warning: `could not verify the writes (${wrapped.message}); run \`monitors plan\` to check` };
    }
    const suspects = unverifiedWrites(pending, bodies, live);
    const retries: Promise<ChangeOutcome>[] = [];
    for (const { outcome, why } of suspects) {
      const next = outcome.generation + 1;
      if (outcome.change.action === 'create' && outcome.id) deps.lock.forget(outcome.id);
      if (next >= maxGenerations) {
        settle(notEffective(outcome, why));
        continue;
      }
      deps.onEvent?.({ kind: 'regenerate', change: outcome.change, generation: next, why });
      retries.push(limit(() => run(outcome.change, next)));
    }
    pending = (await Promise.all(retries)).filter((o) => o.ok);
  }
  return {};
}

function notEffective(outcome: ChangeOutcome, why: string): ChangeOutcome {
  const error = new MonitorsError('APPLY_NOT_EFFECTIVE', `${describe(outcome.change)} did not take effect: ${why}`, {
    hint: 'The monitor is being changed outside the tool at the same time; run `monitors plan` and apply again.',
  });
  return { ...outcome, ok: false, error };
}

async function executeChange(
  change: PlannedChange,
  body: Record<string, unknown> | undefined,
  generation: number,
  deps: ApplyDeps,
): Promise<ChangeOutcome> {
  const key = keyForGeneration(change, generation);
  try {
    switch (change.action) {
      case 'create': {
        const { monitor } = await deps.api.createMonitor(body!, key);
        deps.lock.record({ id: monitor.id, name: change.name, ...lockFields(change) });
        return { change, ok: true, id: monitor.id, generation };
      }
      case 'replace': {
        const id = change.id!;
        await deps.api.replaceMonitor(id, body!, key);
        deps.lock.record({ id, name: change.name, ...lockFields(change) });
        return { change, ok: true, id, generation };
      }
      case 'delete': {
        const id = change.id!;
        await deleteIfPresent(deps.api, id, key);
        deps.lock.forget(id);
        return { change, ok: true, id, generation };
      }
    }
  } catch (error) {
    return { change, ok: false, id: change.id, generation, error: asMonitorsError(error) };
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
  if (!change.lock_record) throw new MonitorsError('PLAN_INVALID', `the plan's ${change.action} of "${change.name}" has no lock record`);
  const { fingerprint, secrets, fields } = change.lock_record;
  return { fingerprint, ...(fields ? { fields } : {}), ...(secrets && Object.keys(secrets).length > 0 ? { secrets } : {}) };
}

function resolveAllBodies(changes: readonly PlannedChange[], env: NodeJS.ProcessEnv): Map<PlannedChange, Record<string, unknown>> {
  const bodies = new Map<PlannedChange, Record<string, unknown>>();
  for (const change of changes) {
    if (change.action === 'delete') continue;
    if (!change.body) throw new MonitorsError('PLAN_INVALID', `the plan's ${change.action} of "${change.name}" has no body`);
    bodies.set(change, resolveEnvTemplates(change.body, env));
  }
  return bodies;
}

function asMonitorsError(error: unknown): MonitorsError {
  if (isMonitorsError(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new MonitorsError('APPLY_UNEXPECTED', message, { cause: error });
}

export function describe(change: PlannedChange): string {
  return `${change.action} of "${change.name}"${change.id ? ` (${change.id})` : ''}`;
}
