// Runtime fault decisions for one API request. Random faults draw from the seeded PRNG
// in a fixed order (jitter, error, drop), so one seed replays one run; one-shot faults
// are consumed by the first request that matches them.
import { oneShotMatches } from './fault-settings.js';
import type { FaultSettings, OneShotFault } from './options.js';
import type { Random } from './prng.js';

export interface RequestFaults {
  /** A 5xx status to answer with before anything is committed. */
  errorStatus: number | undefined;
  /** Extra time a write stays in flight after its key was taken. */
  holdMs: number;
  /** Decided after the handler ran: cut the connection instead of answering. */
  drop(): boolean;
}

export const WRITE_METHODS = new Set(['POST', 'PUT', 'DELETE']);

export class FaultInjector {
  constructor(
    public settings: FaultSettings,
    private readonly random: Random,
  ) {}

  /** Network latency of one request: fixed plus uniform jitter. */
  delayMs(): number {
    const s = this.settings;
    return s.latencyMs + (s.jitterMs > 0 ? Math.round(this.random() * s.jitterMs) : 0);
  }

  /** Faults of a request that got past authentication and the rate limit. */
  forRequest(method: string, path: string): RequestFaults {
    const s = this.settings;
    const oneShot = this.takeOneShot(method, path);
    let errorStatus: number | undefined;
    if (oneShot?.fault === 'error') errorStatus = oneShot.status ?? 500;
    else if (s.errorRate > 0 && this.random() < s.errorRate)
      errorStatus = s.errorStatuses[Math.floor(this.random() * s.errorStatuses.length)] ?? 500;
    const isWrite = WRITE_METHODS.has(method);
    const holdMs = oneShot?.fault === 'hold' ? (oneShot.holdMs ?? 1000) : isWrite ? s.holdWritesMs : 0;
    const drop = () => oneShot?.fault === 'drop' || (s.dropRate > 0 && this.random() < s.dropRate);
    return { errorStatus, holdMs, drop };
  }

  private takeOneShot(method: string, path: string): OneShotFault | undefined {
    const index = this.settings.next.findIndex((f) => oneShotMatches(f, method, path));
    if (index < 0) return undefined;
    const [fault] = this.settings.next.splice(index, 1);
    return fault;
  }
}
