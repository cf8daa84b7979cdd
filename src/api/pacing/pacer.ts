// The pacing model (model.ts) put to work: requests wait their turn in order, and the
// first in line waits for the time the model names or for the next answer, whichever
// comes first. Only one waiter sleeps at a time, so a fake clock in tests moves once.
import { PacingModel, type Settled, type Ticket } from './model.js';

export type { Settled, Ticket } from './model.js';

export interface Pacer {
  /** Resolves when the next request may start; the ticket goes back with its answer. */
  acquire(): Promise<Ticket>;
  /** What the answer said (or status 0 when none came). Every ticket is settled once. */
  settle(ticket: Ticket, answer: Settled): void;
  /** What is known of the server's limit, for the debug log. */
  describe(): string;
}

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export function createPacer(clock: () => number, sleep: Sleep, model = new PacingModel()): Pacer {
  let line: Promise<unknown> = Promise.resolve();
  let answered = signal();

  async function takeTurn(): Promise<Ticket> {
    for (;;) {
      const now = clock();
      const decision = model.decide(now);
      if (decision.kind === 'send') return model.sent(now);
      const next = answered.promise;
      if (decision.kind === 'await-answer') {
        await next;
        continue;
      }
      const stop = new AbortController();
      await Promise.race([sleep(decision.until - now, stop.signal), next]);
      stop.abort(); // no timer left behind to keep the process alive
    }
  }

  return {
    acquire() {
      const turn = line.then(takeTurn);
      line = turn.catch(() => undefined);
      return turn;
    },
    settle(ticket, answer) {
      model.settle(ticket, clock(), answer);
      const done = answered;
      answered = signal();
      done.resolve();
    },
    describe: () => model.describe(),
  };
}

function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
