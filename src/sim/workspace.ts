// One workspace's monitors and incidents, kept in id order. The JSON of each monitor is
// cached per listing mode, so a page of 100 is a slice and a join, not 100 serialisations.
import type { ListingMode } from './options.js';
import type { IncidentRecord, MonitorRecord } from './records.js';
import { SortedIds } from './sorted-ids.js';
import { incidentView, monitorView } from './views.js';

export interface JsonPage {
  /** Items already serialised as JSON. */
  items: string[];
  /** Last id of the page when more items follow (the next cursor's position). */
  nextAfter: string | undefined;
}

export class Workspace {
  readonly monitors = new Map<string, MonitorRecord>();
  readonly incidents = new Map<string, IncidentRecord>();
  private readonly monitorOrder = new SortedIds();
  private readonly incidentOrder = new SortedIds();
  private readonly cache = new Map<string, { spec?: string; full?: string }>();
  /** Monitor id -> ids of its open incidents (checks ask this for every check). */
  private readonly openByMonitor = new Map<string, Set<string>>();

  constructor(readonly name: string) {}

  putMonitor(record: MonitorRecord): void {
    this.monitors.set(record.id, record);
    this.monitorOrder.insert(record.id);
    this.cache.delete(record.id);
  }

  removeMonitor(id: string): boolean {
    if (!this.monitors.delete(id)) return false;
    this.monitorOrder.remove(id);
    this.cache.delete(id);
    return true;
  }

  monitorJson(record: MonitorRecord, mode: ListingMode): string {
    let entry = this.cache.get(record.id);
    if (!entry) this.cache.set(record.id, (entry = {}));
    return (entry[mode] ??= JSON.stringify(monitorView(record, mode)));
  }

  pageMonitors(afterId: string | undefined, limit: number, mode: ListingMode): JsonPage {
    const { ids, more } = this.monitorOrder.page(afterId, limit);
    const items = ids.map((id) => this.monitorJson(this.monitors.get(id) as MonitorRecord, mode));
    return { items, nextAfter: more ? ids[ids.length - 1] : undefined };
  }

  putIncident(record: IncidentRecord): void {
    this.incidents.set(record.id, record);
    this.incidentOrder.insert(record.id);
    let open = this.openByMonitor.get(record.monitorId);
    if (record.status === 'open') {
      if (!open) this.openByMonitor.set(record.monitorId, (open = new Set()));
      open.add(record.id);
    } else if (open?.delete(record.id) && open.size === 0) {
      this.openByMonitor.delete(record.monitorId);
    }
  }

  incidentJson(record: IncidentRecord): string {
    const name = this.monitors.get(record.monitorId)?.input.name;
    return JSON.stringify(incidentView(record, typeof name === 'string' ? name : null));
  }

  pageIncidents(afterId: string | undefined, limit: number): JsonPage {
    const { ids, more } = this.incidentOrder.page(afterId, limit);
    const items = ids.map((id) => this.incidentJson(this.incidents.get(id) as IncidentRecord));
    return { items, nextAfter: more ? ids[ids.length - 1] : undefined };
  }

  openIncidentsOf(monitorId: string): IncidentRecord[] {
    return [...(this.openByMonitor.get(monitorId) ?? [])].map((id) => this.incidents.get(id) as IncidentRecord);
  }

  openIncidentCount(): number {
    let open = 0;
    for (const incident of this.incidents.values()) if (incident.status === 'open') open++;
    return open;
  }
}
