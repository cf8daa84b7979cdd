// Backoff and pacing together (issue 25): a retry waits for its own backoff or for the
// pacing, whichever ends later, never for their sum; and what one request's failures add
// is its own wait, never that of the requests that did not fail (the pause every request
// takes after a 429: sharedPauseMs, tests/api/policy-parsers.test.ts). On the fake clock of
// mock-api.ts, where every wait the client asks for is recorded.
import { afterEach, describe, expect, it } from 'vitest';
import { BASE_PATH, json, mockClient, type MockSetup } from './mock-api.js';

let setup: MockSetup;
afterEach(async () => {
  await setup.api.close();
  await setup.agent.close();
});

const ACCOUNT = { data: { id: 'w', name: 'n', limits: {}, usage: {} } };

/** Intercepts one GET /account, recording when it was sent. */
function account(status: number, sent: number[], headers: Record<string, string> = {}) {
  setup.pool
    .intercept({ path: `${BASE_PATH}/account`, method: 'GET' })
    .reply(status, () => (sent.push(setup.now()), status === 200 ? ACCOUNT : {}), {
      headers: { ...json.headers, ...headers },
    });
}

describe('backoff and pacing', () => {
  it('after a 503, the retry goes when the pacing allows or the backoff ends, whichever is later, not after both', async () => {
    setup = mockClient();
    const sent: number[] = [];
    const limitOfOne = { 'x-ratelimit-limit': '1', 'x-ratelimit-remaining': '0' };
    account(200, sent, limitOfOne);
    account(503, sent);
    account(200, sent, limitOfOne);
    await setup.api.getAccount();
    await setup.api.getAccount();
    const [first, failed, retry] = sent as [number, number, number];
    // A limit of one, nothing known of its refill: one request a second (1000/limit ms).
    expect(failed - first).toBe(1000);
    // The 503 may have spent the limit: the retry waits a second from it, which covers the
    // backoff (75 ms) too; it does not wait the backoff and then a second.
    expect(retry - failed).toBe(1000);
    expect(setup.sleeps).toEqual([1000, 75, 925]);
  });

  it("one request's failures grow its own backoff only: the next request's first retry waits as a first does", async () => {
    setup = mockClient({ maxAttempts: 6 });
    const sent: number[] = [];
    for (let i = 0; i < 3; i++) account(503, sent);
    account(200, sent);
    account(503, sent);
    account(200, sent);
    await setup.api.getAccount();
    await setup.api.getAccount();
    // 75, 150, 300 for the first request's three failures; 75 again for the second's one.
    expect(setup.sleeps).toEqual([75, 150, 300, 75]);
  });
});
