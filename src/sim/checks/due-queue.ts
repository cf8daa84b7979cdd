// A min-heap of due checks by time (then by insertion), so each request asks "anything
// due?" in O(1) and pays only for the checks that are. Entries are never removed early:
// one that no longer matches its monitor (deleted, rescheduled) is skipped when it pops.

export interface DueEntry {
  atMs: number;
  /** next_check_at as scheduled: the entry is current while the monitor still says so. */
  at: string;
  id: string;
}

interface Slot extends DueEntry {
  seq: number;
}

export class DueQueue {
  private readonly heap: Slot[] = [];
  private seq = 0;

  get size(): number {
    return this.heap.length;
  }

  push(entry: DueEntry): void {
    this.heap.push({ ...entry, seq: this.seq++ });
    this.up(this.heap.length - 1);
  }

  /** The earliest entry due at or before `now`, removed; undefined when none is. */
  popDue(now: number): DueEntry | undefined {
    const top = this.heap[0];
    if (!top || top.atMs > now) return undefined;
    const last = this.heap.pop() as Slot;
    if (this.heap.length > 0) {
      this.heap[0] = last;
      this.down(0);
    }
    return { atMs: top.atMs, at: top.at, id: top.id };
  }

  private before(a: Slot, b: Slot): boolean {
    return a.atMs < b.atMs || (a.atMs === b.atMs && a.seq < b.seq);
  }

  private up(i: number): void {
    const heap = this.heap;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(heap[i]!, heap[parent]!)) return;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  }

  private down(i: number): void {
    const heap = this.heap;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if (left < heap.length && this.before(heap[left]!, heap[least]!)) least = left;
      if (right < heap.length && this.before(heap[right]!, heap[least]!)) least = right;
      if (least === i) return;
      [heap[i], heap[least]] = [heap[least]!, heap[i]!];
      i = least;
    }
  }
}
