// Ids kept in sorted order so a page is a binary search plus a slice, not a sort per
// request. New ids are time-ordered, so inserting is almost always an append.

export class SortedIds {
  private ids: string[] = [];

  get size(): number {
    return this.ids.length;
  }

  insert(id: string): void {
    const last = this.ids[this.ids.length - 1];
    if (last === undefined || last < id) {
      this.ids.push(id);
      return;
    }
    const at = this.firstIndexAfter(id, true);
    if (this.ids[at] !== id) this.ids.splice(at, 0, id);
  }

  remove(id: string): void {
    const at = this.firstIndexAfter(id, true);
    if (this.ids[at] === id) this.ids.splice(at, 1);
  }

  /** Up to `limit` ids strictly after `afterId` (from the start when undefined), and whether more follow. */
  page(afterId: string | undefined, limit: number): { ids: string[]; more: boolean } {
    const start = afterId === undefined ? 0 : this.firstIndexAfter(afterId, false);
    const ids = this.ids.slice(start, start + limit);
    return { ids, more: start + limit < this.ids.length };
  }

  all(): readonly string[] {
    return this.ids;
  }

  /** Index of the first id > key (or >= key when inclusive). */
  private firstIndexAfter(key: string, inclusive: boolean): number {
    let lo = 0;
    let hi = this.ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const value = this.ids[mid] as string;
      if (value < key || (!inclusive && value === key)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
