// The one comment, note or issue `monitors ci` keeps per path: found again by its marker,
// page after page, in a bounded number of pages.

/** One page of a listing, and the number of the next page (undefined: this was the last). */
export interface Page<T> {
  items: T[];
  next: number | undefined;
}

/** 50 pages of 100: far beyond any real pull request or issue tracker, and still bounded. */
export const MAX_PAGES = 50;

export async function findMarked<T>(
  page: (n: number) => Promise<Page<T>>,
  matches: (item: T) => boolean,
): Promise<T | undefined> {
  let n: number | undefined = 1;
  for (let read = 0; n !== undefined && read < MAX_PAGES; read += 1) {
    const { items, next }: Page<T> = await page(n);
    const found = items.find(matches);
    if (found) return found;
    n = next !== undefined && next > n ? next : undefined;
  }
  return undefined;
}

/** Whether a text starts with the marker (the body of a comment, note or issue). */
export function startsWithMarker(body: unknown, marker: string): boolean {
  return typeof body === 'string' && body.startsWith(marker);
}

/**
 * Searched with the label first (one request as a rule), then among all: GitHub and GitLab
 * silently drop the labels of a new issue when the token may not set them, and the issue
 * must still be found rather than opened twice. `page` gets the query's label part.
 */
export async function findMarkedLabelFirst<T>(
  label: string,
  page: (labelQuery: string, n: number) => Promise<Page<T>>,
  matches: (item: T) => boolean,
): Promise<T | undefined> {
  for (const query of label ? [`&labels=${encodeURIComponent(label)}`, ''] : ['']) {
    const found = await findMarked((n) => page(query, n), matches);
    if (found) return found;
  }
  return undefined;
}
