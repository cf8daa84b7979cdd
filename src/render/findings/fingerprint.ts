// The identity of a finding across pushes: code scanning and Code Quality compare a
// pull request's findings with the base branch's by fingerprint. A line added above a
// finding must not make it new, so the line is left out: the code, the file and the
// message (which names the field and the monitor) make the identity, and the n-th
// repetition of the same triple in a file counts as its own finding.
import { createHash } from 'node:crypto';
import type { Finding } from './types.js';

/** One 64-hex fingerprint per finding, in the order given. */
export function fingerprints(findings: readonly Finding[]): string[] {
  const seen = new Map<string, number>();
  return findings.map((f) => {
    const identity = JSON.stringify([f.code, f.path, f.message]);
    const occurrence = seen.get(identity) ?? 0;
    seen.set(identity, occurrence + 1);
    return createHash('sha256').update(`${identity}#${occurrence}`).digest('hex');
  });
}
