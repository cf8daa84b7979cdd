// A resolver given with --dns-server that refuses or never answers: the reason names that
// server, so that it never reads as the monitor's host refusing the check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check, contextOf, monitorOf } from './check-helpers.js';
import { closedUdpPort, startTcp, startUdp, type Running } from './servers/loopback.js';

let tcp: Running;
let silent: Running;
let refusing: number;
beforeAll(async () => {
  [tcp, silent, refusing] = await Promise.all([startTcp(), startUdp(() => undefined), closedUdpPort()]);
});
afterAll(async () => {
  await Promise.all([tcp.close(), silent.close()]);
});

describe('a failing --dns-server is named in the reason', () => {
  it('a refused resolver, for a tcp check', async () => {
    const result = await check(
      monitorOf('tcp', { url: 'db.shop.example.com', port: tcp.port }),
      contextOf({ dnsServers: [`127.0.0.1:${refusing}`] }),
    );
    expect(result).toMatchObject({
      status: 'down',
      reason: `the DNS server 127.0.0.1:${refusing} refused the connection (is a DNS server listening there?)`,
    });
  });

  it('a refused resolver, for an http check, and with two servers', async () => {
    const result = await check(
      monitorOf('http', { url: 'https://shop.example.com/' }),
      contextOf({ dnsServers: [`127.0.0.1:${refusing}`, `127.0.0.1:${refusing}`] }),
    );
    expect(result.reason).toBe(
      `the DNS servers 127.0.0.1:${refusing}, 127.0.0.1:${refusing} refused the connection (is a DNS server listening there?)`,
    );
  });

  it('a resolver that never answers: the timeout says what it waited for', async () => {
    const result = await check(
      monitorOf('tcp', { url: 'db.shop.example.com', port: tcp.port, timeout_seconds: 1 }),
      contextOf({ dnsServers: [`127.0.0.1:${silent.port}`] }),
    );
    expect(result).toMatchObject({
      status: 'down',
      reason: `timed out after 1 s (timeout_seconds) waiting for the DNS server 127.0.0.1:${silent.port}`,
    });
  });

  it('a dns check whose resolver refuses', async () => {
    const result = await check(
      monitorOf('dns', { url: 'shop.example.com', dns_record_type: 'A', dns_expected: '93.184.215.14' }),
      contextOf({ dnsServers: [`127.0.0.1:${refusing}`] }),
    );
    expect(result.reason).toBe(
      `the DNS server 127.0.0.1:${refusing} refused the connection (is a DNS server listening there?)`,
    );
  });
});
