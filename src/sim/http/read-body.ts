// Reads a request body with a size cap and parses it as JSON; problems become replies.
import type { IncomingMessage } from 'node:http';
import { errorReply, type Reply } from './reply.js';

export const API_BODY_LIMIT = 1024 * 1024;
export const ADMIN_BODY_LIMIT = 256 * 1024 * 1024;

export type BodyResult = { ok: true; value: unknown } | { ok: false; reply: Reply };

export async function readJsonBody(req: IncomingMessage, limit: number, required: boolean): Promise<BodyResult> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Keep draining an oversized body so the client reads the 413 instead of a reset.
    if (size <= limit) chunks.push(chunk);
  }
  if (size > limit)
    return { ok: false, reply: errorReply('payload_too_large', `the body is larger than ${limit} bytes`) };
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') {
    return required
      ? { ok: false, reply: errorReply('invalid_json', 'the request needs a JSON body') }
      : { ok: true, value: undefined };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, reply: errorReply('invalid_json', `the body is not valid JSON: ${(error as Error).message}`) };
  }
  // Fingerprints and validation recurse: ten thousand nested arrays would overflow the stack.
  if (nestedDeeperThan(value, MAX_JSON_DEPTH)) {
    return {
      ok: false,
      reply: errorReply('invalid_json', `the body nests arrays or objects deeper than ${MAX_JSON_DEPTH} levels`),
    };
  }
  return { ok: true, value };
}

export const MAX_JSON_DEPTH = 64;

/** Iterative, so that the check itself cannot overflow the stack. */
function nestedDeeperThan(root: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[root, 0]];
  for (let top = stack.pop(); top; top = stack.pop()) {
    const [value, depth] = top;
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= max) return true;
    for (const child of Object.values(value)) stack.push([child, depth + 1]);
  }
  return false;
}
