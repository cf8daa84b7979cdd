// Undoing a response's Content-Encoding. undici's request() hands over the bytes as sent,
// and a server may compress an answer (RFC 9110 12.5.3: it may even without an
// Accept-Encoding, which is why the client names the codings it reads). Pure: bytes in, text out.
import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';

/** The codings the client announces in Accept-Encoding, and so must read. */
export const ACCEPTED_ENCODINGS = 'gzip, deflate, br';

export type DecodedBody = { ok: true; text: string } | { ok: false; problem: string };

export function decodeBody(bytes: Uint8Array, contentEncoding: string | undefined): DecodedBody {
  // Codings are listed in the order they were applied; undo them last first.
  const codings = (contentEncoding ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity')
    .reverse();
  let buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length === 0) return { ok: true, text: '' };
  for (const coding of codings) {
    if (!DECODERS.has(coding))
      return {
        ok: false,
        problem: `its body is compressed with "${coding}", which the client does not read (it asks for ${ACCEPTED_ENCODINGS})`,
      };
    try {
      buffer = decodeOne(buffer, coding);
    } catch {
      return { ok: false, problem: `its body is not valid ${coding} (Content-Encoding: ${contentEncoding})` };
    }
  }
  return { ok: true, text: buffer.toString('utf8') };
}

const DECODERS = new Set(['gzip', 'x-gzip', 'br', 'deflate']);

function decodeOne(buffer: Buffer, coding: string): Buffer {
  switch (coding) {
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(buffer);
    case 'br':
      return brotliDecompressSync(buffer);
    case 'deflate':
      // "deflate" means zlib-wrapped, but some servers send the raw stream.
      try {
        return inflateSync(buffer);
      } catch {
        return inflateRawSync(buffer);
      }
    default:
      throw new Error(`unsupported coding ${coding}`);
  }
}
