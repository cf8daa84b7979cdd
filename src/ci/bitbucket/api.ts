// Bitbucket's REST APIs, Cloud's (2.0) and Data Center's (/rest), for `monitors ci`: JSON
// with a Bearer token (a repository, project or workspace access token; Data Center's HTTP
// access token) and a refusal that names the variable the token came from and the
// permission the call needs, never the token. Each host's pages: Cloud's opaque `next` URL,
// Data Center's `isLastPage` / `nextPageStart`.
import { requestJson } from '../http-json.js';
import type { Page } from '../sticky.js';

export type BitbucketHost = 'Bitbucket Cloud' | 'Bitbucket Data Center';

/** What a refusal says: which variable, which permission; app passwords are no longer taken. */
export function refusalHint(host: BitbucketHost, status: number, variable: string, permission: string): string {
  const token = host === 'Bitbucket Cloud' ? 'access token' : 'HTTP access token';
  if (status === 401)
    return `the token in ${variable} was refused: not a valid ${token} (expired or revoked?)${host === 'Bitbucket Cloud' ? '; app passwords are retired, use a repository, project or workspace access token' : ''}`;
  if (status === 403) return `the token in ${variable} may not do this: it needs the permission ${permission}`;
  if (status === 404)
    return `not found, or the token in ${variable} cannot see it (it needs the permission ${permission})`;
  return '';
}

export class BitbucketApi {
  private readonly base: string;
  constructor(
    private readonly host: BitbucketHost,
    base: string,
    private readonly token: string,
    private readonly variable: string,
  ) {
    this.base = base.replace(/\/+$/, '');
  }

  /** `path` is relative to the base, or a full URL (Cloud's `next`). */
  async request<T>(method: string, path: string, permission: string, body?: unknown): Promise<T> {
    const url = /^https?:\/\//.test(path) ? path : `${this.base}${path}`;
    const shown = url.startsWith(this.base) ? url.slice(this.base.length) : new URL(url).pathname;
    const answer = await requestJson(
      {
        method,
        url,
        headers: { authorization: `Bearer ${this.token}`, accept: 'application/json', 'user-agent': 'monitors-ci' },
        body,
      },
      (status, detail) => {
        const hint = refusalHint(this.host, status, this.variable, permission);
        return `${this.host} API ${method} ${shown.split('?')[0]} failed: ${detail}${hint ? ` (${hint})` : ''}`;
      },
    );
    return answer.json as T;
  }

  /** A page reader for sticky.ts over Cloud's pages: page n+1 is the `next` URL page n gave. */
  cloudPages<T>(first: string, permission: string): (n: number) => Promise<Page<T>> {
    const urls = new Map<number, string>([[1, first]]);
    return async (n) => {
      const page = await this.request<{ values?: T[]; next?: string }>('GET', urls.get(n) ?? first, permission);
      const next = typeof page?.next === 'string' ? this.onBase(page.next) : undefined;
      if (next) urls.set(n + 1, next);
      return { items: Array.isArray(page?.values) ? page.values : [], next: next ? n + 1 : undefined };
    };
  }

  /**
   * Cloud's `next` on the configured base. The token goes only there: behind a proxy
   * (MONITORS_CI_API_URL) Bitbucket still names itself, so a `next` on another host is taken
   * as the same path under the base's `/2.0`; one that cannot be read so ends the listing.
   */
  private onBase(next: string): string | undefined {
    try {
      const url = new URL(next, `${this.base}/`);
      const base = new URL(this.base);
      if (url.origin === base.origin) return url.href;
      const rest = /\/2\.0(\/.*)$/.exec(url.pathname)?.[1];
      return rest === undefined ? undefined : `${this.base}${rest}${url.search}`;
    } catch {
      return undefined;
    }
  }

  /** A page reader over Data Center's pages (`start`, `limit`; `isLastPage`, `nextPageStart`). */
  dcPages<T>(path: string, permission: string): (n: number) => Promise<Page<T>> {
    const starts = new Map<number, number>([[1, 0]]);
    return async (n) => {
      const start = starts.get(n) ?? 0;
      const page = await this.request<{ values?: T[]; isLastPage?: boolean; nextPageStart?: number }>(
        'GET',
        `${path}${path.includes('?') ? '&' : '?'}start=${start}&limit=100`,
        permission,
      );
      const more = page?.isLastPage === false && typeof page.nextPageStart === 'number';
      if (more) starts.set(n + 1, page.nextPageStart!);
      return { items: Array.isArray(page?.values) ? page.values : [], next: more ? n + 1 : undefined };
    };
  }
}
