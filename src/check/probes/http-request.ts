// What http, keyword and json checks send: the method, the header lines, the body and the
// credentials of the monitor, and the status range they judge the answer by.
import type { MonitorInput } from '../../model/monitor.js';
import { httpExchange, type HttpAnswer, type HttpExchangeRequest } from '../net/http-exchange.js';
import type { CheckContext, ProbeOutcome } from '../types.js';
import { statusProblem } from '../verdicts/status-range.js';
import { fail } from './probe.js';

export function httpRequestOf(monitor: MonitorInput, userAgent: string): HttpExchangeRequest {
  const headers: Array<[string, string]> = [];
  for (const line of (monitor.headers ?? '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (line.trim() === '' || colon < 0) continue;
    headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  const has = (name: string) => headers.some(([n]) => n.toLowerCase() === name);
  const secret = monitor.auth_secret ?? '';
  if (monitor.auth_type === 'basic')
    headers.push([
      'Authorization',
      `Basic ${Buffer.from(`${monitor.auth_username ?? ''}:${secret}`).toString('base64')}`,
    ]);
  if (monitor.auth_type === 'bearer') headers.push(['Authorization', `Bearer ${secret}`]);
  if (!has('user-agent')) headers.push(['User-Agent', userAgent]);
  if (!has('accept')) headers.push(['Accept', '*/*']);
  const body = monitor.body ?? undefined;
  if (body !== undefined && body !== '' && !has('content-type'))
    headers.push(['Content-Type', looksLikeJson(body) ? 'application/json' : 'text/plain; charset=utf-8']);
  return {
    url: new URL(monitor.url),
    method: monitor.method,
    headers,
    ...(body !== undefined && body !== '' ? { body } : {}),
    followRedirects: monitor.follow_redirects === true,
    maxRedirects: monitor.max_redirects,
  };
}

/** The answer when its status is in the expected range, else the failed outcome. */
export async function fetchExpected(
  monitor: MonitorInput,
  context: CheckContext,
  signal: AbortSignal,
): Promise<HttpAnswer | ProbeOutcome> {
  const result = await httpExchange(httpRequestOf(monitor, context.userAgent), context, signal);
  if (result.kind === 'too_many_redirects')
    return fail(
      `more than max_redirects ${monitor.max_redirects} redirect${monitor.max_redirects === 1 ? '' : 's'} (status ${result.status})`,
    );
  if (result.kind === 'bad_redirect')
    return fail(
      `status ${result.status} redirects to ${JSON.stringify(result.location.slice(0, 200))}, which is not an http(s) URL`,
    );
  const problem = statusProblem(result.status, monitor.expected_status_min, monitor.expected_status_max);
  if (problem)
    return fail(
      `${problem}${result.redirects > 0 ? ` after ${result.redirects} redirect${result.redirects === 1 ? '' : 's'}` : ''}${result.status >= 300 && result.status < 400 && !monitor.follow_redirects ? ' (follow_redirects is off)' : ''}`,
    );
  return result;
}

export function isAnswer(value: HttpAnswer | ProbeOutcome): value is HttpAnswer {
  return 'status' in value;
}

/** The body as text, in the charset the server names (UTF-8 otherwise). */
export function bodyText(answer: HttpAnswer): string {
  const charset = /charset\s*=\s*"?([^";\s]+)/i.exec(String(answer.headers['content-type'] ?? ''))?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(answer.body);
  } catch {
    return new TextDecoder('utf-8').decode(answer.body);
  }
}

export function statusDetail(answer: HttpAnswer): string {
  return `status ${answer.status}${answer.redirects > 0 ? ` after ${answer.redirects} redirect${answer.redirects === 1 ? '' : 's'}` : ''}`;
}

function looksLikeJson(text: string): boolean {
  const t = text.trim();
  if (!(t.startsWith('{') || t.startsWith('['))) return false;
  try {
    JSON.parse(t);
    return true;
  } catch {
    return false;
  }
}
