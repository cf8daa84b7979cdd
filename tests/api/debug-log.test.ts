import { afterEach, describe, expect, it } from 'vitest';
import { BASE_PATH, TOKEN, caught, json, liveMonitor, mockClient, type MockSetup } from './mock-api.js';

let setup: MockSetup;
afterEach(async () => {
  await setup.api.close();
  await setup.agent.close();
});

const KEY = 'plan-1234:create:checkout';

describe('debug log', () => {
  it('logs one line per request and per answer with method, path, status, ms, attempt and key', async () => {
    setup = mockClient();
    setup.pool.intercept({ path: `${BASE_PATH}/monitors`, method: 'POST' }).reply(503, {});
    setup.pool.intercept({ path: `${BASE_PATH}/monitors`, method: 'POST' }).reply(201, { data: liveMonitor(1) }, json);
    await setup.api.createMonitor({ name: 'x' }, KEY);
    const requests = setup.logLines.filter((l) => l.startsWith('->'));
    const answers = setup.logLines.filter((l) => l.startsWith('<-'));
    expect(requests).toEqual([
      `-> POST https://api.example.test${BASE_PATH}/monitors attempt 1 key ${KEY}`,
      `-> POST https://api.example.test${BASE_PATH}/monitors attempt 2 key ${KEY}`,
    ]);
    expect(answers).toHaveLength(2);
    expect(answers[0]).toMatch(/^<- 503 POST \S+\/monitors \d+ms attempt 1 key plan-1234:create:checkout$/);
    expect(answers[1]).toMatch(/^<- 201 POST .* attempt 2/);
  });

  it('logs a network failure as an answer line too', async () => {
    setup = mockClient({ maxAttempts: 1 });
    setup.pool
      .intercept({ path: `${BASE_PATH}/account`, method: 'GET' })
      .replyWithError(Object.assign(new Error('reset'), { code: 'ECONNRESET' }));
    await caught(() => setup.api.getAccount());
    expect(setup.logLines.some((l) => /^<- ECONNRESET GET \S+\/account \d+ms attempt 1$/.test(l))).toBe(true);
  });

  it('never shows the token: not in log lines, not in error messages or hints', async () => {
    setup = mockClient();
    const echo = `token ${TOKEN} has expired`;
    setup.pool
      .intercept({ path: `${BASE_PATH}/account`, method: 'GET' })
      .reply(401, { error: { code: 'expired', message: echo } }, json);
    setup.pool
      .intercept({ path: (p) => p.startsWith(`${BASE_PATH}/monitors`), method: 'GET' })
      .reply(200, { data: [], meta: { next_cursor: TOKEN } }, json);
    setup.pool
      .intercept({ path: (p) => p.startsWith(`${BASE_PATH}/monitors`), method: 'GET' })
      .reply(422, { errors: { name: [`bad ${TOKEN}`] } }, json);
    const unauthorized = await caught(() => setup.api.getAccount());
    const listing = await caught(() => setup.api.listMonitors());
    for (const error of [unauthorized, listing]) {
      expect(`${error.message} ${String(error.hint)} ${JSON.stringify(error)}`).not.toContain(TOKEN);
    }
    expect(unauthorized.message).toContain('[redacted]');
    expect(setup.logLines.length).toBeGreaterThan(2);
    expect(setup.logLines.join('\n')).not.toContain(TOKEN);
    expect(setup.logLines.join('\n')).toContain('cursor=[redacted]');
  });
});
