// tcp and udp checks against loopback servers: up, degraded, down.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check, contextOf, monitorOf, toLoopback } from './check-helpers.js';
import { closedPort, startDns, startTcp, startUdp, type Running } from './servers/loopback.js';

let tcp: Running;
let udp: Running & { received: Buffer[] };
let slowUdp: Running;
let slowDns: Running;
const context = () => contextOf({ resolve: toLoopback('db.shop.example.com', 'ntp.shop.example.com') });

beforeAll(async () => {
  [tcp, udp, slowUdp, slowDns] = await Promise.all([
    startTcp(),
    startUdp((payload) =>
      payload.length === 0 ? Buffer.from('hello') : Buffer.concat([Buffer.from([0x24]), payload]),
    ),
    startUdp(() => Buffer.from('late'), 150),
    // The name resolves only through this resolver, which answers after 150 ms.
    startDns({ 'db.slow.example.com': { A: ['127.0.0.1'] } }, 150),
  ]);
});
afterAll(async () => {
  await Promise.all([tcp.close(), udp.close(), slowUdp.close(), slowDns.close()]);
});

describe('tcp check', () => {
  it('is up when the connection opens', async () => {
    const result = await check(monitorOf('tcp', { url: 'db.shop.example.com', port: tcp.port }), context());
    expect(result).toMatchObject({
      status: 'up',
      target: `db.shop.example.com:${tcp.port}`,
      reason: expect.stringMatching(new RegExp(`^connected to 127\\.0\\.0\\.1:${tcp.port} in \\d+ ms$`)),
    });
  });

  it('is degraded when connecting (name resolution included) takes longer than slow_threshold_ms', async () => {
    const result = await check(
      monitorOf('tcp', { url: 'db.slow.example.com', port: tcp.port, slow_threshold_ms: 100 }),
      contextOf({ dnsServers: [`127.0.0.1:${slowDns.port}`] }),
    );
    expect(result.status).toBe('degraded');
    expect(result.duration_ms).toBeGreaterThanOrEqual(150);
  });

  it('is down when the connection is refused', async () => {
    const port = await closedPort();
    expect(
      await check(monitorOf('tcp', { url: 'db.shop.example.com', port, retry_count: 1 }), context()),
    ).toMatchObject({
      status: 'down',
      reason: 'connection refused (2 attempts)',
      attempts: 2,
    });
  });

  it('is down when the name does not resolve', async () => {
    const result = await check(
      monitorOf('tcp', { url: 'missing.slow.example.com', port: tcp.port }),
      contextOf({ dnsServers: [`127.0.0.1:${slowDns.port}`] }),
    );
    expect(result).toMatchObject({ status: 'down', reason: 'host name not found (DNS)' });
  });
});

describe('udp check', () => {
  const udpMonitor = (overrides: Record<string, unknown>) =>
    monitorOf('udp', { url: 'ntp.shop.example.com', port: udp.port, ...overrides });

  it('is up when the answer contains udp_expected, and sends udp_payload', async () => {
    const result = await check(udpMonitor({ udp_payload: 'e30004fa', udp_expected: '24e3' }), context());
    expect(result).toMatchObject({
      status: 'up',
      reason: expect.stringMatching(/^answer of 5 bytes contains udp_expected in \d+ ms$/),
    });
    expect(udp.received.at(-1)!.toString('hex')).toBe('e30004fa');
  });

  it('is up on any answer when udp_expected is empty (an empty payload is an empty datagram)', async () => {
    expect(await check(udpMonitor({ udp_payload: '', udp_expected: '' }), context())).toMatchObject({
      status: 'up',
      reason: expect.stringMatching(/^answer of 5 bytes in/),
    });
  });

  it('is degraded when the answer comes later than slow_threshold_ms', async () => {
    const result = await check(
      udpMonitor({ port: slowUdp.port, udp_payload: '00', udp_expected: '', slow_threshold_ms: 100 }),
      context(),
    );
    expect(result.status).toBe('degraded');
  });

  it('is down when the answer lacks udp_expected, and when the port is closed (ICMP unreachable)', async () => {
    expect(await check(udpMonitor({ udp_payload: '01', udp_expected: 'ffff' }), context())).toMatchObject({
      status: 'down',
      reason: 'answer 2401 does not contain udp_expected',
    });
    const port = await closedPort();
    expect(await check(udpMonitor({ port, udp_payload: '01', udp_expected: '' }), context())).toMatchObject({
      status: 'down',
      reason: 'connection refused',
    });
  });

  it('is down when no answer comes within timeout_seconds', async () => {
    const silent = await startUdp(() => undefined);
    try {
      expect(
        await check(udpMonitor({ port: silent.port, udp_payload: '01', timeout_seconds: 2 }), context()),
      ).toMatchObject({ status: 'down', reason: 'timed out after 2 s (timeout_seconds)' });
    } finally {
      await silent.close();
    }
  });

  it('does not guess at an odd number of hex digits: not checked, with the reason', async () => {
    expect(await check(udpMonitor({ udp_payload: 'abc' }), context())).toMatchObject({
      status: 'not_checked',
      reason: 'udp_payload has an odd number of hex digits (3); a byte is two digits',
    });
  });
});
