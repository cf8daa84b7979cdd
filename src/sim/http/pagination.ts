// per_page and cursor of the two list endpoints, and the list envelope.
import { decodeCursor, encodeCursor, type ListKind } from '../cursor.js';
import type { JsonPage } from '../workspace.js';
import { errorReply, rawJsonReply, type Reply } from './reply.js';

export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 100;

export type PageRequest = { ok: true; perPage: number; afterId: string | undefined } | { ok: false; reply: Reply };

export function parsePageRequest(kind: ListKind, query: URLSearchParams): PageRequest {
  const rawPerPage = query.get('per_page');
  let perPage = DEFAULT_PER_PAGE;
  if (rawPerPage !== null) {
    perPage = /^[0-9]{1,4}$/.test(rawPerPage) ? Number(rawPerPage) : NaN;
    if (!(perPage >= 1 && perPage <= MAX_PER_PAGE)) {
      return {
        ok: false,
        reply: errorReply(
          'invalid_parameter',
          `per_page must be an integer from 1 to ${MAX_PER_PAGE} (got "${rawPerPage.slice(0, 20)}")`,
        ),
      };
    }
  }
  const cursor = query.get('cursor');
  if (cursor === null) return { ok: true, perPage, afterId: undefined };
  const afterId = decodeCursor(kind, cursor);
  if (afterId === undefined) {
    return {
      ok: false,
      reply: errorReply('invalid_cursor', 'cursor is not valid; pass meta.next_cursor of the previous page unchanged'),
    };
  }
  return { ok: true, perPage, afterId };
}

export function listReply(kind: ListKind, page: JsonPage, perPage: number): Reply {
  const next = page.nextAfter === undefined ? 'null' : JSON.stringify(encodeCursor(kind, page.nextAfter));
  return rawJsonReply(200, `{"data":[${page.items.join(',')}],"meta":{"next_cursor":${next},"per_page":${perPage}}}`);
}
