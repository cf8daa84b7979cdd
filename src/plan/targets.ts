// `--target NAME|GLOB` and `--replace NAME|GLOB`: narrowing a plan to some monitors, and
// forcing a write of unchanged ones. Patterns match whole names (src/model/name-select/);
// a name always matches itself, glob characters and all. A pattern that names nothing is
// an error naming the closest names, before anything is sent.
import { MonitorsError } from '../errors.js';
import type { LockRecord } from '../lock/types.js';
import type { DesiredMonitor, LiveMonitor } from '../model/monitor.js';
import { anyPatternMatches, type NamePattern } from '../model/name-select/pattern.js';
import {
  type Unmatched,
  didYouMean,
  firstUnmatched,
  invalidGlob,
  namePatterns,
  selectsAny,
  whyUnmatched,
} from '../model/name-select/select.js';
import { keyForGeneration } from './idempotency-key.js';
import type { NotTargeted, PlannedChange } from './types.js';

export interface TargetSelection {
  changes: PlannedChange[];
  notTargeted: NotTargeted[];
  /** Whether a lock record belongs to a targeted monitor (stale records of others are kept). */
  targetsRecord: (record: LockRecord) => boolean;
  /** Whether a name is targeted (the lock's creates in flight of other names are kept). */
  targetsName: (name: string) => boolean;
}

interface Names {
  desired: readonly DesiredMonitor[];
  records: readonly LockRecord[];
  live: readonly LiveMonitor[];
}

/**
 * Keeps the changes of targeted monitors. A change is targeted when a pattern matches its
 * name, or its previous name (a rename: either name selects it), or, for a delete, the name
 * its lock record has (renamed outside the tool since). Every pattern must match a name of
 * the YAML, of the lock file or of a change.
 */
export function selectTargets(
  changes: readonly PlannedChange[],
  patterns: readonly string[],
  names: Names,
): TargetSelection {
  const matchers = namePatterns(patterns);
  const recordName = new Map(names.records.map((r) => [r.id, r.name]));
  const matches = (name: string | undefined) => name !== undefined && anyPatternMatches(matchers, name);
  const targeted = (c: PlannedChange) =>
    matches(c.name) || matches(c.previous_name) || (c.id !== null && matches(recordName.get(c.id)));

  const known = [
    ...names.desired.map((d) => d.name),
    ...names.records.map((r) => r.name),
    ...changes.flatMap((c) => [c.name, ...(c.previous_name !== undefined ? [c.previous_name] : [])]),
  ];
  const unmatched = firstUnmatched(matchers, known, names.live);
  if (unmatched) throw unknownTarget(unmatched);

  const kept: PlannedChange[] = [];
  const notTargeted: NotTargeted[] = [];
  for (const c of changes) {
    if (targeted(c)) kept.push(c);
    else notTargeted.push({ action: c.action, name: c.name, id: c.id, reason: c.reason });
  }
  return { changes: kept, notTargeted, targetsRecord: (r) => matches(r.name), targetsName: matches };
}

function unknownTarget(unmatched: Unmatched): MonitorsError {
  const pattern = JSON.stringify(unmatched.pattern);
  if (unmatched.kind === 'invalid') return invalidGlob('--target', unmatched);
  if (unmatched.kind === 'unmanaged') {
    const { name, id } = unmatched.monitor;
    return new MonitorsError(
      'PLAN_TARGET_UNKNOWN',
      `--target ${pattern} names only monitors this repository does not manage ("${name}", ${id}: in neither the YAML nor the lock file); nothing was planned`,
      { hint: 'Target a monitor of the YAML or the lock file; to adopt one, see docs/adopting.md.' },
    );
  }
  return new MonitorsError(
    'PLAN_TARGET_UNKNOWN',
    `--target ${pattern} matches no monitor of the YAML or the lock file${didYouMean(unmatched.near)}`,
    {
      hint: 'Patterns match whole names, case-sensitive: * is any text, ? one character (e.g. --target "shop: *"). Nothing was planned.',
    },
  );
}

/**
 * The desired monitors `--replace` forces. Each pattern must name a monitor of the YAML
 * (of this environment); with --target, only targeted ones: a forced write the plan then
 * leaves out would be a surprise either way.
 */
export function forcedNames(
  desired: readonly DesiredMonitor[],
  patterns: readonly string[],
  targets: readonly string[] | undefined,
): Set<string> {
  const forced = new Set<string>();
  const targetMatchers = targets && namePatterns(targets);
  const names = desired.map((d) => d.name);
  for (const matcher of namePatterns(patterns)) {
    if (!selectsAny(matcher, names)) throw unknownReplace(matcher, names);
    for (const d of desired.filter((m) => matcher.matches(m.name))) {
      if (targetMatchers && !anyPatternMatches(targetMatchers, d.name)) {
        throw new MonitorsError(
          'BAD_OPTION',
          `--replace ${JSON.stringify(matcher.text)} names "${d.name}", which no --target selects; nothing was planned`,
          { hint: `Add --target ${JSON.stringify(d.name)}, or leave out --replace.` },
        );
      }
      forced.add(d.name);
    }
  }
  return forced;
}

function unknownReplace(matcher: NamePattern, names: readonly string[]): MonitorsError {
  const unmatched = whyUnmatched(matcher, names);
  if (unmatched.kind === 'invalid') return invalidGlob('--replace', unmatched);
  return new MonitorsError(
    'PLAN_REPLACE_UNKNOWN',
    `--replace ${JSON.stringify(matcher.text)} matches no monitor of the YAML${unmatched.kind === 'none' ? didYouMean(unmatched.near) : ''}`,
    {
      hint: '--replace sends again a monitor the YAML defines (a deleted or forgotten one cannot be forced). Nothing was planned.',
    },
  );
}

/** A replace sent under a key no earlier write used (see PlannedChange.force_token). */
export function withForce(change: PlannedChange, token: string): PlannedChange {
  const forced = { ...change, force_token: token };
  return { ...forced, idempotency_key: keyForGeneration(forced, 0) };
}
