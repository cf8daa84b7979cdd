// Types this machine cannot check: said plainly, never counted as a pass.
import { notChecked, type Probe } from './probe.js';

export const pingProbe: Probe = async () =>
  notChecked(
    'not checked from here: ping sends ICMP echo requests, which need raw sockets (root or CAP_NET_RAW) that this tool does not use; the service pings from its own locations',
  );

export const heartbeatProbe: Probe = async () =>
  notChecked(
    'not checked from here: a heartbeat monitor waits for your job to call the service; there is nothing to reach until it exists and your job pings it',
  );
