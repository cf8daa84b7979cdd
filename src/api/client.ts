// The monitoring API client: the operations plan and apply need, over transport.ts
// (undici, retries, pacing, typed errors). Responses are checked against the spec's
// shapes; unknown extra fields are kept.
import { MonitorsError } from '../errors.js';
import type { LiveMonitor } from '../model/monitor.js';
import type { ApiClientConfig } from './config.js';
import { BadResponseError } from './errors.js';
import { DEFAULT_ORIGIN, urlSource } from './origin.js';
import { accountShape, dataOf, incidentShape, monitorShape, pageOf, type ShapeCheck } from './shapes.js';
import { createTransport, type Answer } from './transport.js';
import type { Account, CreateResult, IncidentList, MonitorsApi } from './types.js';

export { apiConfigFromEnv, type ApiClientConfig } from './config.js';

const ID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,100}$/;
const PER_PAGE = 100;
/** 100,000 pages of 100: a server that never ends its listing is refused, not followed forever. */
const MAX_PAGES = 100_000;
/**
 * Pages in a row that bring items but none not seen before. A server that ignores the
 * cursor (and mints a new one each time) would otherwise be asked 100,000 times; offset
 * cursors repeat at most a few items when others are created meanwhile, never whole pages.
 */
const MAX_STALE_PAGES = 3;

/** `baseUrl`: the API's base URL as configured (what a lock records of its workspace). */
export type ApiClient = MonitorsApi & { readonly baseUrl: string; close(): Promise<void> };

export function createApiClient(config: ApiClientConfig): ApiClient {
  const transport = createTransport(config);
  // Whatever the server sent (ids, cursors) may end up in the message: redacted like the rest.
  const urlHint = `Check that ${urlSource(config.origin ?? DEFAULT_ORIGIN)} points at the monitoring API (ending in /api/v1); run with MONITORS_DEBUG=1 for details.`;
  const bad = (what: string, problem: string) => badResponse(what, transport.redact(problem), urlHint);

  const one = <T>(answer: Answer, shape: ShapeCheck<T>, what: string): T => {
    if (answer.unreadable) throw bad(what, answer.unreadable);
    const data = dataOf(answer.json);
    const checked = data.ok ? shape(data.value) : data;
    if (!checked.ok) throw bad(what, checked.problem);
    return checked.value;
  };

  async function listAll<T extends { id: string }>(
    path: string,
    shape: ShapeCheck<T>,
    maxPages = MAX_PAGES,
    onPage?: (items: readonly T[]) => void,
    keep?: (item: T) => boolean,
  ): Promise<{ items: T[]; complete: boolean }> {
    // By id: a server whose cursors are offsets repeats an item when another is created
    // between two pages; the later copy is the fresher one. With `keep`, only the ids of
    // the others are remembered (to tell a page of repeats).
    const items = new Map<string, T>();
    const others = new Set<string>();
    const listed = (id: string) => items.has(id) || others.has(id);
    const seen = new Set<string>();
    const request = (cursor?: string) => {
      const sent = transport.send('GET', path, { query: { per_page: PER_PAGE, cursor } });
      sent.catch(() => undefined); // awaited below; a listing that stops first leaves it unread
      return sent;
    };
    let pending = request();
    let stalePages = 0;
    for (let page = 0; page < maxPages; page++) {
      const answer = await pending;
      if (answer.unreadable) throw bad(`GET ${path}`, answer.unreadable);
      const checked = pageOf(answer.json, shape);
      if (!checked.ok) throw bad(`GET ${path}`, checked.problem);
      const fresh = checked.items.filter((item) => !listed(item.id)).length;
      for (const item of checked.items) {
        if (!keep || keep(item)) {
          items.set(item.id, item);
          continue;
        }
        others.add(item.id);
        items.delete(item.id); // a fresher copy that `keep` does not accept
      }
      if (checked.next !== null) {
        if (checked.items.length > 0) stalePages = fresh === 0 ? stalePages + 1 : 0; // an empty page proves nothing
        if (stalePages >= MAX_STALE_PAGES) {
          throw bad(
            `GET ${path}`,
            `${MAX_STALE_PAGES} pages in a row brought only items already listed, each with a new cursor (the server seems to ignore the cursor parameter)`,
          );
        }
        if (seen.has(checked.next))
          throw bad(
            `GET ${path}`,
            `the cursor "${transport.redact(checked.next).slice(0, 40)}" came back a second time (the listing would never end)`,
          );
        seen.add(checked.next);
        if (page + 1 < maxPages) pending = request(checked.next);
      }
      // Work on this page is done while the next one is on its way (pages come one by one).
      onPage?.(checked.items);
      if (checked.next === null) return { items: [...items.values()], complete: true };
    }
    if (maxPages < MAX_PAGES) return { items: [...items.values()], complete: false };
    throw bad(`GET ${path}`, `the listing did not end after ${MAX_PAGES} pages`);
  }

  return {
    listMonitors: async (options = {}) =>
      (await listAll('/monitors', monitorShape, MAX_PAGES, options.onPage, options.keep)).items,

    async getMonitor(id) {
      return one(await transport.send('GET', monitorPath(id)), monitorShape, `GET /monitors/${id}`);
    },

    async createMonitor(body, idempotencyKey): Promise<CreateResult> {
      const answer = await transport.send('POST', '/monitors', { body, idempotencyKey: checkKey(idempotencyKey) });
      return { monitor: one(answer, monitorShape, 'POST /monitors'), location: answer.headers.location };
    },

    async replaceMonitor(id, body, idempotencyKey): Promise<LiveMonitor> {
      const answer = await transport.send('PUT', monitorPath(id), { body, idempotencyKey: checkKey(idempotencyKey) });
      return one(answer, monitorShape, `PUT /monitors/${id}`);
    },

    async deleteMonitor(id, idempotencyKey) {
      await transport.send('DELETE', monitorPath(id), { idempotencyKey: checkKey(idempotencyKey) });
    },

    async getAccount(): Promise<Account> {
      return one(await transport.send('GET', '/account'), accountShape, 'GET /account');
    },

    async listIncidents(options = {}): Promise<IncidentList> {
      const { items, complete } = await listAll('/incidents', incidentShape, options.maxPages);
      return { incidents: items, complete };
    },

    baseUrl: config.baseUrl,
    close: () => transport.close(),
  };
}

function monitorPath(id: string): string {
  // Ids go into the path only when they have the spec's form: nothing else can be smuggled in.
  if (!ID_PATTERN.test(id))
    throw new MonitorsError('API_BAD_ID', `"${id}" is not a monitor id (26 characters of the Crockford alphabet)`);
  return `/monitors/${id}`;
}

function checkKey(key: string): string {
  if (!KEY_PATTERN.test(key))
    throw new MonitorsError(
      'API_BAD_KEY',
      `the Idempotency-Key "${key}" does not match the spec (8-100 of A-Z a-z 0-9 _ . : -); this is a bug`,
    );
  return key;
}

function badResponse(what: string, problem: string, hint: string): BadResponseError {
  return new BadResponseError('API_BAD_RESPONSE', `the API's answer to ${what} does not match the spec: ${problem}`, {
    hint,
  });
}
