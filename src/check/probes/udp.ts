// udp: udp_payload goes out as one datagram to the host and port; the first answer must
// come within the timeout and contain udp_expected. An ICMP "port unreachable" is down.
import { createSocket } from 'node:dgram';
import { lookupHost } from '../net/lookup.js';
import { connectEndpoint } from '../routes.js';
import { endpointOf } from '../target.js';
import { hexBytes, udpVerdict } from '../verdicts/udp.js';
import { abortable } from './abortable.js';
import { fail, fromVerdict, notChecked, type Probe } from './probe.js';

export const udpProbe: Probe = async ({ monitor }, context, signal) => {
  const endpoint = endpointOf(monitor);
  if (!endpoint?.port) return fail('no port to send to (set port)');
  const payload = hexBytes(monitor.udp_payload);
  const expected = hexBytes(monitor.udp_expected);
  if (typeof payload === 'string') return notChecked(`udp_payload ${payload}`);
  if (typeof expected === 'string') return notChecked(`udp_expected ${expected}`);
  const to = connectEndpoint(context.connectTo, endpoint.host, endpoint.port);
  const [target] = await lookupHost(to.host, to.port, context, signal);
  if (!target) return fail('host name has no address');
  const answer = await abortable<Buffer>(signal, (resolve, reject, onAbort) => {
    const socket = createSocket(target.family === 6 ? 'udp6' : 'udp4');
    let open = true;
    const close = () => {
      if (open) socket.close();
      open = false;
    };
    onAbort(close);
    socket.once('error', reject);
    socket.once('message', (message) => {
      close();
      resolve(message);
    });
    socket.connect(to.port, target.address, () => socket.send(payload));
  });
  return fromVerdict(udpVerdict(answer, expected));
};
