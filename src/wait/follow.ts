// The polling of `apply --wait`: reads the followed monitors until each has settled (see
// decide.ts) or the time is up. All requests go through the API client, so its retries and
// pacing apply; a failed read is kept as the monitor's error and read again next round,
// except 401/403 (a token problem does not pass by waiting), which ends the wait.
import pLimit from 'p-limit';
import type { MonitorsApi } from '../api/types.js';
import { isMonitorsError, MonitorsError } from '../errors.js';
import type { LiveMonitor } from '../model/monitor.js';
import { assess, nextPollDelay, readByListing, type FinalState, type WaitTarget } from './decide.js';

export interface FollowDeps {
  api: MonitorsApi;
  timeoutMs: number;
  /** Live monitors expected after the apply, to choose between GETs and the listing. */
  liveEstimate: number;
  concurrency?: number;
  now?: () => number;
  /** Resolves after `ms`, or early when `signal` aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  signal?: AbortSignal;
  /** A monitor's wait ended (for progress lines). */
  onSettled?: (state: FinalState, afterMs: number) => void;
}

export interface FollowResult {
  states: FinalState[];
  elapsedMs: number;
  /** Some monitors had not settled when the time ran out. */
  timedOut: boolean;
  interrupted: boolean;
  /** A token problem (401/403) that ended the wait. */
  fatal?: MonitorsError;
}

type Reading = { monitor: LiveMonitor } | { gone: true } | { error: unknown };

export async function followMonitors(targets: readonly WaitTarget[], deps: FollowDeps): Promise<FollowResult> {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? abortableSleep;
  const started = now();
  const deadline = started + deps.timeoutMs;
  const states = new Map<string, FinalState & { settled: boolean }>(
    targets.map((t) => [t.id, { target: t, settled: false }]),
  );
  const unsettled = () => [...states.values()].filter((s) => !s.settled);
  let fatal: MonitorsError | undefined;

  for (let round = 0; ; round++) {
    const open = unsettled();
    const readings = await readMonitors(
      open.map((s) => s.target),
      deps,
    );
    for (const state of open) {
      const reading = readings.get(state.target.id)!;
      if ('error' in reading) {
        if (isTokenProblem(reading.error)) fatal ??= reading.error as MonitorsError;
        state.error = isMonitorsError(reading.error) ? reading.error.message : String(reading.error);
        continue;
      }
      delete state.error;
      if ('gone' in reading) {
        Object.assign(state, { gone: true, settled: true });
      } else {
        state.assessment = assess(state.target, reading.monitor);
        state.settled = state.assessment.settled;
      }
      if (state.settled) deps.onSettled?.(finalOf(state), now() - started);
    }
    if (fatal || unsettled().length === 0 || deps.signal?.aborted) break;
    const delay = nextPollDelay(round, now(), deadline);
    if (delay === undefined) break;
    await sleep(delay, deps.signal);
    if (deps.signal?.aborted) break;
  }
  const interrupted = deps.signal?.aborted ?? false;
  return {
    states: [...states.values()].map(finalOf),
    elapsedMs: now() - started,
    timedOut: !fatal && !interrupted && unsettled().length > 0,
    interrupted,
    ...(fatal ? { fatal } : {}),
  };
}

async function readMonitors(targets: readonly WaitTarget[], deps: FollowDeps): Promise<Map<string, Reading>> {
  const readings = new Map<string, Reading>();
  if (targets.length === 0) return readings;
  let rest = targets;
  if (readByListing(targets.length, deps.liveEstimate)) {
    try {
      const listed = new Map((await deps.api.listMonitors()).map((m) => [m.id, m]));
      for (const t of targets) {
        const monitor = listed.get(t.id);
        if (monitor) readings.set(t.id, { monitor });
      }
      // A listing may lag behind a create: one missing from it is asked for by id.
      rest = targets.filter((t) => !readings.has(t.id));
    } catch (error) {
      for (const t of targets) readings.set(t.id, { error });
      return readings;
    }
  }
  const limit = pLimit(deps.concurrency ?? 8);
  await Promise.all(rest.map((t) => limit(async () => readings.set(t.id, await readOne(deps.api, t.id)))));
  return readings;
}

async function readOne(api: MonitorsApi, id: string): Promise<Reading> {
  try {
    return { monitor: await api.getMonitor(id) };
  } catch (error) {
    return isMonitorsError(error) && error.code === 'API_NOT_FOUND' ? { gone: true } : { error };
  }
}

function isTokenProblem(error: unknown): boolean {
  return isMonitorsError(error) && (error.code === 'API_UNAUTHORIZED' || error.code === 'API_FORBIDDEN');
}

function finalOf(state: FinalState & { settled?: boolean }): FinalState {
  const { settled: _settled, ...final } = state;
  return { ...final };
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
