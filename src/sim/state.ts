// All workspaces and the operations on them. Pure in-memory logic: the HTTP layer
// decides who may do what; persistence listens through onChange.
import type { IdGenerator } from './ids.js';
import { type IncidentRecord, type MonitorRecord, type MonitorStatus, withoutSecret } from './records.js';
import { Workspace } from './workspace.js';

/** How the state tells the simulated checks (src/sim/checks) when each monitor is due. */
export interface CheckHooks {
  /** From a create or replace to the next check. */
  firstCheckDelayMs(): number;
  /** The record's next_check_at was set (or the record was added): check it then. */
  scheduled(ws: Workspace, record: MonitorRecord): void;
}

/** What one simulated check found; next_check_at always moves on. */
export interface CheckResult {
  /** Absent: the check did not conclude, status and last_check_at stay. */
  status?: MonitorStatus;
  at: string;
  nextCheckAt: string;
}

export interface MonitorEdit {
  /** The complete new input (see mergeEdit); absent keeps the current one. */
  input?: Record<string, unknown>;
  status?: MonitorStatus;
  lastCheckAt?: string | null;
  nextCheckAt?: string | null;
}

export class SimState {
  private readonly workspaces = new Map<string, Workspace>();
  /** Monitor and incident id -> workspace name (the admin side addresses ids globally). */
  private readonly owners = new Map<string, string>();

  constructor(
    readonly ids: IdGenerator,
    private readonly now: () => number,
    private readonly onChange: () => void = () => {},
    private readonly checks?: CheckHooks,
  ) {}

  workspace(name: string): Workspace {
    let ws = this.workspaces.get(name);
    if (!ws) this.workspaces.set(name, (ws = new Workspace(name)));
    return ws;
  }

  allWorkspaces(): Workspace[] {
    return [...this.workspaces.values()];
  }

  locate(id: string): Workspace | undefined {
    const name = this.owners.get(id);
    return name === undefined ? undefined : this.workspaces.get(name);
  }

  createMonitor(ws: Workspace, input: Record<string, unknown>): MonitorRecord {
    const at = this.iso();
    const { input: stored, secretSet } = withoutSecret(input);
    const record: MonitorRecord = {
      id: this.ids.next(),
      input: stored,
      authSecretSet: secretSet,
      status: 'pending',
      createdAt: at,
      updatedAt: at,
      lastCheckAt: null,
      nextCheckAt: this.firstCheckAt(),
    };
    this.adoptMonitor(ws, record);
    this.onChange();
    return record;
  }

  /** Full replacement of the input; status and history stay. */
  replaceMonitor(ws: Workspace, id: string, input: Record<string, unknown>): MonitorRecord | undefined {
    const current = ws.monitors.get(id);
    if (!current) return undefined;
    const { input: stored, secretSet } = withoutSecret(input);
    // A changed configuration is checked again soon, as a real service would.
    const record: MonitorRecord = {
      ...current,
      input: stored,
      authSecretSet: secretSet,
      updatedAt: this.iso(),
      nextCheckAt: this.firstCheckAt(),
    };
    ws.putMonitor(record);
    this.checks?.scheduled(ws, record);
    this.onChange();
    return record;
  }

  deleteMonitor(ws: Workspace, id: string): boolean {
    if (!ws.removeMonitor(id)) return false;
    this.owners.delete(id);
    this.onChange();
    return true;
  }

  /** An edit made "in the dashboard": bumps updated_at like any configuration change. */
  editMonitor(ws: Workspace, id: string, edit: MonitorEdit): MonitorRecord | undefined {
    const current = ws.monitors.get(id);
    if (!current) return undefined;
    const { input, secretSet } = edit.input
      ? withoutSecret(edit.input)
      : { input: current.input, secretSet: current.authSecretSet };
    const record: MonitorRecord = {
      ...current,
      input,
      authSecretSet: secretSet,
      status: edit.status ?? current.status,
      lastCheckAt: edit.lastCheckAt === undefined ? current.lastCheckAt : edit.lastCheckAt,
      nextCheckAt: edit.nextCheckAt === undefined ? current.nextCheckAt : edit.nextCheckAt,
      updatedAt: this.iso(),
    };
    ws.putMonitor(record);
    if (edit.nextCheckAt !== undefined) this.checks?.scheduled(ws, record);
    this.onChange();
    return record;
  }

  /** A simulated check: status, last and next check move; updated_at does not (no configuration changed). */
  recordCheck(ws: Workspace, id: string, result: CheckResult): MonitorRecord | undefined {
    const current = ws.monitors.get(id);
    if (!current) return undefined;
    const record: MonitorRecord = {
      ...current,
      ...(result.status ? { status: result.status, lastCheckAt: result.at } : {}),
      nextCheckAt: result.nextCheckAt,
    };
    ws.putMonitor(record);
    this.checks?.scheduled(ws, record);
    this.onChange();
    return record;
  }

  openIncident(ws: Workspace, monitorId: string, severity: string, summary: string, at = this.iso()): IncidentRecord {
    const record: IncidentRecord = {
      id: this.ids.next(),
      monitorId,
      status: 'open',
      severity,
      summary,
      openedAt: at,
      resolvedAt: null,
    };
    this.adoptIncident(ws, record);
    this.setMonitorStatus(ws, monitorId, 'down', at);
    this.onChange();
    return record;
  }

  resolveIncident(ws: Workspace, id: string, at = this.iso()): IncidentRecord | undefined {
    const current = ws.incidents.get(id);
    if (!current) return undefined;
    if (current.status === 'resolved') return current;
    const record: IncidentRecord = { ...current, status: 'resolved', resolvedAt: at };
    ws.putIncident(record);
    if (ws.openIncidentsOf(record.monitorId).length === 0) this.setMonitorStatus(ws, record.monitorId, 'up', at);
    this.onChange();
    return record;
  }

  /** Adds a record as is (state file load, create). */
  adoptMonitor(ws: Workspace, record: MonitorRecord): void {
    ws.putMonitor(record);
    this.owners.set(record.id, ws.name);
    this.ids.observe(record.id);
    this.checks?.scheduled(ws, record);
  }

  adoptIncident(ws: Workspace, record: IncidentRecord): void {
    ws.putIncident(record);
    this.owners.set(record.id, ws.name);
    this.ids.observe(record.id);
  }

  private setMonitorStatus(ws: Workspace, id: string, status: MonitorStatus, at: string): void {
    const current = ws.monitors.get(id);
    if (!current) return;
    ws.putMonitor({ ...current, status, lastCheckAt: at });
  }

  private firstCheckAt(): string {
    return this.iso(this.now() + (this.checks?.firstCheckDelayMs() ?? 0));
  }

  private iso(ms = this.now()): string {
    return new Date(ms).toISOString();
  }
}
