// `--target` and `--replace` (issue 24) as options of a round's first apply (or of its saved
// plan), and what must hold of them: a partial apply writes only targeted monitors and
// leaves every other lock record as it was; a forced monitor is written again, under a key
// no earlier write used. Targets are matched here by the campaign's own reading of the
// docs (lifecycle.md: whole names, `*` any text, `?` one character), not by the tool's code.
import type { ServerRequest, StoredMonitorView } from '../helpers/servers-under-test.js';
import type { Finding } from './invariants.js';
import { desiredNames, type RepoModel, type RunOptions } from './model.js';

export type { RunOptions } from './model.js';
import type { Rng } from './random.js';
import type { HistoryState, RoundState } from './steps.js';

export const WHOLE: RunOptions = { targets: [], replace: [] };

export function optionArgs(o: RunOptions): string[] {
  return [...o.targets.flatMap((t) => ['--target', t]), ...o.replace.flatMap((n) => ['--replace', n])];
}

export function describeOptions(o: RunOptions): string {
  const parts = [
    o.targets.length > 0 && `--target ${o.targets.map((t) => JSON.stringify(t)).join(' ')}`,
    o.replace.length > 0 && `--replace ${o.replace.map((n) => JSON.stringify(n)).join(' ')}`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'a whole apply';
}

/** A whole name, or a glob: `*` any text, `?` one character (the only glob characters the campaign writes). */
export function matcher(pattern: string): (name: string) => boolean {
  const source = [...pattern].map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[\\^$.|+()[\]{}]/g, '\\$&')));
  const re = new RegExp(`^${source.join('')}$`, 'u');
  return (name) => name === pattern || re.test(name.normalize('NFC'));
}

/**
 * Sometimes targets (a name of the YAML or of the lock file, or a glob over them), sometimes
 * a forced monitor of the YAML (with targets, a targeted one), sometimes both.
 */
export function drawRunOptions(rng: Rng, h: HistoryState, r: RoundState, lockNames: readonly string[]): RunOptions {
  const yaml = [...desiredNames(h.repo)].filter((n) => !r.frozen.has(n)).sort();
  const known = [...new Set([...yaml, ...lockNames])].sort();
  const targets: string[] = [];
  if (known.length > 0 && rng.chance(0.2)) {
    for (let i = rng.int(1, 2); i > 0; i--) {
      const name = rng.pick(known);
      // A glob over the name's prefix ("svc-1*", "tpl *"), or one character wild ("svc-?").
      const glob = rng.pick([name, name, `${name.slice(0, name.length - 1)}*`, `${name.slice(0, -1)}?`]);
      if (!targets.includes(glob)) targets.push(glob);
    }
  }
  const replace: string[] = [];
  const forcible = targets.length > 0 ? yaml.filter((n) => targets.some((t) => matcher(t)(n))) : yaml;
  if (forcible.length > 0 && rng.chance(0.15)) replace.push(rng.pick(forcible));
  return { targets, replace };
}

interface LockRecordText {
  id: string;
  name: string;
}

export function lockRecords(text: string | undefined): LockRecordText[] {
  if (text === undefined) return [];
  try {
    return (JSON.parse(text) as { monitors: LockRecordText[] }).monitors;
  } catch {
    return [];
  }
}

/** Whether a monitor (its name in the YAML or lock, its live name, or either side of a rename) is targeted. */
function targetedBy(o: RunOptions, repo: RepoModel): (...names: (string | undefined)[]) => boolean {
  const matchers = o.targets.map(matcher);
  const hit = (n: string | undefined) => n !== undefined && matchers.some((m) => m(n));
  return (...names) =>
    names.some((n) => hit(n) || repo.moved.some((m) => (m.from === n && hit(m.to)) || (m.to === n && hit(m.from))));
}

/**
 * After a partial apply (killed or not): every write went to a targeted monitor, every
 * monitor it made is targeted, and every lock record of a monitor not targeted is as it was.
 */
export function checkTargeted(
  o: RunOptions,
  repo: RepoModel,
  before: { lock: string | undefined; live: readonly StoredMonitorView[] },
  after: { lock: string | undefined; live: readonly StoredMonitorView[] },
  writes: readonly ServerRequest[],
): Finding[] {
  if (o.targets.length === 0) return [];
  const targeted = targetedBy(o, repo);
  const findings: Finding[] = [];
  const said = `--target ${o.targets.map((t) => JSON.stringify(t)).join(' ')}`;
  const recordsBefore = new Map(lockRecords(before.lock).map((r) => [r.id, r]));
  const recordsAfter = new Map(lockRecords(after.lock).map((r) => [r.id, r]));
  const liveName = new Map(before.live.map((m) => [m.id, m.input.name as string]));
  const isTargeted = (id: string) =>
    targeted(recordsBefore.get(id)?.name, liveName.get(id), recordsAfter.get(id)?.name);

  for (const q of writes) {
    const id = /^\/monitors\/([^/]+)$/.exec(q.path)?.[1];
    if (id !== undefined && !isTargeted(id))
      findings.push({
        check: 'not-targeted',
        message: `the apply with ${said} sent ${q.method} ${q.path}, a monitor it does not target ("${liveName.get(id) ?? recordsBefore.get(id)?.name ?? '?'}")`,
      });
  }
  const old = new Set(before.live.map((m) => m.id));
  for (const m of after.live)
    if (!old.has(m.id) && !targeted(m.input.name as string))
      findings.push({
        check: 'not-targeted',
        message: `the apply with ${said} created "${String(m.input.name)}" (${m.id}), which it does not target`,
      });
  for (const [id, record] of recordsBefore) {
    if (isTargeted(id)) continue;
    const now = recordsAfter.get(id);
    if (JSON.stringify(now) !== JSON.stringify(record))
      findings.push({
        check: 'not-targeted',
        message: `the apply with ${said} changed the lock record of "${record.name}" (${id}), which it does not target: was ${JSON.stringify(record)}, is ${JSON.stringify(now ?? null)}`,
      });
  }
  for (const [id, record] of recordsAfter)
    if (!recordsBefore.has(id) && !isTargeted(id))
      findings.push({
        check: 'not-targeted',
        message: `the apply with ${said} added a lock record for "${record.name}" (${id}), which it does not target`,
      });
  return findings;
}

/**
 * A forced monitor that was live under a known id is written again when the apply exits 0
 * uninterrupted: a PUT that changed the server (not a stored answer of an earlier write).
 */
export function checkForced(
  o: RunOptions,
  forcedIds: ReadonlyMap<string, string>,
  writes: readonly ServerRequest[],
): Finding[] {
  const findings: Finding[] = [];
  for (const [name, id] of forcedIds) {
    const sent = writes.filter((q) => q.method === 'PUT' && q.path === `/monitors/${id}`);
    if (!sent.some((q) => q.committed))
      findings.push({
        check: 'forced',
        message: `--replace ${JSON.stringify(name)} exited 0 but ${id} was not written again (${sent.length === 0 ? 'no PUT was sent' : `${sent.length} PUT(s), each answered from a stored response`}); ${describeOptions(o)}`,
      });
  }
  return findings;
}
