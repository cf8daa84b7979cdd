// The probes of `check`, one per monitor type: a new type fails the typecheck here until it has
// one.
import type { MonitorType } from '../../schema/type-fields.js';
import type { Probe } from './probe.js';
import { dnsProbe } from './dns.js';
import { domainProbe } from './domain.js';
import { httpProbe } from './http.js';
import { jsonProbe } from './json.js';
import { keywordProbe } from './keyword.js';
import { heartbeatProbe, pingProbe } from './not-local.js';
import { sslProbe } from './ssl.js';
import { tcpProbe } from './tcp.js';
import { udpProbe } from './udp.js';

// One probe per monitor type: a type added to MONITOR_TYPES fails the typecheck here until it has one.
export const PROBES: Readonly<Record<MonitorType, Probe>> = {
  http: httpProbe,
  keyword: keywordProbe,
  json: jsonProbe,
  tcp: tcpProbe,
  udp: udpProbe,
  dns: dnsProbe,
  ssl: sslProbe,
  domain: domainProbe,
  ping: pingProbe,
  heartbeat: heartbeatProbe,
};
