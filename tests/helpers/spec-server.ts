// An independent implementation of the monitoring API (spec sections 2, 4, 5, 7, 8),
// written from docs of the contract alone: it imports nothing from src/, so a shared
// misreading of the spec cannot hide in both the client and this server. Where the spec
// leaves a choice open it deliberately chooses differently from src/sim:
//   - the API lives under a prefix (/tenant-7/api/v1), not at the root;
//   - cursors are opaque server-side tokens ("pg_" + random hex, mapped to the last id
//     served), or base64 JSON offsets, or phrases full of characters a URL must encode
//     (space, +, /, =, &, ?, non-ASCII) read back with a strict decodeURIComponent, which
//     does not take "+" for a space; lists are in id order, and ids are random, so list
//     order is not creation order;
//   - the server may cap pages below the per_page asked for (pageCap), so 100 asked can
//     still mean several pages;
//   - monitors are returned with the spec 2.2 fields only, plus unknown extras (region,
//     links) that clients must tolerate (spec 9.2); http(s) URLs come back normalized;
//   - optionally (listing: 'full') every stored input field is returned too, and
//     (storage: 'respelled') inputs are stored in another spelling of the same meaning:
//     locations sorted, headers "name:value" with CRLF, tags joined with ", ";
//   - status is "pending" for a short while after a write, then "up", unless a test sets
//     what the checks found (setCheckState): any string, spec value or not, with
//     last_check_at / next_check_at given, null, or left out (they are optional, 2.2);
//   - incidents are "ongoing" or "resolved", severity "major", unless a test gives other
//     values (2.3 lists none);
//   - 422 bodies are {error: {code: "validation_failed", message, details: [{field, message}]}},
//     or RFC 9457 problem details with invalid-params [{name, reason}] in the other style;
//   - optionally every body is gzip-compressed (RFC 9110 12.5.3 allows it);
//   - idempotency records keep every completed answer (2xx, 404 and 422 alike) for the
//     life of the server: nothing expires;
//   - faults: 503 before the change, or after it was committed (the answer is lost but the
//     stored response replays), a connection cut after the commit (no answer at all),
//     network latency, and a rate limit (fixed window, or a token bucket) with integer
//     Retry-After;
//   - the request log holds what a history needs to be judged: the key, a digest of the
//     body, the Retry-After given, and whether a request came before one had elapsed.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';

export interface SpecToken {
  token: string;
  scopes: string[];
  /** Monitors of other workspaces are 404 to this token (spec 5.3). */
  workspace?: string;
  /** The token is revoked after this many write requests: every later request is 401 (spec 5.4). */
  validWrites?: number;
}

export interface SpecServerOptions {
  tokens: SpecToken[];
  basePath?: string;
  cursorMode?: 'token' | 'offset64' | 'phrase';
  /** Compress every body with gzip, whatever the request's Accept-Encoding says. */
  gzip?: boolean;
  /** 422 bodies: ApiError with details[] (default), or problem details with invalid-params[]. */
  errorStyle?: 'api' | 'problem';
  /** The most items the server puts on one page, whatever per_page asks (1..100). */
  pageCap?: number;
  /** per_page outside 1..100: 400 (reject) or pulled into range (clamp). */
  perPageOutOfRange?: 'reject' | 'clamp';
  enabledIntervals?: number[];
  /** A share of requests answered 503; "after" commits a write first, then fails the answer. */
  faults?: {
    rate503: number;
    seed: number;
    when: 'before' | 'after' | 'mixed';
    /** A share of writes committed (key stored) whose connection is then cut without an answer. */
    dropRate?: number;
  };
  /**
   * Requests per token; over it: 429 with Retry-After (whole seconds). A fixed window of
   * `limit` per `windowMs` (default), or a token bucket of `limit` that gets `limit` back
   * per `windowMs`.
   */
  rateLimit?: { limit: number; windowMs: number; kind?: 'window' | 'bucket' };
  /** Added to every API request before it is handled, like a slow network. */
  latencyMs?: number;
  /** How long a write takes; a second request with the same key meanwhile gets 409. */
  writeDelayMs?: number;
  /** Fields returned for a monitor: spec 2.2 only (default), or also every stored input field but auth_secret. */
  listing?: 'spec' | 'full';
  /**
   * How an input is stored: as sent (default), or in this server's own spelling of the same
   * meaning: locations sorted, header lines re-spaced ("name:value", CRLF), tags re-joined
   * with ", ". A server may do so; clients must still see no change.
   */
  storage?: 'as-sent' | 'respelled';
}

export interface StoredMonitor {
  id: string;
  workspace: string;
  /** The whole input as accepted, auth_secret included (it is never returned over HTTP). */
  input: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
  /** Until then the status is "pending" (no check has run yet). */
  firstCheckAt: number;
  /** What the checks found, set by a test (setCheckState); a time left undefined is left out of the view. */
  checked?: CheckState;
}

/** A monitor's status as a test sets it: any string; a time undefined is not in the answer at all. */
export interface CheckState {
  status: string;
  last_check_at?: string | null;
  next_check_at?: string | null;
}

export interface LoggedRequest {
  method: string;
  /** Relative to the base path, without the query. */
  path: string;
  query: string;
  key: string | undefined;
  status: number;
  /** How the answer came about, when not by the handler: a fault, a replay. */
  note?: '503-before' | '503-after' | 'drop' | '429' | 'replay';
  /** Writes: sha256 of the method, path and body (keys sorted), to tell two payloads apart. */
  bodyDigest?: string;
  /** A 429's Retry-After, in seconds. */
  retryAfter?: number;
  /** Arrived after a 429 to its token and before that 429's Retry-After had elapsed. */
  early?: boolean;
  /** When it arrived (ms since the epoch). */
  arrivedAt: number;
  /** A 503 sent after the commit: the status the handler gave (2xx: the change was made). */
  answered?: number;
}

export interface SpecServer {
  baseUrl: string;
  origin: string;
  /** Live settings: tests may change faults, rate limit, page cap, cursor mode between runs. */
  options: Required<Pick<SpecServerOptions, 'cursorMode' | 'perPageOutOfRange' | 'enabledIntervals'>> &
    Omit<SpecServerOptions, 'tokens' | 'basePath'>;
  monitors(workspace?: string): StoredMonitor[];
  requests(): LoggedRequest[];
  clearRequests(): void;
  /** A monitor made "in the dashboard": no request, no key. Returns its id. */
  insertMonitor(input: Record<string, unknown>, workspace?: string): string;
  /** An edit "in the dashboard": the fields given replace the stored ones; updated_at moves. */
  editMonitor(id: string, patch: Record<string, unknown>): void;
  /** A delete "in the dashboard". */
  removeMonitor(id: string): void;
  addIncident(
    monitorId: string,
    summary: string,
    resolved?: boolean,
    values?: { status?: string; severity?: string },
  ): string;
  /** What the monitor's checks found, as the server will report it from now on (a write does not reset it). */
  setCheckState(id: string, state: CheckState): void;
  /** Forget all monitors, incidents, keys, cursors and the log. */
  reset(): void;
  /** Start every rate-limit window and bucket afresh, and forget the Retry-After periods (after changing options.rateLimit). */
  resetRateLimits(): void;
  close(): Promise<void>;
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const ID_RE = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const KEY_RE = /^[A-Za-z0-9_.:-]{8,100}$/;
const DEFAULT_INTERVALS = [120, 300, 600, 900, 1800, 3600];
const PENDING_MS = 150;

// ---- Spec 2.1 as a table: type, required, bounds, enum, pattern -------------------------
type Kind = 'string' | 'integer' | 'boolean' | 'strings';
interface FieldRule {
  kind: Kind;
  required?: boolean;
  nullable?: boolean;
  min?: number;
  max?: number;
  oneOf?: string[];
  pattern?: RegExp;
}
const s = (r: Partial<FieldRule> = {}): FieldRule => ({ kind: 'string', nullable: !r.required, ...r });
const i = (min: number | undefined, max: number | undefined, r: Partial<FieldRule> = {}): FieldRule => ({
  kind: 'integer',
  min,
  max,
  ...r,
});
const HEX = /^[A-Fa-f0-9]*$/;
const FIELDS: Record<string, FieldRule> = {
  name: s({ required: true, min: 2, max: 100 }),
  type: s({
    required: true,
    oneOf: ['http', 'keyword', 'json', 'ping', 'tcp', 'udp', 'dns', 'ssl', 'domain', 'heartbeat'],
  }),
  url: s({ required: true, min: 1, max: 2048 }),
  method: s({ required: true, oneOf: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] }),
  interval_seconds: i(120, undefined, { required: true }),
  timeout_seconds: i(2, 60, { required: true }),
  retry_count: i(0, 5, { required: true }),
  confirmation_attempts: i(1, 5, { required: true }),
  slow_threshold_ms: i(100, 60000, { required: true }),
  expected_status_min: i(100, 599, { required: true }),
  expected_status_max: i(100, 599, { required: true }),
  follow_redirects: { kind: 'boolean' },
  max_redirects: i(0, undefined, { required: true }),
  auth_type: s({ required: true, oneOf: ['none', 'basic', 'bearer'] }),
  auth_username: s({ max: 255 }),
  auth_secret: s({ max: 2048 }),
  headers: s(),
  body: s({ max: 65535 }),
  group: s({ max: 60 }),
  tags: s(),
  execution_mode: s({ required: true, oneOf: ['local', 'single_location', 'multi_location'] }),
  locations: { kind: 'strings', max: 32 },
  consensus_threshold: i(1, 5, { required: true }),
  keyword: s({ max: 500 }),
  keyword_mode: s({ oneOf: ['present', 'absent'] }),
  keyword_case_sensitive: { kind: 'boolean' },
  json_pointer: s(),
  json_operator: s({ oneOf: ['equals', 'not_equals', 'exists', 'not_exists'] }),
  json_expected: s(),
  dns_record_type: s({ oneOf: ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS', 'CAA'] }),
  dns_expected: s(),
  port: i(1, 65535, { nullable: true }),
  udp_payload: s({ pattern: HEX }),
  udp_expected: s({ pattern: HEX }),
  minimum_tls_days: i(1, 365, { nullable: true }),
  minimum_domain_days: i(1, 365, { nullable: true }),
  heartbeat_grace_seconds: i(60, 604800, { nullable: true }),
};

interface Problem {
  field: string;
  message: string;
}

/** Field checks of spec 2.1, then this server's own answers to the rules the spec leaves "not shown". */
function validate(body: unknown, intervals: readonly number[]): Problem[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return [{ field: '', message: 'the body must be a JSON object' }];
  const input = body as Record<string, unknown>;
  const out: Problem[] = [];
  for (const field of Object.keys(input))
    if (!(field in FIELDS)) out.push({ field, message: 'unknown field (additional properties are not allowed)' });
  for (const [field, rule] of Object.entries(FIELDS)) {
    const v = input[field];
    if (v === undefined) {
      if (rule.required) out.push({ field, message: 'is required' });
      continue;
    }
    if (v === null) {
      if (!rule.nullable) out.push({ field, message: 'must not be null' });
      continue;
    }
    const problem = checkValue(rule, v);
    if (problem) out.push({ field, message: problem });
  }
  if (out.length > 0) return out; // cross-field rules only on well-typed input
  // Echoing the offending value is fine here: none of these fields is a secret.
  if (!intervals.includes(input.interval_seconds as number))
    out.push({
      field: 'interval_seconds',
      message: `${String(input.interval_seconds)} is not an enabled interval (enabled: ${intervals.join(', ')})`,
    });
  if ((input.expected_status_min as number) > (input.expected_status_max as number))
    out.push({ field: 'expected_status_max', message: 'must be at least expected_status_min' });
  if (input.type === 'keyword' && !input.keyword)
    out.push({ field: 'keyword', message: 'is required for keyword monitors' });
  if ((input.type === 'tcp' || input.type === 'udp') && input.port == null)
    out.push({ field: 'port', message: `is required for ${String(input.type)} monitors` });
  if (input.auth_type !== 'none' && !input.auth_secret)
    out.push({ field: 'auth_secret', message: `is required when auth_type is ${String(input.auth_type)}` });
  if (privateHost(String(input.url)))
    out.push({ field: 'url', message: 'private and reserved destinations are not allowed' });
  if (
    typeof input.headers === 'string' &&
    /^(authorization|proxy-authorization|x-forwarded-[a-z-]*|forwarded|x-real-ip)\s*:/im.test(input.headers)
  )
    out.push({ field: 'headers', message: 'reserved forwarding and authorization headers are not allowed' });
  return out;
}

function checkValue(rule: FieldRule, v: unknown): string | undefined {
  switch (rule.kind) {
    case 'boolean':
      return typeof v === 'boolean' ? undefined : 'must be a boolean';
    case 'integer':
      if (typeof v !== 'number' || !Number.isInteger(v)) return 'must be an integer';
      if (rule.min !== undefined && v < rule.min) return `must be at least ${rule.min}`;
      if (rule.max !== undefined && v > rule.max) return `must be at most ${rule.max}`;
      return undefined;
    case 'strings':
      if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) return 'must be an array of strings';
      return v.some((x: string) => x.length > (rule.max ?? Infinity))
        ? `items must be at most ${rule.max} characters`
        : undefined;
    case 'string':
      if (typeof v !== 'string') return 'must be a string';
      if (rule.min !== undefined && v.length < rule.min) return `must be at least ${rule.min} characters`;
      if (rule.max !== undefined && v.length > rule.max) return `must be at most ${rule.max} characters`;
      if (rule.oneOf && !rule.oneOf.includes(v)) return `must be one of: ${rule.oneOf.join(', ')}`;
      if (rule.pattern && !rule.pattern.test(v)) return 'must contain hexadecimal characters only';
      return undefined;
  }
}

/** A short list, enough to refuse the obvious private destinations; the rest passes. */
function privateHost(url: string): boolean {
  let host = url;
  try {
    host = url.includes('://') ? new URL(url).hostname : url.split(':')[0]!;
  } catch {
    return false;
  }
  return /^(localhost|.*\.localhost|.*\.internal|127\.\d+\.\d+\.\d+|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|169\.254\.\d+\.\d+|\[?::1\]?)$/i.test(
    host,
  );
}

// ---- Small utilities ----------------------------------------------------------------
/** The query read with decodeURIComponent alone: "+" stays "+" (RFC 3986, not a form). */
function strictQuery(search: string): URLSearchParams | undefined {
  const query = new URLSearchParams();
  try {
    for (const pair of search.replace(/^\?/, '').split('&').filter(Boolean)) {
      const at = pair.indexOf('=');
      query.append(
        decodeURIComponent(at < 0 ? pair : pair.slice(0, at)),
        at < 0 ? '' : decodeURIComponent(pair.slice(at + 1)),
      );
    }
  } catch {
    return undefined;
  }
  return query;
}

/** Random, not time ordered: clients must not assume ids sort by creation. */
function newId(): string {
  const bytes = randomBytes(26);
  let id = '';
  for (const b of bytes) id += CROCKFORD[b & 31];
  return id;
}

/** mulberry32: a seeded RNG, so a fault run can be repeated exactly. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Canonical JSON (sorted keys), so key order in a body does not make it "another payload". */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** http(s) URLs are stored in WHATWG normal form (lower-case host, "/" path): a server may do so. */
function normalizeUrl(type: unknown, url: string): string {
  if (!['http', 'keyword', 'json', 'heartbeat'].includes(String(type))) return url;
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}

/** Every stored input field but the write-only secret, for a full listing. */
function inputFields(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(input))
    if (field !== 'auth_secret' && field !== 'url') out[field] = value;
  return out;
}

/** This server's spelling of an input: same meaning, other text. */
function respell(input: Record<string, unknown>): Record<string, unknown> {
  const out = { ...input };
  if (Array.isArray(out.locations)) out.locations = [...(out.locations as string[])].sort();
  if (typeof out.headers === 'string') {
    out.headers = out.headers
      .split(/\r?\n/)
      .filter((line) => line.trim() !== '')
      .map((line) =>
        line.includes(':')
          ? `${line.slice(0, line.indexOf(':')).trim().toLowerCase()}:${line.slice(line.indexOf(':') + 1).trim()}`
          : line,
      )
      .join('\r\n');
  }
  if (typeof out.tags === 'string')
    out.tags = out.tags
      .split(',')
      .map((t) => t.trim())
      .filter((t) => t !== '')
      .sort()
      .join(', ');
  return out;
}

interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}
const apiError = (status: number, code: string, message: string, extra: Record<string, unknown> = {}): Answer => ({
  status,
  body: { error: { code, message, ...extra } },
});

/** An answer and what the log keeps of the request that got it. */
type Responded = Answer &
  Partial<Pick<LoggedRequest, 'key' | 'note' | 'bodyDigest' | 'retryAfter' | 'early' | 'arrivedAt' | 'answered'>> & {
    path: string;
    query: string;
  };

interface IdemRecord {
  fingerprint: string;
  answer?: Answer;
}
interface Incident {
  id: string;
  workspace: string;
  monitorId: string;
  summary: string;
  openedAt: string;
  resolvedAt: string | null;
  status?: string;
  severity?: string;
}

/** The status fields of a monitor whose checks a test has set: times left undefined are removed from the view. */
function checkedView(state: CheckState | undefined): Record<string, unknown> {
  if (!state) return {};
  return {
    status: state.status,
    last_check_at: state.last_check_at,
    next_check_at: state.next_check_at,
  };
}

export async function startSpecServer(init: SpecServerOptions): Promise<SpecServer> {
  const basePath = (init.basePath ?? '/tenant-7/api/v1').replace(/\/+$/, '');
  const options: SpecServer['options'] = {
    cursorMode: init.cursorMode ?? 'token',
    perPageOutOfRange: init.perPageOutOfRange ?? 'reject',
    enabledIntervals: init.enabledIntervals ?? DEFAULT_INTERVALS,
    ...(init.pageCap !== undefined ? { pageCap: init.pageCap } : {}),
    ...(init.faults ? { faults: init.faults } : {}),
    ...(init.rateLimit ? { rateLimit: init.rateLimit } : {}),
    ...(init.writeDelayMs !== undefined ? { writeDelayMs: init.writeDelayMs } : {}),
    ...(init.listing ? { listing: init.listing } : {}),
    ...(init.storage ? { storage: init.storage } : {}),
  };
  const tokens = new Map(
    init.tokens.map((t) => [
      t.token,
      { scopes: new Set(t.scopes), workspace: t.workspace ?? 'main', writesLeft: t.validWrites ?? Infinity },
    ]),
  );
  let monitors = new Map<string, StoredMonitor>();
  let incidents = new Map<string, Incident>();
  let idem = new Map<string, IdemRecord>();
  let cursors = new Map<string, { list: string; afterId: string }>();
  let log: LoggedRequest[] = [];
  const windows = new Map<string, { start: number; count: number }>();
  const buckets = new Map<string, { tokens: number; at: number }>();
  /** Per token: from a 429 until its Retry-After has elapsed (a request then is "early"). */
  const quietUntil = new Map<string, { from: number; until: number }>();
  let rng = seeded(init.faults?.seed ?? 1);
  let rngSeed = init.faults?.seed;
  let origin = '';

  const now = () => new Date().toISOString();
  const view = (m: StoredMonitor) => {
    const pending = Date.now() < m.firstCheckAt;
    return {
      id: m.id,
      name: m.input.name,
      type: m.input.type,
      url: m.input.url,
      method: m.input.method,
      status: pending ? 'pending' : 'up',
      interval_seconds: m.input.interval_seconds,
      timeout_seconds: m.input.timeout_seconds,
      last_check_at: pending ? null : new Date(m.firstCheckAt).toISOString(),
      next_check_at: new Date(
        Math.max(Date.now(), m.firstCheckAt) + 1000 * (m.input.interval_seconds as number),
      ).toISOString(),
      ...checkedView(m.checked),
      created_at: m.createdAt,
      updated_at: m.updatedAt,
      region: 'eu-1',
      links: { self: `${origin}${basePath}/monitors/${m.id}` },
      ...(options.listing === 'full' ? inputFields(m.input) : {}),
    };
  };
  const stored = (input: Record<string, unknown>) => {
    const kept = { ...input, url: normalizeUrl(input.type, input.url as string) };
    return options.storage === 'respelled' ? respell(kept) : kept;
  };
  const incidentView = (x: Incident) => ({
    id: x.id,
    monitor: { id: x.monitorId, name: (monitors.get(x.monitorId)?.input.name as string | undefined) ?? null },
    status: x.status ?? (x.resolvedAt ? 'resolved' : 'ongoing'),
    severity: x.severity ?? 'major',
    summary: x.summary,
    opened_at: x.openedAt,
    resolved_at: x.resolvedAt,
  });

  /** One page of `items` (already in list order) after the cursor. */
  function page<T extends { id: string }>(
    list: string,
    items: T[],
    query: URLSearchParams,
    render: (t: T) => unknown,
  ): Answer {
    const raw = query.get('per_page');
    let perPage = 25;
    if (raw !== null) {
      const n = /^-?\d+$/.test(raw) ? Number(raw) : NaN;
      if (Number.isNaN(n) || ((n < 1 || n > 100) && options.perPageOutOfRange === 'reject'))
        return apiError(400, 'invalid_parameter', 'per_page must be an integer from 1 to 100');
      perPage = Math.min(100, Math.max(1, n));
    }
    perPage = Math.min(perPage, options.pageCap ?? 100);
    let start = 0;
    const cursor = query.get('cursor');
    if (cursor !== null) {
      if (options.cursorMode === 'offset64') {
        let parsed: unknown;
        try {
          parsed = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8'));
        } catch {
          parsed = undefined;
        }
        const offset = (parsed as { offset?: unknown } | undefined)?.offset;
        if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0)
          return apiError(400, 'invalid_cursor', 'cursor is not valid');
        start = offset;
      } else {
        const entry = cursors.get(cursor);
        if (!entry || entry.list !== list) return apiError(400, 'invalid_cursor', 'cursor is unknown or expired');
        start = items.findIndex((t) => t.id > entry.afterId); // keyset: robust to deletes between pages
        if (start < 0) start = items.length;
      }
    }
    const slice = items.slice(start, start + perPage);
    let next: string | null = null;
    if (start + perPage < items.length) {
      if (options.cursorMode === 'offset64')
        next = Buffer.from(JSON.stringify({ offset: start + perPage })).toString('base64');
      else {
        const hex = randomBytes(12).toString('hex');
        next =
          options.cursorMode === 'phrase' ? `page after ${hex.slice(0, 8)}+/=&?cursor=é ${hex.slice(8)}` : `pg_${hex}`;
        cursors.set(next, { list, afterId: slice[slice.length - 1]!.id });
      }
    }
    return { status: 200, body: { data: slice.map(render), meta: { next_cursor: next, per_page: perPage } } };
  }

  const inWorkspace = <T extends { workspace: string; id: string }>(all: Map<string, T>, ws: string) =>
    [...all.values()].filter((x) => x.workspace === ws).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

  /** The resource handlers proper; auth, limits, faults and keys were dealt with before. */
  function handle(method: string, path: string, query: URLSearchParams, body: unknown, ws: string): Answer {
    if (path === '/account' && method === 'GET') {
      const count = inWorkspace(monitors, ws).length;
      return {
        status: 200,
        body: {
          data: {
            id: `ws_${ws}`,
            name: `Workspace ${ws}`,
            limits: { monitors: 1000, api_requests_per_minute: 600 },
            usage: { monitors: count },
          },
        },
      };
    }
    if (path === '/monitors') {
      if (method === 'GET') return page(`monitors:${ws}`, inWorkspace(monitors, ws), query, view);
      const problems = validate(body, options.enabledIntervals);
      if (problems.length > 0) return validationError(problems);
      const input = body as Record<string, unknown>;
      const at = now();
      const m: StoredMonitor = {
        id: newId(),
        workspace: ws,
        input: stored(input),
        createdAt: at,
        updatedAt: at,
        firstCheckAt: Date.now() + PENDING_MS,
      };
      monitors.set(m.id, m);
      return { status: 201, body: { data: view(m) }, headers: { location: `${origin}${basePath}/monitors/${m.id}` } };
    }
    const one = /^\/monitors\/([^/]+)$/.exec(path);
    if (one) {
      const m = monitors.get(one[1]!);
      if (!m || m.workspace !== ws || !ID_RE.test(one[1]!)) return apiError(404, 'not_found', 'monitor not found');
      if (method === 'GET') return { status: 200, body: { data: view(m) } };
      if (method === 'DELETE') {
        monitors.delete(m.id);
        return { status: 204 };
      }
      const problems = validate(body, options.enabledIntervals);
      if (problems.length > 0) return validationError(problems);
      const input = body as Record<string, unknown>;
      m.input = stored(input);
      m.updatedAt = now();
      m.firstCheckAt = Date.now() + PENDING_MS;
      return { status: 200, body: { data: view(m) } };
    }
    if (path === '/incidents') return page(`incidents:${ws}`, inWorkspace(incidents, ws), query, incidentView);
    const inc = /^\/incidents\/([^/]+)$/.exec(path);
    if (inc) {
      const x = incidents.get(inc[1]!);
      return x && x.workspace === ws
        ? { status: 200, body: { data: incidentView(x) } }
        : apiError(404, 'not_found', 'incident not found');
    }
    return apiError(404, 'not_found', 'no such endpoint');
  }

  const validationError = (problems: Problem[]): Answer => {
    const message = `${problems.length} field${problems.length === 1 ? '' : 's'} failed validation`;
    if (options.errorStyle !== 'problem') return apiError(422, 'validation_failed', message, { details: problems });
    const body = {
      type: 'https://errors.example.com/validation',
      title: 'Validation failed',
      status: 422,
      detail: message,
      'invalid-params': problems.map((p) => ({ name: p.field, reason: p.message })),
    };
    return { status: 422, body, headers: { 'content-type': 'application/problem+json' } };
  };

  function route(method: string, path: string): { scope: string; write: boolean } | { allow: string } | undefined {
    const table: [RegExp, Record<string, string>][] = [
      [/^\/account$/, { GET: 'account:read' }],
      [/^\/monitors$/, { GET: 'monitors:read', POST: 'monitors:write' }],
      [/^\/monitors\/[^/]+$/, { GET: 'monitors:read', PUT: 'monitors:write', DELETE: 'monitors:write' }],
      [/^\/incidents(\/[^/]+)?$/, { GET: 'incidents:read' }],
    ];
    const hit = table.find(([re]) => re.test(path));
    if (!hit) return undefined;
    const scope = hit[1][method];
    return scope ? { scope, write: method !== 'GET' } : { allow: Object.keys(hit[1]).join(', ') };
  }

  async function respond(req: IncomingMessage, raw: string): Promise<Responded> {
    const arrivedAt = Date.now();
    if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
    const url = new URL(req.url ?? '/', 'http://x');
    const method = req.method ?? 'GET';
    const path = url.pathname.startsWith(`${basePath}/`) ? url.pathname.slice(basePath.length) : '';
    const base = { path: path || url.pathname, query: url.search };
    if (!path) return { ...base, ...apiError(404, 'not_found', `no such path; the API is under ${basePath}`) };

    // Spec 5: bearer tokens with scopes; 401 before anything else.
    const auth = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    const token = auth ? tokens.get(auth[1]!) : undefined;
    if (!auth || !token || token.writesLeft <= 0)
      return {
        ...base,
        ...apiError(401, 'unauthenticated', 'missing, expired or revoked token'),
        headers: { 'www-authenticate': 'Bearer' },
      };
    const r = route(method, path);
    if (r && 'scope' in r && r.write) token.writesLeft -= 1;
    if (!r) return { ...base, ...apiError(404, 'not_found', 'no such endpoint') };
    if ('allow' in r)
      return {
        ...base,
        ...apiError(405, 'method_not_allowed', `${method} is not allowed here`),
        headers: { allow: r.allow },
      };
    if (!token.scopes.has(r.scope))
      return { ...base, ...apiError(403, 'insufficient_scope', `this token lacks the ${r.scope} scope`) };

    // Spec 8: a limit per token (a fixed window, or a token bucket).
    const tokenKey = createHash('sha256').update(auth[1]!).digest('hex');
    const quiet = quietUntil.get(tokenKey);
    const early = quiet !== undefined && arrivedAt > quiet.from && arrivedAt < quiet.until;
    const rate = takeRate(tokenKey, Date.now());
    if (!rate.allowed) {
      quietUntil.set(tokenKey, { from: Date.now(), until: Date.now() + rate.retryAfter * 1000 });
      return {
        ...base,
        ...apiError(429, 'rate_limited', 'too many requests'),
        headers: { 'retry-after': String(rate.retryAfter) },
        note: '429',
        retryAfter: rate.retryAfter,
        early,
        arrivedAt,
      };
    }
    const rateHeaders = {
      'x-ratelimit-limit': String(rate.limit),
      'x-ratelimit-remaining': String(rate.remaining),
    };
    const seen = { early, arrivedAt };

    // Faults are drawn per request from the seeded RNG (reseeded when the seed changes).
    let fault: 'before' | 'after' | 'drop' | undefined;
    const f = options.faults;
    if (f) {
      if (f.seed !== rngSeed) [rng, rngSeed] = [seeded(f.seed), f.seed];
      if (rng() < f.rate503) fault = f.when === 'mixed' ? (rng() < 0.5 ? 'before' : 'after') : f.when;
      else if (r.write && f.dropRate && rng() < f.dropRate) fault = 'drop';
    }
    const unavailable = (note: LoggedRequest['note']) => ({
      ...base,
      ...seen,
      ...apiError(503, 'unavailable', 'service temporarily unavailable'),
      note,
    });
    if (fault === 'before' || (fault === 'after' && !r.write)) return unavailable('503-before');

    let body: unknown;
    if (method === 'POST' || method === 'PUT') {
      try {
        body = JSON.parse(raw);
      } catch {
        return { ...base, ...apiError(400, 'invalid_json', 'the body is not valid JSON') };
      }
    }
    if (!r.write) {
      const query = options.cursorMode === 'phrase' ? strictQuery(url.search) : url.searchParams;
      if (!query)
        return { ...base, ...apiError(400, 'invalid_parameter', 'the query string is not valid percent-encoding') };
      return { ...base, ...seen, ...handle(method, path, query, body, token.workspace), headers: rateHeaders };
    }

    // Spec 4 idempotency: key required; same method+path+body replays; otherwise 409.
    const key = req.headers['idempotency-key'];
    if (typeof key !== 'string' || !KEY_RE.test(key)) {
      return {
        ...base,
        ...apiError(
          400,
          key === undefined ? 'idempotency_key_required' : 'idempotency_key_invalid',
          'Idempotency-Key header is required: 8-100 of A-Z a-z 0-9 _ . : -',
        ),
      };
    }
    const scoped = `${token.workspace}\u0000${key}`;
    const fingerprint = createHash('sha256')
      .update(`${method} ${path}\n${body === undefined ? '' : canonical(body)}`)
      .digest('hex');
    const write = { ...base, ...seen, key, bodyDigest: fingerprint };
    const known = idem.get(scoped);
    if (known) {
      if (known.fingerprint !== fingerprint)
        return { ...write, ...apiError(409, 'conflict', 'Idempotency key already used with a different request') };
      if (!known.answer)
        return { ...write, ...apiError(409, 'conflict', 'A request with this idempotency key is still in progress') };
      return { ...write, ...known.answer, headers: { ...known.answer.headers, ...rateHeaders }, note: 'replay' };
    }
    const record: IdemRecord = { fingerprint };
    idem.set(scoped, record);
    if (options.writeDelayMs) await new Promise((resolve) => setTimeout(resolve, options.writeDelayMs));
    const answer = handle(method, path, url.searchParams, body, token.workspace);
    if (answer.status < 500) record.answer = answer;
    else idem.delete(scoped);
    if (fault === 'after')
      return { ...unavailable('503-after'), key, bodyDigest: fingerprint, answered: answer.status };
    if (fault === 'drop') return { ...write, ...answer, note: 'drop' };
    return { ...write, ...answer, headers: { ...answer.headers, ...rateHeaders } };
  }

  /** One request of a token against the rate limit: a fixed window, or a token bucket. */
  function takeRate(
    tokenKey: string,
    t: number,
  ): { allowed: boolean; limit: number; remaining: number; retryAfter: number } {
    const rl = options.rateLimit;
    const windowMs = rl?.windowMs ?? 60_000;
    const limit = rl?.limit ?? 100_000;
    if (rl?.kind === 'bucket') {
      const perMs = limit / windowMs;
      const held = buckets.get(tokenKey) ?? { tokens: limit, at: t };
      held.tokens = Math.min(limit, held.tokens + (t - held.at) * perMs);
      held.at = t;
      buckets.set(tokenKey, held);
      if (held.tokens >= 1) {
        held.tokens -= 1;
        return { allowed: true, limit, remaining: Math.floor(held.tokens), retryAfter: 0 };
      }
      return {
        allowed: false,
        limit,
        remaining: 0,
        retryAfter: Math.max(1, Math.ceil((1 - held.tokens) / perMs / 1000)),
      };
    }
    const win = windows.get(tokenKey);
    const current = win && t - win.start < windowMs ? win : { start: t, count: 0 };
    windows.set(tokenKey, current);
    current.count++;
    if (rl && current.count > limit)
      return {
        allowed: false,
        limit,
        remaining: 0,
        retryAfter: Math.max(1, Math.ceil((current.start + windowMs - t) / 1000)),
      };
    return { allowed: true, limit, remaining: Math.max(0, limit - current.count), retryAfter: 0 };
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= 1_000_000) chunks.push(c);
    });
    req.on('end', () => {
      void (async () => {
        const a: Responded =
          size > 1_000_000
            ? { ...apiError(413, 'too_large', 'body too large'), path: req.url ?? '', query: '' }
            : await respond(req, Buffer.concat(chunks).toString('utf8'));
        const text = a.body === undefined ? '' : JSON.stringify(a.body);
        log.push({
          method: req.method ?? '',
          path: a.path,
          query: a.query,
          key: a.key,
          status: a.status,
          ...(a.note ? { note: a.note } : {}),
          ...(a.bodyDigest ? { bodyDigest: a.bodyDigest } : {}),
          ...(a.retryAfter !== undefined ? { retryAfter: a.retryAfter } : {}),
          ...(a.early ? { early: true } : {}),
          ...(a.answered !== undefined ? { answered: a.answered } : {}),
          arrivedAt: a.arrivedAt ?? Date.now(),
        });
        if (a.note === 'drop') {
          req.socket.destroy(); // committed, key stored, and no answer
          return;
        }
        const compress = options.gzip === true && text !== '';
        res.writeHead(a.status, {
          ...(text ? { 'content-type': 'application/json; charset=utf-8' } : {}),
          ...(compress ? { 'content-encoding': 'gzip' } : {}),
          ...a.headers,
        });
        res.end(compress ? gzipSync(text) : text);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl: `${origin}${basePath}`,
    origin,
    options,
    monitors: (workspace = 'main') => inWorkspace(monitors, workspace).map((m) => ({ ...m, input: { ...m.input } })),
    requests: () => [...log],
    clearRequests: () => {
      log = [];
    },
    editMonitor(id, patch) {
      const m = monitors.get(id);
      if (!m) throw new Error(`spec server: no monitor ${id} to edit`);
      m.input = stored({ ...m.input, ...patch });
      m.updatedAt = now();
    },
    removeMonitor(id) {
      if (!monitors.delete(id)) throw new Error(`spec server: no monitor ${id} to delete`);
    },
    insertMonitor(input, workspace = 'main') {
      const at = now();
      const m: StoredMonitor = {
        id: newId(),
        workspace,
        input: { ...input },
        createdAt: at,
        updatedAt: at,
        firstCheckAt: Date.now(),
      };
      monitors.set(m.id, m);
      return m.id;
    },
    addIncident(monitorId, summary, resolved = false, values = {}) {
      const m = monitors.get(monitorId);
      const x: Incident = {
        id: newId(),
        workspace: m?.workspace ?? 'main',
        monitorId,
        summary,
        openedAt: now(),
        resolvedAt: resolved ? now() : null,
        ...values,
      };
      incidents.set(x.id, x);
      return x.id;
    },
    setCheckState(id, state) {
      const m = monitors.get(id);
      if (!m) throw new Error(`spec server: no monitor ${id} to set the status of`);
      m.checked = state;
    },
    resetRateLimits() {
      windows.clear();
      buckets.clear();
      quietUntil.clear();
    },
    reset() {
      monitors = new Map();
      incidents = new Map();
      idem = new Map();
      cursors = new Map();
      log = [];
      windows.clear();
      buckets.clear();
      quietUntil.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
