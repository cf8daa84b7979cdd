// The listing alone, as fast as the server lets it go: one keep-alive connection, each
// page asked for as soon as the last arrived, the body parsed and nothing else. What a
// plan's listing costs beyond the latency (server time, the loopback, timer slack).
import { Pool, type Dispatcher } from 'undici';

export async function bareListingMs(baseUrl: string, token: string): Promise<number> {
  const base = new URL(baseUrl);
  const pool = new Pool(base.origin, { connections: 1 });
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
  try {
    const started = performance.now();
    let cursor: string | null = null;
    do {
      const query: string = `per_page=100${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`;
      const res: Dispatcher.ResponseData = await pool.request({
        method: 'GET',
        path: `${base.pathname}/monitors?${query}`,
        headers,
      });
      const text: string = await res.body.text();
      if (res.statusCode !== 200) throw new Error(`GET /monitors answered ${res.statusCode}: ${text.slice(0, 200)}`);
      cursor = (JSON.parse(text) as { meta: { next_cursor: string | null } }).meta.next_cursor;
    } while (cursor !== null);
    return performance.now() - started;
  } finally {
    await pool.close();
  }
}
