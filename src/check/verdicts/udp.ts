// udp: udp_payload (hex) is sent as one datagram; the check passes when an answer arrives
// and, when udp_expected is set, the answer contains those bytes (anywhere in it).

/** Bytes of a hex field; an odd number of digits is refused rather than silently cut. */
export function hexBytes(hex: string | null | undefined): Buffer | string {
  const text = hex ?? '';
  if (text.length % 2 === 1) return `has an odd number of hex digits (${text.length}); a byte is two digits`;
  return Buffer.from(text, 'hex');
}

export function udpVerdict(answer: Buffer, expected: Buffer): { ok: boolean; detail: string } {
  if (expected.length === 0)
    return { ok: true, detail: `answer of ${answer.length} byte${answer.length === 1 ? '' : 's'}` };
  if (answer.includes(expected)) return { ok: true, detail: `answer of ${answer.length} bytes contains udp_expected` };
  const shown = answer.subarray(0, 32).toString('hex');
  return { ok: false, detail: `answer ${shown}${answer.length > 32 ? '...' : ''} does not contain udp_expected` };
}
