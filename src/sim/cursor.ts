// Opaque cursors: base64url of a version byte, a list byte and the last id of the page.
// A page starts strictly after that id, and ids never change order, so monitors created
// or deleted between pages never make an item that existed throughout skip or repeat.
import { ID_PATTERN } from './ids.js';

const VERSION = 1;
export type ListKind = 'monitors' | 'incidents';
const KIND_BYTE: Record<ListKind, number> = { monitors: 0x6d, incidents: 0x69 };

export function encodeCursor(kind: ListKind, lastId: string): string {
  return Buffer.concat([Buffer.from([VERSION, KIND_BYTE[kind]]), Buffer.from(lastId, 'ascii')]).toString('base64url');
}

/** The id a page starts after, or undefined when the cursor is not one of ours for this list. */
export function decodeCursor(kind: ListKind, cursor: string): string | undefined {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(cursor)) return undefined;
  const bytes = Buffer.from(cursor, 'base64url');
  if (bytes[0] !== VERSION || bytes[1] !== KIND_BYTE[kind]) return undefined;
  const id = bytes.subarray(2).toString('ascii');
  if (!ID_PATTERN.test(id) || encodeCursor(kind, id) !== cursor) return undefined;
  return id;
}
