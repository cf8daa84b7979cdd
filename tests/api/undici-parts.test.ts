// src/api/undici-parts.ts requires undici's Agent and request from their own files, not from
// the index. These paths are not undici's public entry: this test fails when a version of
// undici moves them or makes them something else than what the index exports.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as undici from 'undici';
import apiRequest from 'undici/lib/api/api-request.js';
import { describe, expect, it } from 'vitest';
import { Agent, request } from '../../src/api/undici-parts.js';

describe("undici's parts, required from their own files", () => {
  it('are the very Agent and request the index exports', () => {
    expect(Agent).toBe(undici.Agent);
    // The index mixes its api (request among it) into every dispatcher.
    const agent = new undici.Agent();
    expect(Object.is(Reflect.get(agent, 'request'), apiRequest)).toBe(true);
    return agent.close();
  });

  it('send a request with its query and body through the given dispatcher', async () => {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push(`${req.method} ${req.url} ${body}`);
        res.writeHead(201, { 'content-type': 'application/json' }).end('{"data":{"id":"x"}}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const agent = new Agent();
    try {
      const { port } = server.address() as AddressInfo;
      const response = await request(`http://127.0.0.1:${port}/api/v1/monitors?per_page=100&cursor=a%2Fb`, {
        dispatcher: agent,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"name":"n"}',
      });
      expect(response.statusCode).toBe(201);
      expect(await response.body.json()).toEqual({ data: { id: 'x' } });
      expect(seen).toEqual(['POST /api/v1/monitors?per_page=100&cursor=a%2Fb {"name":"n"}']);
    } finally {
      await agent.close();
      server.close();
    }
  });
});
