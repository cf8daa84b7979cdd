// All workspaces and the operations on them. Pure in-memory logic: the HTTP layer
// decides who may do what; persistence listens through onChange.
import type { IdGenerator } from './ids.js';
import { type IncidentRecord, type MonitorRecord, type MonitorStatus, withoutSecret } from './records.js';
import { Workspace } from './workspace.js';

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
      nextCheckAt: at,
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
    const record: MonitorRecord = { ...current, input: stored, authSecretSet: secretSet, updatedAt: this.iso() };
    ws.putMonitor(record);
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
    const { input, secretSet } = edit.input ? withoutSecret(edit.input) : { input: current.input, secretSet: current.authSecretSet };
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
    this.onChange();
    return record;
  }

  openIncident(ws: Workspace, monitorId: string, severity: string, summary: string): IncidentRecord {
    const record: IncidentRecord = { id: this.ids.next(), monitorId, status: 'open', severity, summary, openedAt: this.iso(), resolvedAt: null };
    this.adoptIncident(ws, record);
    this.setMonitorStatus(ws, monitorId, 'down');
    this.onChange();
    return record;
  }

  resolveIncident(ws: Workspace, id: string): IncidentRecord | undefined {
    const current = ws.incidents.get(id);
    if (!current) return undefined;
    if (current.status === 'resolved') return current;
    const record: IncidentRecord = { ...current, status: 'resolved', resolvedAt: this.iso() };
    ws.putIncident(record);
    const stillOpen = [...ws.incidents.values()].some((i) => i.monitorId === record.monitorId && i.status === 'open');
    if (!stillOpen) this.setMonitorStatus(ws, record.monitorId, 'up');
    this.onChange();
    return record;
  }

  /** Adds a record as is (state file load, create). */
  adoptMonitor(ws: Workspace, record: MonitorRecord): void {
    ws.putMonitor(record);
    this.owners.set(record.id, ws.name);
    this.ids.observe(record.id);
  }

  adoptIncident(ws: Workspace, record: IncidentRecord): void {
    ws.putIncident(record);
    this.owners.set(record.id, ws.name);
    this.ids.observe(record.id);
  }

  private setMonitorStatus(ws: Workspace, id: string, status: MonitorStatus): void {
    const current = ws.monitors.get(id);
    if (!current) return;
    const at = this.iso();
    ws.putMonitor({ ...current, status, lastCheckAt: at });
  }

  private iso(): string {
    return new Date(this.now()).toISOString();
  }
}
