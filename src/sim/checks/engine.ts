// The simulated checks. No timers: every request to the simulator first runs the checks
// that have come due (by the simulator's clock, so a test's fake clock drives them too),
// each at the time it was due. A monitor's next_check_at is its schedule: a create or a
// replace sets it `delayMs` ahead, each check sets it one interval further.
import type { MonitorRecord, MonitorStatus } from '../records.js';
import type { CheckHooks, SimState } from '../state.js';
import type { Workspace } from '../workspace.js';
import { DueQueue } from './due-queue.js';
import { decideCheck, outcomeFor } from './outcome.js';
import type { CheckSettings } from './settings.js';

const FALLBACK_INTERVAL_MS = 300_000;

export class CheckEngine implements CheckHooks {
  private readonly queue = new DueQueue();
  private state: SimState | undefined;

  constructor(
    public settings: CheckSettings,
    private readonly now: () => number,
  ) {}

  /** The state is built with this engine as its hooks, then attached. */
  attach(state: SimState): void {
    this.state = state;
  }

  firstCheckDelayMs(): number {
    return this.settings.delayMs;
  }

  scheduled(_ws: Workspace, record: MonitorRecord): void {
    if (record.nextCheckAt === null) return;
    const atMs = Date.parse(record.nextCheckAt);
    if (!Number.isNaN(atMs)) this.queue.push({ atMs, at: record.nextCheckAt, id: record.id });
  }

  /** Runs every check due by now; returns how many ran. */
  runDue(): number {
    const now = this.now();
    let ran = 0;
    for (let entry = this.queue.popDue(now); entry; entry = this.queue.popDue(now)) {
      const ws = this.state?.locate(entry.id);
      const record = ws?.monitors.get(entry.id);
      if (!ws || !record || record.nextCheckAt !== entry.at) continue; // deleted or rescheduled since
      // A simulator left idle for hours runs the latest missed check only, at its time.
      const interval = intervalMs(record);
      const at = entry.atMs + Math.floor((now - entry.atMs) / interval) * interval;
      this.check(ws, record, at);
      ran++;
    }
    return ran;
  }

  /** A check right now (the admin's "check now"), finding `status` when given, else what the rules say. */
  checkNow(ws: Workspace, record: MonitorRecord, status?: MonitorStatus): MonitorRecord | undefined {
    return this.check(ws, record, this.now(), status);
  }

  private check(ws: Workspace, record: MonitorRecord, at: number, forced?: MonitorStatus): MonitorRecord | undefined {
    const state = this.state;
    if (!state) return undefined;
    const next = new Date(at + intervalMs(record)).toISOString();
    const iso = new Date(at).toISOString();
    // A paused monitor is not checked (unless the admin forces a result).
    if (record.status === 'paused' && forced === undefined)
      return state.recordCheck(ws, record.id, { at: iso, nextCheckAt: next });
    const open = ws.openIncidentsOf(record.id);
    const effects = decideCheck(forced ?? outcomeFor(record.input, this.settings), open.length > 0);
    for (const incident of effects.resolveIncidents ? open : []) state.resolveIncident(ws, incident.id, iso);
    if (effects.openIncident) state.openIncident(ws, record.id, 'major', incidentSummary(record), iso);
    return state.recordCheck(ws, record.id, {
      ...(effects.status ? { status: effects.status } : {}),
      at: iso,
      nextCheckAt: next,
    });
  }
}

function intervalMs(record: MonitorRecord): number {
  const seconds = record.input.interval_seconds;
  return typeof seconds === 'number' && seconds > 0 ? seconds * 1000 : FALLBACK_INTERVAL_MS;
}

function incidentSummary(record: MonitorRecord): string {
  return `${String(record.input.name)}: the check of ${String(record.input.url)} failed (simulated)`.slice(0, 500);
}
