// The policy section of a plan, in text and in Markdown: violations, denied changes,
// advisory warnings and every exception used (with its reason, for review), the rules
// changed since the last apply (first: a loosened rule is what a reviewer must not miss),
// and whether the policy refuses the plan. A refused plan's Markdown carries POLICY_REFUSED_MARKER, which
// `monitors ci` looks for to put the refused plan in the comment.
import { printable } from '../model/printable.js';
import type { PlanPolicy, PolicyRuleChange } from '../plan/types.js';
import { code, inline } from './markdown-text.js';
import { locationText } from '../model/location-text.js';

export const POLICY_REFUSED_MARKER = '<!-- monitors:policy-refused -->';

/** At most this many lines of each kind; the job log (text) has them all. */
const MARKDOWN_ROWS = 20;

interface Row {
  kind: 'violation' | 'denied' | 'warning' | 'exception';
  rule: string;
  where: string;
  what: string;
}

const FROM = { entry: '', defaults: ', from defaults', deleted: ', a reviewed delete (deleted:)' } as const;

function rowsOf(policy: PlanPolicy): Row[] {
  const at = (f: { file: string; line: number; col: number }) => locationText(f);
  return [
    ...policy.violations.map((v) => ({ kind: 'violation' as const, rule: v.rule, where: at(v), what: v.message })),
    ...policy.denied.map((d) => ({
      kind: d.level === 'mandatory' ? ('denied' as const) : ('warning' as const),
      rule: d.rule,
      where: `${d.action} "${d.name}"${d.id ? ` (${d.id})` : ''}`,
      what: d.message,
    })),
    ...policy.warnings.map((w) => ({ kind: 'warning' as const, rule: w.rule, where: at(w), what: w.message })),
    ...policy.exceptions.map((e) => ({
      kind: 'exception' as const,
      rule: e.rule,
      where: `"${e.monitor}" at ${at(e)}${e.instance !== undefined ? ` (${e.instance})` : ''}${FROM[e.from]}`,
      what: `reason: ${e.reason}`,
    })),
  ];
}

function refusalText(policy: PlanPolicy): string {
  const denied = policy.denied.filter((d) => d.level === 'mandatory').length;
  const parts = [
    ...(policy.violations.length > 0 ? [plural(policy.violations.length, 'mandatory violation')] : []),
    ...(denied > 0 ? [plural(denied, 'denied change')] : []),
  ];
  return `Refused by policy: ${parts.join(', ')}. Nothing can be applied until they are fixed, or excepted with a reason.`;
}

const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

function headText(policy: PlanPolicy): string {
  const from = policy.source ? ` (${locationText(policy.source)})` : '';
  return `Policy${from}: ${plural(policy.rules.length, 'rule')} in force`;
}

const CHANGE_SYMBOL = { add: '+', change: '~', remove: '-' } as const;
const CHANGE_ICON = { add: '➕', change: '🔁', remove: '🗑️' } as const;
const CHANGE_COLOR = { add: 32, change: 33, remove: 31 } as const;
const CHANGED_HEAD = 'Policy changed since the last apply:';

/** What changed in a changed rule: `level advisory -> mandatory`, then each key that changed. */
function changedParts(change: PolicyRuleChange, arrow: string, key: (k: string) => string): string[] {
  const parts = [
    ...(change.previous_level ? [`level ${change.previous_level} ${arrow} ${change.level}`] : []),
    ...(change.changed ?? []).map((k) => `${key(k)} changed`),
  ];
  return parts.length > 0 ? parts : ['changed'];
}

/** `+ rule team-tag (mandatory)`, `~ rule prod: level advisory -> mandatory, require changed`. */
function changeText(change: PolicyRuleChange): string {
  const detail =
    change.action === 'change' ? `: ${changedParts(change, '->', (k) => k).join(', ')}` : ` (${change.level})`;
  return `${CHANGE_SYMBOL[change.action]} rule ${change.rule}${detail}`;
}

function changeLines(policy: PlanPolicy, paint: (code: number, text: string) => string): string[] {
  const changes = policy.changes ?? [];
  if (changes.length === 0) return [];
  return [
    paint(1, CHANGED_HEAD),
    ...changes.map((c) => paint(CHANGE_COLOR[c.action], printable(`  ${changeText(c)}`))),
  ];
}

const TEXT_LABEL = { violation: 'violation', denied: 'denied', warning: 'warning', exception: 'exception' } as const;

/** Lines for the terminal; `paint` colours (31 red, 33 yellow). */
export function policyTextLines(policy: PlanPolicy, paint: (code: number, text: string) => string): string[] {
  const rows = rowsOf(policy);
  const changes = changeLines(policy, paint);
  const quiet = rows.length === 0 && changes.length === 0;
  const lines = [printable(`${headText(policy)}${quiet ? '; nothing to report.' : rows.length === 0 ? '.' : ':'}`)];
  lines.push(...changes);
  for (const row of rows) {
    const line = printable(`  ${TEXT_LABEL[row.kind].padEnd(9)} ${row.rule}  ${row.where}: ${row.what}`);
    lines.push(
      row.kind === 'violation' || row.kind === 'denied'
        ? paint(31, line)
        : row.kind === 'warning'
          ? paint(33, line)
          : line,
    );
  }
  if (policy.refused) lines.push(paint(31, printable(refusalText(policy))));
  return lines;
}

const ICON = {
  violation: '⛔ violation',
  denied: '⛔ denied',
  warning: '⚠️ advisory',
  exception: '📝 exception',
} as const;

/**
 * The Markdown section, bounded: at most MARKDOWN_ROWS rows of each kind. What refuses the
 * plan and the exceptions to review are above the fold; the advisory findings, which refuse
 * nothing, are folded in a <details> block of their own.
 */
export function policyMarkdownLines(policy: PlanPolicy): string[] {
  const rows = rowsOf(policy);
  const advisory = rows.filter((r) => r.kind === 'warning');
  const above = rows.filter((r) => r.kind !== 'warning');
  const lines: string[] = [];
  if (policy.refused) lines.push(`> ⛔ **${inline(refusalText(policy))}**`, POLICY_REFUSED_MARKER, '');
  lines.push(...changeMarkdownLines(policy));
  lines.push(`**${inline(headText(policy))}**${rows.length === 0 ? ': nothing to report.' : ''}`, '');
  if (above.length > 0) lines.push(...rowTable(above), '');
  if (advisory.length > 0) {
    const summary = `⚠️ ${plural(advisory.length, 'advisory policy finding')} (nothing refused)`;
    lines.push('<details>', `<summary>${summary}</summary>`, '', ...rowTable(advisory), '', '</details>', '');
  }
  return lines;
}

function rowTable(rows: readonly Row[]): string[] {
  const lines = ['| | Rule | Where | What |', '|---|---|---|---|'];
  const shown = new Map<Row['kind'], number>();
  let left = 0;
  for (const row of rows) {
    const count = shown.get(row.kind) ?? 0;
    if (count >= MARKDOWN_ROWS) {
      left += 1;
      continue;
    }
    shown.set(row.kind, count + 1);
    lines.push(`| ${ICON[row.kind]} | ${code(row.rule, true)} | ${code(row.where, true)} | ${inline(row.what)} |`);
  }
  if (left > 0)
    lines.push('', `_${left} more policy line${left === 1 ? '' : 's'} left out; the job log has them all._`);
  return lines;
}

/** `➕ rule `team-tag` added (mandatory)`, `🔁 rule `prod` changed: level advisory → mandatory, `require``. */
function changeMarkdown(change: PolicyRuleChange): string {
  const rule = `${CHANGE_ICON[change.action]} rule ${code(change.rule)}`;
  if (change.action === 'add') return `${rule} added (${change.level})`;
  if (change.action === 'remove') return `${rule} removed (was ${change.level})`;
  return `${rule}: ${changedParts(change, '→', (k) => code(k)).join(', ')}`;
}

/** A quoted list above the fold (the head of the comment), bounded like the rows. */
function changeMarkdownLines(policy: PlanPolicy): string[] {
  const changes = policy.changes ?? [];
  if (changes.length === 0) return [];
  const lines = [`> 📜 **${CHANGED_HEAD}**`, '>'];
  for (const c of changes.slice(0, MARKDOWN_ROWS)) lines.push(`> - ${changeMarkdown(c)}`);
  const left = changes.length - MARKDOWN_ROWS;
  if (left > 0) lines.push(`> - _${left} more rule change${left === 1 ? '' : 's'}; the job log has them all._`);
  lines.push('');
  return lines;
}
