// Idempotency keys derived from the change itself (operation, target, body fingerprint,
// generation; for a replace the target includes the live updated_at), so re-running a plan
// sends the same keys and the server replays stored responses instead of acting twice.
// Format: mon1.<op>.<26 base32>.g<generation>, within the spec's pattern
// ^[A-Za-z0-9_.:-]+$ and 8..100 characters.
import { createHash } from 'node:crypto';
import type { ChangeAction, PlannedChange } from './types.js';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export interface KeyInput {
  operation: ChangeAction;
  /** The name for creates, the id otherwise. */
  target: string;
  bodyFingerprint?: string;
  generation: number;
}

export function idempotencyKey(input: KeyInput): string {
  const digest = createHash('sha256')
    .update(`${input.operation}\n${input.target}\n${input.bodyFingerprint ?? ''}\n${input.generation}`)
    .digest();
  let encoded = '';
  for (let i = 0; i < 26; i++) encoded += ALPHABET[digest[i]! & 31];
  return `mon1.${input.operation}.${encoded}.g${input.generation}`;
}

/** The key of a planned change for a generation; generation 0 is the one in the plan. */
export function keyForGeneration(
  change: Pick<PlannedChange, 'action' | 'name' | 'id' | 'body_fingerprint' | 'live_updated_at' | 'force_token'>,
  generation: number,
): string {
  // A replace targets the monitor as it was when planned: the same body sent again after
  // other writes is a new request, not a repeat of the old one (see live_updated_at). A
  // forced one (--replace) is new even when nothing was written since (force_token).
  const id = change.id ?? change.name;
  const target =
    change.action === 'create'
      ? change.name
      : change.action === 'replace' && change.live_updated_at
        ? `${id}@${change.live_updated_at}`
        : id;
  const forced = change.force_token !== undefined ? `#${change.force_token}` : '';
  return idempotencyKey({
    operation: change.action,
    target: `${target}${forced}`,
    ...(change.body_fingerprint ? { bodyFingerprint: change.body_fingerprint } : {}),
    generation,
  });
}
