import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeBody } from '../../src/api/decode-body.js';

const TEXT = JSON.stringify({ data: [{ id: 'x', name: 'ünïcode' }], meta: { next_cursor: null } });
const bytes = (b: Buffer) => new Uint8Array(b);

describe('decodeBody', () => {
  it.each([
    [undefined, Buffer.from(TEXT)],
    ['identity', Buffer.from(TEXT)],
    ['gzip', gzipSync(TEXT)],
    ['X-GZIP', gzipSync(TEXT)],
    ['br', brotliCompressSync(TEXT)],
    ['deflate', deflateSync(TEXT)],
    ['deflate', deflateRawSync(TEXT)], // the raw stream some servers send as "deflate"
    ['deflate, gzip', gzipSync(deflateSync(TEXT))], // applied in order, undone last first
  ])('Content-Encoding %s', (encoding, body) => {
    expect(decodeBody(bytes(body), encoding)).toEqual({ ok: true, text: TEXT });
  });

  it('an empty body stays empty whatever the header says (204, HEAD)', () => {
    expect(decodeBody(new Uint8Array(0), 'gzip')).toEqual({ ok: true, text: '' });
  });

  it('says what was wrong with a body it cannot undo', () => {
    expect(decodeBody(bytes(Buffer.from(TEXT)), 'gzip')).toEqual({
      ok: false,
      problem: 'its body is not valid gzip (Content-Encoding: gzip)',
    });
    expect(decodeBody(bytes(Buffer.from(TEXT)), 'zstd')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('compressed with "zstd", which the client does not read'),
    });
  });
});
