// The listing's floor, as a process: what any correct plan must do at the least. Start Node,
// then list every page of GET /monitors over one keep-alive connection with Node's own
// http module (nothing to import), each page asked for as soon as the last arrived, its
// body parsed for the cursor and nothing else. It pays the server's time per page and the
// loopback, which no client can avoid, and none of the plan's work.
// Run: BENCH_TOKEN_FOR_LISTING=... node dist/bench/bare-listing.js BASE_URL
import { Agent, request } from 'node:http';

const base = new URL(process.argv[2] ?? '');
const token = process.env.BENCH_TOKEN_FOR_LISTING ?? '';
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function page(cursor: string | null): Promise<string | null> {
  const query = `per_page=100${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        path: `${base.pathname}/monitors?${query}`,
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          if (res.statusCode !== 200)
            reject(new Error(`GET /monitors answered ${res.statusCode}: ${text.slice(0, 200)}`));
          else resolve((JSON.parse(text) as { meta: { next_cursor: string | null } }).meta.next_cursor);
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

let cursor: string | null = null;
let pages = 0;
do {
  cursor = await page(cursor);
  pages += 1;
} while (cursor !== null);
agent.destroy();
process.stdout.write(`${pages} pages\n`);
