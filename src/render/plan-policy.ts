// The policy section of a plan, in text and in Markdown: violations, denied changes,
// advisory warnings and every exception used (with its reason, for review), and whether the
// policy refuses the plan. A refused plan's Markdown carries POLICY_REFUSED_MARKER, which
// `monitors ci` looks for to put the refused plan in the comment.
import { printable } from '../model/printable.js';
import type { PlanPolicy } from '../plan/types.js';
import { code, inline } from './markdown-text.js';

export const POLICY_REFUSED_MARKER = '<!-- monitors:policy-refused -->';

/** At most this many lines of each kind; the job log (text) has them all. */
const MARKDOWN_ROWS = 20;

interface Row {
  kind: 'violation' | 'denied' | 'warning' | 'exception';
  rule: string;
  where: string;
  what: string;
}

function rowsOf(policy: PlanPolicy): Row[] {
  const at = (f: { file: string; line: number; col: number }) => `${f.file}:${f.line}:${f.col}`;
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
      where: `"${e.monitor}" at ${at(e)}${e.instance !== undefined ? ` (${e.instance})` : ''}${e.from === 'defaults' ? ', from defaults' : ''}`,
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
  const from = policy.source ? ` (${policy.source.file}:${policy.source.line}:${policy.source.col})` : '';
  return `Policy${from}: ${plural(policy.rules.length, 'rule')} in force`;
}

const TEXT_LABEL = { violation: 'violation', denied: 'denied', warning: 'warning', exception: 'exception' } as const;

/** Lines for the terminal; `paint` colours (31 red, 33 yellow). */
export function policyTextLines(policy: PlanPolicy, paint: (code: number, text: string) => string): string[] {
  const rows = rowsOf(policy);
  const lines = [printable(`${headText(policy)}${rows.length === 0 ? '; nothing to report.' : ':'}`)];
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

/** The Markdown section, bounded: at most MARKDOWN_ROWS rows of each kind. */
export function policyMarkdownLines(policy: PlanPolicy): string[] {
  const rows = rowsOf(policy);
  const lines: string[] = [];
  if (policy.refused) lines.push(`> ⛔ **${inline(refusalText(policy))}**`, POLICY_REFUSED_MARKER, '');
  lines.push(`**${inline(headText(policy))}**${rows.length === 0 ? ': nothing to report.' : ''}`, '');
  if (rows.length === 0) return lines;
  lines.push('| | Rule | Where | What |', '|---|---|---|---|');
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
  lines.push('');
  return lines;
}
