// tcp: a TCP connection to the host and port opens (then is closed at once).
import { openConnection } from '../net/lookup.js';
import { endpointOf } from '../target.js';
import { fail, pass, type Probe } from './probe.js';
import { abortable } from './abortable.js';

export const tcpProbe: Probe = async ({ monitor }, context, signal) => {
  const endpoint = endpointOf(monitor);
  if (!endpoint?.port) return fail('no port to connect to (set port)');
  const { host, port } = endpoint;
  const address = await abortable<string>(signal, (resolve, reject, onAbort) => {
    const socket = openConnection(host, port, context, signal);
    onAbort(() => socket.destroy());
    socket.once('connect', () => {
      resolve(`${socket.remoteAddress}:${socket.remotePort}`);
      socket.destroy();
    });
    socket.once('error', reject);
  });
  return pass(`connected to ${address}`);
};
