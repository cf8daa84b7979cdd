// Where a non-HTTP check goes. `url` may be a URL of any scheme or a bare host; the port is
// the `port` field, else the URL's own, else the type's usual one (443 for ssl).
import type { MonitorInput } from '../model/monitor.js';
import { destinationHost } from '../schema/destination.js';
import { isMonitorType, type MonitorType } from '../schema/type-fields.js';

const DEFAULT_PORT: Readonly<Record<string, number>> = { https: 443, http: 80 };

export interface Endpoint {
  /** Host name or IP address, without brackets, without a trailing dot. */
  host: string;
  port: number | undefined;
}

export function endpointOf(monitor: MonitorInput): Endpoint | undefined {
  const parsed = destinationHost(monitor.url);
  if (!parsed) return undefined;
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  const written = parsed.port === '' ? undefined : Number(parsed.port);
  const port =
    monitor.port ??
    written ??
    (parsed.scheme ? DEFAULT_PORT[parsed.scheme] : undefined) ??
    (monitor.type === 'ssl' ? 443 : undefined);
  return { host, port };
}

/** How a result of each type names its destination: the url as written, or host:port as checked. */
export const TARGET_SHOWN_AS = {
  http: 'url',
  keyword: 'url',
  json: 'url',
  ping: 'url',
  heartbeat: 'url',
  domain: 'url',
  dns: 'url',
  tcp: 'host-port',
  udp: 'host-port',
  ssl: 'host-port',
} as const satisfies Record<MonitorType, 'url' | 'host-port'>;

/** How a result names its destination: the url as written, with the port the check used. */
export function targetText(monitor: MonitorInput, shownUrl: string): string {
  if (isMonitorType(monitor.type) && TARGET_SHOWN_AS[monitor.type] === 'url') return shownUrl;
  const endpoint = endpointOf(monitor);
  if (!endpoint?.port || shownUrl !== monitor.url) return shownUrl;
  const host = endpoint.host.includes(':') ? `[${endpoint.host}]` : endpoint.host;
  return `${host}:${endpoint.port}`;
}
