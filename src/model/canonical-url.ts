// The canonical form of an http(s) URL, so that two spellings of one destination compare
// equal: WHATWG URL parsing lower-cases the scheme and host, drops a default port, adds the
// "/" of a bare origin and normalises percent-encoding and dot segments. The planner compares
// a monitor's url with the server's this way (src/plan/compare.ts), and `discover --check`
// compares a routed host and path with the monitors of a repository the same way.

/** The WHATWG href of an absolute URL, or undefined when it does not parse. */
export function canonicalUrl(url: string): string | undefined {
  return URL.parse(url)?.href;
}

/** Whether two absolute URLs name one destination (the text itself when either does not parse). */
export function sameUrl(a: string, b: string): boolean {
  if (a === b) return true;
  const left = canonicalUrl(a);
  return left !== undefined && left === canonicalUrl(b);
}
