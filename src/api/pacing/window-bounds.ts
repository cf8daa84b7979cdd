// Where the current window of a fixed-window limit ends. A window shows as Remaining
// jumping back to the top at once. Each jump happened after the last answer that did not
// show it (whose request was sent at `before`) and by the first that did (`after`), so for
// two jumps in a row the window length W lies within
//   after(k) - before(k-1)  >=  W  >=  before(k) - after(k-1),
// whether windows follow a fixed grid or start with the first request after the last
// ended. W being constant, the tightest bounds ever seen hold; bounds that contradict
// each other mean the limit changed, and what was learnt is dropped.
// With a single jump, W is guessed within a quarter of the stretch from the first request
// to the answer that showed it. Only `latest` is relied on (nothing unfunded goes before
// it); `earliest` only places the probes, so a wrong guess there costs time, never a 429.

interface Reset {
  before: number;
  after: number;
}

const GUESS_MARGIN = 1.25;

export class WindowBounds {
  private last: Reset | undefined;
  private shortest = 0;
  private longest = Infinity;
  private firstSentAt: number | undefined;

  seen(sentAt: number): void {
    this.firstSentAt ??= sentAt;
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
    const last = this.last;
    if (!last) return undefined;
    let { shortest, longest } = this;
    if (longest === Infinity) {
      const seen = last.after - (this.firstSentAt ?? last.before);
      shortest = Math.max(shortest, last.before - (this.firstSentAt ?? last.before), seen / GUESS_MARGIN);
      longest = Math.max(shortest, seen * GUESS_MARGIN);
    }
    return { earliest: last.after + shortest, latest: last.after + longest };
  }
}
