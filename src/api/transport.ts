// One request with retries, pacing and typed errors. Everything above it (operations,
// pagination, shapes) is in client.ts.
import pLimit from 'p-limit';
import type { Dispatcher } from 'undici';
import { Agent, request } from './undici-parts.js';
import type { ApiClientConfig } from './config.js';
import { parseErrorBody } from './error-body.js';
import { errorCode, errorForStatus, networkError, isTlsFailure } from './status-errors.js';
import { ACCEPTED_ENCODINGS, decodeBody } from './decode-body.js';
import { createPacer, type Ticket } from './pacing/pacer.js';
import {
  conflictKind,
  isRetryable,
  parseRetryAfter,
  retryDelayMs,
  sharedPauseMs,
  type Outcome,
} from './retry-policy.js';

export interface SendOptions {
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  idempotencyKey?: string;
}

export interface Answer {
  status: number;
  headers: Record<string, string | undefined>;
  json: unknown;
  /** Why a success's body could not be read as JSON (then `json` is undefined). */
  unreadable?: string;
  /** A failure's body when it is not JSON (plain text, HTML), for the error message. */
  text?: string;
}

export interface Transport {
  send(method: string, path: string, options?: SendOptions): Promise<Answer>;
  /** Replaces the token, raw or URL-encoded, by [redacted]. */
  redact(text: string): string;
  close(): Promise<void>;
}

const realSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

export function createTransport(config: ApiClientConfig): Transport {
  const clock = config.clock ?? Date.now;
  const sleep = config.sleep ?? realSleep;
  const random = config.random ?? Math.random;
  const ownAgent = config.dispatcher
    ? undefined
    : new Agent({
        connect: { timeout: config.timeouts.connectMs },
        headersTimeout: config.timeouts.headersMs,
        bodyTimeout: config.timeouts.bodyMs,
        keepAliveTimeout: 10_000,
        connections: config.concurrency,
      });
  const dispatcher: Dispatcher = config.dispatcher ?? ownAgent!;
  const limit = pLimit(config.concurrency);
  const pacer = createPacer(clock, sleep);
  // The token never reaches a log line or an error message, raw or URL-encoded.
  const secrets = [...new Set([config.token, encodeURIComponent(config.token)])].filter((t) => t !== '');
  const redact = (text: string) => secrets.reduce((out, secret) => out.split(secret).join('[redacted]'), text);
  const log = config.debugLog ? (line: string) => config.debugLog!(redact(line)) : undefined;
  const origin = config.origin;

  async function attemptOnce(method: string, url: string, options: SendOptions, attempt: number): Promise<Answer> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${config.token}`,
      accept: 'application/json',
      'accept-encoding': ACCEPTED_ENCODINGS,
      'user-agent': config.userAgent,
    };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
    const ticket = await pacer.acquire();
    const started = clock();
    const keyNote = options.idempotencyKey ? ` key ${options.idempotencyKey}` : '';
    log?.(`-> ${method} ${url} attempt ${attempt}${keyNote}`);
    let response: Dispatcher.ResponseData;
    let bytes: Uint8Array;
    try {
      response = await request(url, {
        dispatcher,
        method: method,
        headers,
        ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      });
      bytes = new Uint8Array(await response.body.arrayBuffer());
    } catch (error) {
      pacer.settle(ticket, { status: 0 });
      log?.(
        `<- ${errorCode(error) ?? 'network error'} ${method} ${url} ${clock() - started}ms attempt ${attempt}${keyNote}`,
      );
      throw error;
    }
    const flat = flattenHeaders(response.headers);
    log?.(`<- ${response.statusCode} ${method} ${url} ${clock() - started}ms attempt ${attempt}${keyNote}`);
    settleRate(ticket, response.statusCode, flat);
    return readJson(response.statusCode, flat, bytes);
  }

  /**
   * Tells the pacer what the answer said of the rate limit. A 429 holds back every request
   * for its Retry-After (sharedPauseMs); one too long to wait holds back nothing: the
   * request fails, saying how long.
   */
  function settleRate(ticket: Ticket, status: number, headers: Record<string, string | undefined>): void {
    const rate = {
      limit: numberHeader(headers['x-ratelimit-limit']),
      remaining: numberHeader(headers['x-ratelimit-remaining']),
    };
    if (status !== 429) pacer.settle(ticket, { status, ...rate });
    else {
      const retryAfterMs = parseRetryAfter(headers['retry-after'], clock());
      pacer.settle(ticket, { status, ...rate, retryAfterMs, pauseMs: sharedPauseMs(retryAfterMs, config.backoff) });
    }
    const pacing = pacer.describe();
    if (pacing !== lastPacing) log?.(`.. pacing: ${(lastPacing = pacing)}`);
  }
  let lastPacing = '';

  async function send(method: string, path: string, options: SendOptions = {}): Promise<Answer> {
    const url = buildUrl(config.baseUrl, path, options.query);
    return limit(async () => {
      for (let attempt = 1; ; attempt++) {
        let outcome: Outcome;
        let answer: Answer | undefined;
        let failure: unknown;
        try {
          answer = await attemptOnce(method, url, options, attempt);
          // A 3xx is not followed (the token would travel to wherever it points) and is no success.
          if (answer.status < 300) return answer;
          outcome = statusOutcome(answer, clock());
        } catch (error) {
          if (isTlsFailure(error)) throw networkError(error, { method, path, baseUrl: config.baseUrl, redact, origin });
          failure = error;
          outcome = { kind: 'network' };
        }
        if (!isRetryable(outcome) || attempt >= config.maxAttempts) {
          if (answer)
            throw errorForStatus(answer, {
              method,
              path,
              url,
              redact,
              retryAfterMs: outcome.kind === 'status' ? outcome.retryAfterMs : undefined,
              origin,
            });
          throw networkError(failure, { method, path, baseUrl: config.baseUrl, redact, attempts: attempt, origin });
        }
        const delay = retryDelayMs(attempt, outcome, config.backoff, random());
        log?.(
          `.. ${method} ${url}: ${outcome.kind === 'network' ? 'network error' : outcome.status}; retrying in ${Math.round(delay)}ms`,
        );
        await sleep(delay);
      }
    });
  }

  return {
    send,
    redact,
    async close() {
      await ownAgent?.close();
    },
  };
}

/**
 * The body as JSON. A success that is not JSON says why (`unreadable`), so the shape check
 * can name it; a failure's text is kept for the error message.
 */
function readJson(status: number, headers: Record<string, string | undefined>, bytes: Uint8Array): Answer {
  const decoded = decodeBody(bytes, headers['content-encoding']);
  if (!decoded.ok)
    return { status, headers, json: undefined, ...(status < 300 ? { unreadable: decoded.problem } : {}) };
  const text = decoded.text;
  if (text.trim() === '') return { status, headers, json: undefined };
  try {
    return { status, headers, json: JSON.parse(text) };
  } catch {
    if (status >= 300) return { status, headers, json: undefined, text };
    const type = headers['content-type'] ? ` (Content-Type: ${headers['content-type']})` : '';
    return { status, headers, json: undefined, unreadable: `its body is not JSON${type}` };
  }
}

function statusOutcome(answer: Answer, now: number): Outcome {
  const retryAfterMs = parseRetryAfter(answer.headers['retry-after'], now);
  if (answer.status === 409) {
    const body = parseErrorBody(answer.json, answer.text);
    return { kind: 'status', status: 409, conflict: conflictKind(body.code, body.message) };
  }
  return { kind: 'status', status: answer.status, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };
}

function buildUrl(baseUrl: string, path: string, query: SendOptions['query']): string {
  // Percent-encoding only (a space as %20, never "+"): a server that decodes its query with
  // decodeURIComponent gets a cursor back unchanged, and so does one that reads it as a form.
  const pairs = Object.entries(query ?? {}).filter(([, v]) => v !== undefined);
  const search = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`).join('&');
  return new URL(`${baseUrl}${path}${search ? `?${search}` : ''}`).toString();
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string | undefined> {
  const flat: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(headers)) flat[k.toLowerCase()] = Array.isArray(v) ? v[0] : v;
  return flat;
}

function numberHeader(value: string | undefined): number | undefined {
  // Number('') is 0: an empty X-RateLimit-Remaining must not read as "nothing left".
  if (value === undefined || !/^\s*\d+(\.\d+)?\s*$/.test(value)) return undefined;
  return Number(value);
}
