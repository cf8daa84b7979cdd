// A change's reason in words, for people; apply never reads it.
import type { ChangeReason } from './types.js';

const TEXT: Record<ChangeReason, string> = {
  new: 'new: in the YAML, not on the server',
  drift: 'drift: the server has values that differ from the YAML',
  changed_since_apply: 'changed since the last apply (the lock file records what was applied)',
  not_verifiable: 'not verifiable: no lock record, and the listing cannot show every field, so it is replaced once',
  renamed: 'renamed (a `moved` entry): replaced in place, keeping its id and history',
  removed: 'removed from the YAML',
  forgotten: 'a `removed:` entry: its lock record goes and nothing is sent; the monitor stays on the server, unmanaged',
  forced: 'forced (--replace): sent again as written, although nothing differs',
  destroy: 'destroy: every monitor the lock file manages is deleted',
};

/** The reason in words, for people; apply never reads it. */
export function describeReason(reason: ChangeReason): string {
  return TEXT[reason];
}
