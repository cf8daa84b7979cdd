// What clients sent, for tests and demos: keys, counts, timing, and whether a request came
// before a Retry-After had elapsed (`early`). Tokens appear only as their short digest. The log is bounded.

export interface RequestLogEntry {
  seq: number;
  method: string;
  path: string;
  query: string;
  idempotencyKey: string | null;
  status: number;
  startedAt: string;
  startedAtMs: number;
  durationMs: number;
  tokenId: string | null;
  workspace: string | null;
  dropped: boolean;
  held: boolean;
  replayed: boolean;
  /** Arrived after a 429 to its token and before that 429's Retry-After had elapsed. */
  early: boolean;
  /**
   * Writes that reached the key check: what the key is bound to, the sha256 of method, path
   * and canonical body with secrets masked, plus (when a secret was sent) the HMAC of the
   * secret under a key that lives only in this process. Two requests with one key and
   * another digest are two payloads; nothing in it tells what a secret is. Else null.
   */
  requestDigest: string | null;
}

export const REQUEST_LOG_LIMIT = 20_000;

export class RequestLog {
  private entries: RequestLogEntry[] = [];
  private seq = 0;

  add(entry: Omit<RequestLogEntry, 'seq'>): RequestLogEntry {
    const full = { seq: ++this.seq, ...entry };
    this.entries.push(full);
    if (this.entries.length > REQUEST_LOG_LIMIT) this.entries = this.entries.slice(-REQUEST_LOG_LIMIT / 2);
    return full;
  }

  list(): readonly RequestLogEntry[] {
    return this.entries;
  }

  clear(): void {
    this.entries = [];
  }

  get size(): number {
    return this.entries.length;
  }
}

/** One line for --verbose: never the token, only its digest. */
export function formatLogLine(e: RequestLogEntry): string {
  const flags = [e.replayed && 'replayed', e.held && 'held', e.dropped && 'dropped', e.early && 'early']
    .filter(Boolean)
    .join(',');
  const target = e.query ? `${e.path}?${e.query}` : e.path;
  return `${e.startedAt} ${e.method} ${target} ${e.status} ${e.durationMs}ms token=${e.tokenId ?? '-'}${e.idempotencyKey ? ` key=${e.idempotencyKey}` : ''}${flags ? ` ${flags}` : ''}`;
}
