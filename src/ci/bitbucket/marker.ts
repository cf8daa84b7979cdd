// The hidden marker by which `monitors ci` finds its own comment (and drift issue) on
// Bitbucket again. markers.ts marks with an HTML comment, but neither Bitbucket renders HTML
// in Markdown (Cloud drops it, Data Center shows it as text), so here the marker is an empty
// link: Markdown renders a link without text as nothing, on both hosts. Pure.
import { markedBody } from '../markers.js';

export type MarkerKind = 'plan' | 'drift';

/** `[](#monitors-plan:PATH)`, the path percent-encoded so that spaces and brackets cannot end the link. */
export function bitbucketMarker(kind: MarkerKind, path: string): string {
  // encodeURIComponent leaves ( ) ! ' * as they are: a ")" would end the link.
  const encoded = encodeURIComponent(path).replace(/[()!'*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `[](#monitors-${kind}:${encoded})`;
}

/** The text posted: marker first, the rest cut to `maxChars` with a pointer to the full report. */
export function bitbucketBody(kind: MarkerKind, path: string, markdown: string, maxChars: number, whereFull: string) {
  return markedBody(bitbucketMarker(kind, path), markdown, maxChars, whereFull);
}

/**
 * A text made by markers.ts (driftBody: its HTML marker on the first line) with the Bitbucket
 * marker in its place; the length stays within the limit (the markers differ by a few characters,
 * and markedBody keeps 200 spare).
 */
export function withBitbucketMarker(kind: MarkerKind, path: string, text: string): string {
  const newline = text.indexOf('\n');
  return `${bitbucketMarker(kind, path)}${newline < 0 ? '' : text.slice(newline)}`;
}
