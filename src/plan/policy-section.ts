// The plan's policy section: the violations and warnings the loader found (located), the
// changes a `deny` rule refuses, and every exception used, so that a reviewer reads them in
// the pull request. A delete named by a `deleted:` entry with an exception for the rule is
// a reviewed delete: an exception used, not a denied change; a refused delete's message
// names that entry as the way through. Pure: the diagnostics, the desired state and the
// changes in, data out.
import { MonitorsError } from '../errors.js';
import type { DesiredState, Diagnostic } from '../model/monitor.js';
import { isPolicyViolation, ruleOfCode } from '../policy/codes.js';
import { deniedChanges } from '../policy/deny.js';
import { compareText } from '../model/compare-text.js';
import type { LockPolicy } from '../lock/types.js';
import { policyChanges } from './policy-changes.js';
import type { PlanPolicy, PlannedChange, PolicyFinding } from './types.js';

export interface PolicyInput {
  desired: DesiredState;
  /** The load's diagnostics: those with a violation's code (`policy.<id>`) are taken. */
  diagnostics: readonly Diagnostic[];
  changes: readonly PlannedChange[];
  /** The type of each live monitor by id: what a delete's `where.type` reads. */
  liveTypes: ReadonlyMap<string, string>;
  /** The policy in force at the last apply, as the lock records it: the section lists what changed since. */
  recorded?: LockPolicy | undefined;
}

/** undefined when the set declares no policy, none is recorded, and no monitor uses an exception. */
export function policySection({
  desired,
  diagnostics,
  changes,
  liveTypes,
  recorded,
}: PolicyInput): PlanPolicy | undefined {
  const exceptions = desired.monitors.flatMap((m) =>
    (m.policyExceptions ?? []).map((e) => ({
      rule: e.id,
      monitor: m.name,
      reason: e.reason,
      file: m.source.file,
      line: m.source.line,
      col: m.source.col,
      ...(m.instance !== undefined ? { instance: m.instance } : {}),
      from: e.from,
    })),
  );
  const policy = desired.policy;
  // A policy dropped since the last apply still has a section: its removal is what to review.
  if (!policy && !recorded && exceptions.length === 0) return undefined;
  const findings = diagnostics.filter((d) => isPolicyViolation(d.code)).map(findingOf);
  const rules = policy?.rules ?? [];
  const checked = changes.map((change) => ({
    action: change.action,
    name: change.name,
    ...(change.previous_name !== undefined ? { previousName: change.previous_name } : {}),
    ...typeOf(change, liveTypes),
    change,
  }));
  const denied: PlanPolicy['denied'] = [];
  for (const { rule, change } of deniedChanges(rules, checked)) {
    const reviewed = change.action === 'delete' ? reviewedDelete(desired, change.name, rule.id) : undefined;
    if (reviewed) {
      exceptions.push({ rule: rule.id, monitor: change.name, ...reviewed });
      continue;
    }
    const why = `${rule.description ? `${rule.description.trim().replace(/[.!]$/, '')} (` : ''}a ${change.action} of "${change.name}" is denied${rule.description ? ')' : ''}`;
    denied.push({
      rule: rule.id,
      level: rule.level,
      action: change.action,
      name: change.name,
      id: change.change.id,
      message: `policy ${rule.id} (${rule.level}): ${why}${change.action === 'delete' ? throughDeleted(change.name, rule.id) : ''}`,
    });
  }
  const violations = findings.filter((f) => f.severity === 'error').map(({ severity: _s, ...f }) => f);
  return {
    ...(policy ? { source: policy.source } : {}),
    rules: rules.map((r) => ({
      id: r.id,
      level: r.level,
      fingerprint: r.fingerprint,
      ...(r.parts ? { parts: r.parts } : {}),
    })),
    changes: policyChanges(recorded, rules),
    // An advisory deny rule warns (its denial is listed); it does not refuse the plan.
    refused: violations.length > 0 || denied.some((d) => d.level === 'mandatory'),
    violations,
    warnings: findings.filter((f) => f.severity !== 'error').map(({ severity: _s, ...f }) => f),
    denied,
    exceptions: exceptions.sort(
      (a, b) => compareText(a.rule, b.rule) || compareText(a.file, b.file) || a.line - b.line,
    ),
  };
}

/** PLAN_POLICY when the plan's policy section refuses it; nothing is written then. */
export function policyRefusal(policy: PlanPolicy | undefined, command: string): MonitorsError | undefined {
  if (!policy?.refused) return undefined;
  const refusedChanges = policy.denied.filter((d) => d.level === 'mandatory').length;
  const parts = [
    ...(policy.violations.length > 0
      ? [`${policy.violations.length} mandatory violation${policy.violations.length === 1 ? '' : 's'}`]
      : []),
    ...(refusedChanges > 0 ? [`${refusedChanges} change${refusedChanges === 1 ? '' : 's'} a deny rule refuses`] : []),
  ];
  return new MonitorsError(
    'PLAN_POLICY',
    `the policy refuses this ${command}: ${parts.join(' and ')}; nothing was written`,
    {
      hint:
        refusedChanges > 0
          ? 'Fix what the policy section lists, or add a policy_exceptions entry with its reason to the monitor, or for a delete made on purpose to a deleted: entry naming it, for review in the pull request (docs/policy.md).'
          : 'Fix what the policy section lists, or add a policy_exceptions entry with its reason to the monitor, for review in the pull request (docs/policy.md).',
    },
  );
}

/** The `deleted:` entry naming this monitor with an exception for the rule, as an exception used. */
function reviewedDelete(
  desired: DesiredState,
  name: string,
  rule: string,
): Omit<PlanPolicy['exceptions'][number], 'rule' | 'monitor'> | undefined {
  const nfc = name.normalize('NFC');
  for (const entry of desired.deleted ?? []) {
    if (entry.name.normalize('NFC') !== nfc) continue;
    const exception = entry.exceptions.find((e) => e.id === rule);
    if (exception) return { reason: exception.reason, ...entry.source, from: 'deleted' };
  }
  return undefined;
}

/** The way through a refused delete, reviewable in the pull request (docs/policy.md, "A reviewed delete"). */
const throughDeleted = (name: string, rule: string): string =>
  `; to delete it on purpose, add to a file of the set: deleted: [{ name: ${JSON.stringify(name)}, policy_exceptions: [{ id: ${rule}, reason: "..." }] }]`;

function findingOf(d: Diagnostic): PolicyFinding & { severity: Diagnostic['severity'] } {
  return { rule: ruleOfCode(d.code), file: d.file, line: d.line, col: d.col, message: d.message, severity: d.severity };
}

function typeOf(change: PlannedChange, liveTypes: ReadonlyMap<string, string>): { type?: string } {
  const bodyType = change.body?.type;
  if (typeof bodyType === 'string') return { type: bodyType };
  const live = change.id === null ? undefined : liveTypes.get(change.id);
  return live !== undefined ? { type: live } : {};
}
