// Real servers on 127.0.0.1 for the check tests: HTTP and HTTPS (routes answered by a
// handler, optionally after a delay), TCP, UDP and DNS (dns-packet), each on a free port.
// Delays are what make "degraded" certain: the answer cannot come before them.
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { createServer as createTlsServer, createSecureContext, type Server as TlsServer } from 'node:tls';
import dnsPacket, { type Answer } from 'dns-packet';
import type { KeyAndCert } from './test-ca.js';

export interface Running {
  port: number;
  close(): Promise<void>;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void | Promise<void>;

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface HttpServer extends Running {
  requests: RecordedRequest[];
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** An HTTP server (HTTPS with `tls`) whose handler sees every request; requests are recorded. */
export async function startHttp(handler: Handler, tls?: KeyAndCert): Promise<HttpServer> {
  const requests: RecordedRequest[] = [];
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    for await (const chunk of req) body += String(chunk);
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    await handler(req, res, body);
  };
  // A handler that throws drops the connection: the probe under test sees it, never a hang.
  const listener = (req: IncomingMessage, res: ServerResponse) => void handle(req, res).catch(() => res.destroy());
  const server: Server = tls
    ? createHttpsServer({ key: tls.key, cert: tls.cert }, listener)
    : createHttpServer(listener);
  return { ...(await listen(server)), requests };
}

/** A TLS server that takes `handshakeDelayMs` to choose its certificate (SNICallback): a slow handshake. */
export async function startTls(tls: KeyAndCert, handshakeDelayMs = 0): Promise<Running> {
  const context = createSecureContext({ key: tls.key, cert: tls.cert });
  const server: TlsServer = createTlsServer({
    key: tls.key,
    cert: tls.cert,
    SNICallback: (_name, callback) => void sleep(handshakeDelayMs).then(() => callback(null, context)),
  });
  server.on('secureConnection', (socket) => socket.end());
  server.on('tlsClientError', () => undefined);
  return listen(server);
}

export async function startTcp(): Promise<Running> {
  const server: TcpServer = createTcpServer((socket) => socket.end());
  return listen(server);
}

/** A UDP server answering each datagram with `answer(payload)` after `delayMs` (undefined: no answer). */
export async function startUdp(
  answer: (payload: Buffer) => Buffer | undefined,
  delayMs = 0,
): Promise<Running & { received: Buffer[] }> {
  const socket: UdpSocket = createSocket('udp4');
  const received: Buffer[] = [];
  socket.on('message', (message, from) => {
    received.push(message);
    const reply = answer(message);
    if (reply) void sleep(delayMs).then(() => socket.send(reply, from.port, from.address));
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    port: socket.address().port,
    received,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

/** name -> record type -> the records' data as dns-packet encodes it. */
export type DnsZone = Record<string, Partial<Record<string, unknown[]>>>;

/**
 * A DNS server over UDP answering from `zone` (name -> type -> data), NXDOMAIN for unknown
 * names, NODATA for a known name without that type; each answer after `delayMs`.
 */
export async function startDns(zone: DnsZone, delayMs = 0): Promise<Running & { questions: string[] }> {
  const questions: string[] = [];
  const socket = createSocket('udp4');
  socket.on('message', (message, from) => {
    const query = dnsPacket.decode(message);
    const question = query.questions?.[0];
    if (!question) return;
    questions.push(`${question.type} ${question.name}`);
    const records = zone[question.name.toLowerCase()];
    const data = records?.[question.type] ?? [];
    const reply = dnsPacket.encode({
      type: 'response',
      id: query.id,
      flags: dnsPacket.AUTHORITATIVE_ANSWER | (records ? 0 : 3), // rcode 3: NXDOMAIN
      questions: [question],
      answers: data.map((d) => ({ type: question.type, name: question.name, ttl: 60, data: d }) as unknown as Answer),
    });
    void sleep(delayMs).then(() => socket.send(reply, from.port, from.address));
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    port: socket.address().port,
    questions,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

async function listen(server: Server | TcpServer | TlsServer): Promise<Running> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        (server as Server).closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 where nothing listens (bound, read, released). */
export async function closedPort(): Promise<number> {
  const server = await startTcp();
  await server.close();
  return server.port;
}

/** A UDP port on 127.0.0.1 where nothing listens: a datagram sent there is answered "port unreachable". */
export async function closedUdpPort(): Promise<number> {
  const server = await startUdp(() => undefined);
  await server.close();
  return server.port;
}
