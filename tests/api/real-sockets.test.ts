// Timeouts, refused connections and TLS failures on real sockets (127.0.0.1 only), through
// the client's own keep-alive Agent: MockAgent cannot produce these. Sleeps are injected
// and timeouts tiny, but undici's timers tick about once a second, so a timeout costs ~1 s.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/api/client.js';
import { TOKEN, caught } from './mock-api.js';

const servers: Server[] = [];
const clients: ApiClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

async function listen(server: Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

function client(baseUrl: string, sleeps: number[] = [], maxAttempts = 2): ApiClient {
  const api = createApiClient({
    baseUrl,
    token: TOKEN,
    concurrency: 2,
    maxAttempts,
    timeouts: { connectMs: 200, headersMs: 150, bodyMs: 150 },
    backoff: { baseMs: 10, maxMs: 50 },
    userAgent: 'monitors/test',
    sleep: async (ms) => void sleeps.push(ms),
  });
  clients.push(api);
  return api;
}

describe('on real sockets', () => {
  it('a server that never answers times out, is retried, then API_UNREACHABLE', async () => {
    let hits = 0;
    const port = await listen(createServer(() => void hits++));
    const sleeps: number[] = [];
    const error = await caught(() => client(`http://127.0.0.1:${port}/api/v1`, sleeps).getAccount());
    expect(error.code).toBe('API_UNREACHABLE');
    expect(error.message).toMatch(/UND_ERR_HEADERS_TIMEOUT.*after 2 attempts/);
    expect(hits).toBe(2);
    expect(sleeps).toHaveLength(1);
  });

  it('a body that stalls times out too', async () => {
    const port = await listen(
      createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"data": ');
      }),
    );
    expect((await caught(() => client(`http://127.0.0.1:${port}/api/v1`, [], 1).getAccount())).message).toMatch(
      /UND_ERR_BODY_TIMEOUT/,
    );
  });

  it('a refused connection is API_UNREACHABLE naming the URL', async () => {
    const port = await listen(createServer());
    servers.pop()!.close(); // the port is now closed
    const error = await caught(() => client(`http://127.0.0.1:${port}/api/v1`).getAccount());
    expect(error.code).toBe('API_UNREACHABLE');
    expect(error.message).toContain(`http://127.0.0.1:${port}/api/v1`);
    expect(error.message).toContain('ECONNREFUSED');
  });

  it('keeps connections alive between requests', async () => {
    const sockets = new Set<unknown>();
    const port = await listen(
      createServer((req, res) => {
        sockets.add(req.socket);
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end('{"data":{"id":"w","name":"n","limits":{},"usage":{}}}');
      }),
    );
    const api = client(`http://127.0.0.1:${port}/api/v1`);
    for (let i = 0; i < 10; i++) await api.getAccount();
    // At most one socket per allowed concurrent request (2 here), reused, not ten.
    expect(sockets.size).toBeLessThanOrEqual(2);
  });

  it('https to a server that does not speak TLS is API_TLS, not retried', async () => {
    let hits = 0;
    const port = await listen(createServer(() => void hits++));
    const sleeps: number[] = [];
    const error = await caught(() => client(`https://127.0.0.1:${port}/api/v1`, sleeps).getAccount());
    expect(error.code).toBe('API_TLS');
    expect(error.hint).toMatch(/certificate/);
    expect(sleeps).toEqual([]);
  });

  it.skipIf(!existsSync('/usr/bin/openssl'))('a self-signed certificate is API_TLS', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'api-tls-'));
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-keyout',
          join(dir, 'k.pem'),
          '-out',
          join(dir, 'c.pem'),
          '-days',
          '1',
          '-subj',
          '/CN=127.0.0.1',
        ],
        { stdio: 'ignore' },
      );
      const server = createTlsServer(
        { key: readFileSync(join(dir, 'k.pem')), cert: readFileSync(join(dir, 'c.pem')) },
        (_req, res) => res.end('{}'),
      );
      const port = await listen(server);
      const error = await caught(() => client(`https://127.0.0.1:${port}/api/v1`).getAccount());
      expect(error.code).toBe('API_TLS');
      expect(error.message).toMatch(/SELF_SIGNED|CERT/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
