// One HTTP(S) check: a fresh connection (no pooling: the time includes name resolution,
// connect and TLS, as a first visit would), redirects followed when asked, the body read
// up to a cap and decompressed. Network errors reject; everything the server says resolves.
import http, { type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import { rootCertificates } from 'node:tls';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { pipeline, type Readable } from 'node:stream';
import type { CheckContext } from '../types.js';
import { openConnection } from './lookup.js';

/** Bodies are read this far at most (keyword and json checks need them; a page is smaller). */
export const BODY_LIMIT = 10 * 1024 * 1024;

export interface HttpExchangeRequest {
  url: URL;
  method: string;
  /** Header lines as written (name case kept); the Authorization header among them, if any. */
  headers: ReadonlyArray<[string, string]>;
  body?: string;
  followRedirects: boolean;
  maxRedirects: number;
}

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** True when the body was longer than BODY_LIMIT and only its start was read. */
  truncated: boolean;
  /** The URL that answered (after redirects). */
  url: URL;
  redirects: number;
}

export type HttpExchangeResult =
  | ({ kind: 'answer' } & HttpAnswer)
  | { kind: 'too_many_redirects'; status: number; redirects: number }
  | { kind: 'bad_redirect'; status: number; location: string };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export async function httpExchange(
  request: HttpExchangeRequest,
  context: CheckContext,
  signal: AbortSignal,
): Promise<HttpExchangeResult> {
  let url = request.url;
  let method = request.method;
  let body = request.body;
  let headers = [...request.headers];
  for (let redirects = 0; ; redirects++) {
    const answer = await requestOnce({ url, method, headers, body }, context, signal);
    const location = answer.headers.location;
    if (!request.followRedirects || !REDIRECTS.has(answer.status) || typeof location !== 'string')
      return { kind: 'answer', ...answer, url, redirects };
    if (redirects >= request.maxRedirects)
      return { kind: 'too_many_redirects', status: answer.status, redirects: redirects + 1 };
    const next = URL.parse(location, url.href);
    if (!next || (next.protocol !== 'http:' && next.protocol !== 'https:'))
      return { kind: 'bad_redirect', status: answer.status, location };
    // Credentials go to the origin they were written for, never to another one (curl, browsers).
    if (next.origin !== url.origin) headers = headers.filter(([name]) => name.toLowerCase() !== 'authorization');
    // 303 turns any method but HEAD into GET; 301/302 turn POST into GET (as browsers do); 307/308 keep both.
    if (
      (answer.status === 303 && method !== 'HEAD') ||
      ((answer.status === 301 || answer.status === 302) && method === 'POST')
    ) {
      method = 'GET';
      body = undefined;
      headers = headers.filter(([name]) => name.toLowerCase() !== 'content-type');
    }
    url = next;
  }
}

interface OneRequest {
  url: URL;
  method: string;
  headers: ReadonlyArray<[string, string]>;
  body: string | undefined;
}

function requestOnce(
  one: OneRequest,
  context: CheckContext,
  signal: AbortSignal,
): Promise<Omit<HttpAnswer, 'url' | 'redirects'>> {
  const secure = one.url.protocol === 'https:';
  const host = one.url.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = Number(one.url.port) || (secure ? 443 : 80);
  const tls = context.extraCa.length > 0 ? { ca: [...rootCertificates, ...context.extraCa] } : {};
  const options: https.RequestOptions = {
    host,
    port,
    // The Host header leaves out the scheme's own port, as a browser does.
    defaultPort: secure ? 443 : 80,
    path: `${one.url.pathname}${one.url.search}`,
    method: one.method,
    headers: headerObject(one.headers),
    // No agent: a fresh connection, opened where --connect-to and --resolve send it.
    createConnection: () => openConnection(host, port, context, signal, secure ? tls : undefined),
    signal,
  };
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request(options, (res) => {
      readBody(res, one.method === 'HEAD' ? 0 : BODY_LIMIT).then(
        ({ body, truncated }) => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, truncated }),
        reject,
      );
    });
    req.on('error', reject);
    req.end(one.body);
  });
}

/** Repeated names become one header with several values, sent as several lines. */
function headerObject(lines: ReadonlyArray<[string, string]>): OutgoingHttpHeaders {
  const out: Record<string, string | string[]> = {};
  const nameOf = new Map<string, string>();
  for (const [name, value] of lines) {
    const key = nameOf.get(name.toLowerCase()) ?? name;
    nameOf.set(name.toLowerCase(), key);
    const existing = out[key];
    out[key] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  return out;
}

async function readBody(res: IncomingMessage, limit: number): Promise<{ body: Buffer; truncated: boolean }> {
  const stream = decoded(res);
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  try {
    for await (const chunk of stream) {
      const buffer = chunk as Buffer;
      if (size + buffer.length > limit) {
        chunks.push(buffer.subarray(0, limit - size));
        size = limit;
        truncated = buffer.length > 0;
        break;
      }
      chunks.push(buffer);
      size += buffer.length;
    }
  } finally {
    res.destroy(); // nothing more is read; the connection is never reused (agent: false)
  }
  return { body: Buffer.concat(chunks, size), truncated };
}

/** The body as the server meant it; pipeline() carries an aborted response's error to the reader. */
function decoded(res: IncomingMessage): Readable {
  const encoding = String(res.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : undefined;
  return decoder ? pipeline(res, decoder, () => undefined) : res;
}
