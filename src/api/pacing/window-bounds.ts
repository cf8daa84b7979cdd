// Where the current window of a fixed-window limit ends. A window shows as Remaining
// jumping back to the top at once. Each jump happened after the last answer that did not
// show it (whose request was sent at `before`) and by the first that did (`after`), so for
// two jumps in a row the window length W lies within
//   after(k) - before(k-1)  >=  W  >=  before(k) - after(k-1),
// whether windows follow a fixed grid or start with the first request after the last
// ended. W being constant, the tightest bounds ever seen hold; bounds that contradict
// each other mean the limit changed, and what was learnt is dropped.
// With a single jump, W is guessed within a quarter of the stretch from the window's
// first request seen (the last answer before it that showed the limit at the top) to the
// answer that showed the jump. Only `latest` is relied on (nothing unfunded goes before
// it); `earliest` only places the probes, so a wrong guess there costs time, never a 429.

import type { Observation } from './observation.js';

interface Reset {
  before: number;
  after: number;
}

const GUESS_MARGIN = 1.25;

export class WindowBounds {
  private last: Reset | undefined;
  private shortest = 0;
  private longest = Infinity;
  /** Before the first jump: when the last answer showing the limit at the top was sent (else the first). */
  private firstSentAt: number | undefined;

  seen(obs: Observation, limit: number): void {
    if (!this.last && (this.firstSentAt === undefined || obs.remaining >= limit - 1)) this.firstSentAt = obs.sentAt;
  }

  reset(before: number, after: number): void {
    const previous = this.last;
    this.last = { before, after };
    if (!previous) return;
    const shortest = Math.max(this.shortest, before - previous.after);
    const longest = Math.min(this.longest, after - previous.before);
    if (shortest <= longest) [this.shortest, this.longest] = [shortest, longest];
    else [this.shortest, this.longest] = [Math.max(0, before - previous.after), after - previous.before];
  }

  /** Earliest and latest time the current window can end at (undefined before any jump). */
  currentEnd(): { earliest: number; latest: number } | undefined {
    const length = this.length();
    if (!length || !this.last) return undefined;
    return { earliest: this.last.after + length.shortest, latest: this.last.after + length.longest };
  }

  /** Bounds of the window's length in ms (a guess after a single jump). */
  length(): { shortest: number; longest: number } | undefined {
    const last = this.last;
    if (!last) return undefined;
    if (this.longest < Infinity) return { shortest: this.shortest, longest: this.longest };
    const since = this.firstSentAt ?? last.before;
    const seen = last.after - since;
    const shortest = Math.max(this.shortest, last.before - since, seen / GUESS_MARGIN);
    return { shortest, longest: Math.max(shortest, seen * GUESS_MARGIN) };
  }
}
