// The pull-request view of a plan: the summary line above a <details> block with a table
// of changes and a diff per change, capped below GitHub's 65,536-character comment limit
// with a note saying what was cut.
import type { PlannedChange, Plan } from '../plan/types.js';
import { code, inline } from './markdown-text.js';
import { policyMarkdownLines } from './plan-policy.js';
import {
  ACTION_WORD,
  fieldSummary,
  isMultiline,
  multilineDiff,
  noFieldsText,
  sourceText,
  summaryLine,
  targetsText,
  unreadLine,
} from './plan-common.js';

/** Room for the changes, leaving space for the head, the tail and the cut note. */
export const MARKDOWN_BUDGET = 60_000;

const ICON = { create: '➕ create', replace: '✏️ update', delete: '🗑️ delete', forget: '📤 forget' } as const;

export function renderPlanMarkdown(plan: Plan, budget = MARKDOWN_BUDGET): string {
  const head = [`**${summaryLine(plan, plan.environment)}**`, ''];
  const unread = unreadLine(plan);
  if (unread) head.push(`> ⚠️ ${inline(unread)}`, ''); // above the fold
  if (plan.targets)
    head.push(`> Partial plan: only the monitors matching --target ${inline(targetsText(plan.targets))}.`, '');
  if (plan.files)
    head.push(
      `> Partial plan: only the monitors of ${inline(plan.files.join(', '))} (the set's other files are left alone).`,
      '',
    );
  for (const w of plan.warnings) head.push(`> ⚠️ ${inline(w)}`, '');
  // Above the changes: what the policy says decides whether they may go ahead.
  const policy = plan.policy ? policyMarkdownLines(plan.policy) : [];
  head.push(...policy);
  const left = plan.not_targeted ?? [];
  const outside = plan.outside_files ?? [];
  if (plan.changes.length === 0 && plan.unmanaged.length === 0 && left.length + outside.length === 0)
    return `${head.join('\n').trimEnd()}\n`;

  // The unmanaged list and the notes are bounded first (notes may be one per stale lock
  // record: thousands), so that the changes can never push the comment past the limit.
  const unmanaged = [
    ...(left.length > 0 ? [notTargetedLine(left, budget / 10)] : []),
    ...(outside.length > 0 ? [notTargetedLine(outside, budget / 10, 'outside the files named')] : []),
    ...(plan.unmanaged.length > 0 ? [unmanagedLine(plan.unmanaged, budget / 10)] : []),
  ];
  const notes: string[] = [];
  let notesUsed = 0;
  for (const n of plan.notes) {
    const line = `_${inline(n)}_`;
    if (notesUsed + line.length > budget / 10) break;
    notes.push(line);
    notesUsed += line.length + 2;
  }
  let used = unmanaged.join('').length + notesUsed + policy.join('\n').length;
  const notesLeft = plan.notes.length - notes.length;
  if (notesLeft > 0)
    notes.push(`_${notesLeft} more note${notesLeft === 1 ? '' : 's'} left out; the full plan is in the job log._`);

  const body: string[] = plan.changes.length > 0 ? ['| | Monitor | Id | Reason |', '|---|---|---|---|'] : [];
  let shownRows = 0;
  for (const c of plan.changes) {
    const row = `| ${ICON[c.action]} | ${code(c.name, true)} | ${c.id ? code(c.id, true) : ''} | ${inline(c.reason_text)}${c.notes?.length ? ` (${inline(c.notes.join('; '))})` : ''} |`;
    if (used + row.length > budget / 2) break;
    body.push(row);
    used += row.length + 1;
    shownRows += 1;
  }
  const details: string[] = [];
  let shownDetails = 0;
  for (const c of plan.changes.slice(0, shownRows)) {
    const block = changeDetails(c);
    if (used + block.length > budget) break;
    details.push(block);
    used += block.length + 1;
    shownDetails += 1;
  }
  const tail: string[] = [];
  for (const line of [...unmanaged, ...notes]) tail.push('', line);
  const cut = plan.changes.length - shownDetails;
  if (cut > 0) {
    const rows = plan.changes.length - shownRows;
    tail.push(
      '',
      `**Cut to fit a comment:** ${rows > 0 ? `${rows} change${rows === 1 ? '' : 's'} left out of the table and ` : ''}${cut} change${cut === 1 ? '' : 's'} without field details. The full plan is in the job log (\`monitors plan\`, or \`--format json\`).`,
    );
  }
  const summary =
    plan.changes.length > 0
      ? `Show ${plan.changes.length} change${plan.changes.length === 1 ? '' : 's'}`
      : left.length > 0
        ? 'Show the changes not targeted'
        : 'Show the unmanaged monitors';
  return `${[...head, '<details>', `<summary>${summary}</summary>`, '', ...body, '', ...details, ...tail, '', '</details>'].join('\n')}\n`;
}

/** At most 50 names, and no more text than `room`: names come from the server, of any length. */
function unmanagedLine(unmanaged: Plan['unmanaged'], room: number): string {
  const n = unmanaged.length;
  return `${n} unmanaged monitor${n === 1 ? '' : 's'} (in neither the YAML nor the lock file; never deleted): ${nameList(
    unmanaged.map((u) => code(u.name)),
    room,
  )}`;
}

/** The changes a --target plan leaves out, by action and name, bounded like the unmanaged list. */
function notTargetedLine(left: NonNullable<Plan['not_targeted']>, room: number, what = 'not targeted'): string {
  const n = left.length;
  return `${n} change${n === 1 ? '' : 's'} ${what} (left out of this plan; their lock records are untouched): ${nameList(
    left.map((c) => `${ACTION_WORD[c.action]} ${code(c.name)}`),
    room,
  )}`;
}

function nameList(items: readonly string[], room: number): string {
  const shown: string[] = [];
  let used = 0;
  for (const item of items.slice(0, 50)) {
    if (used + item.length + 2 > room) break;
    shown.push(item);
    used += item.length + 2;
  }
  return `${shown.join(', ')}${shown.length < items.length ? `${shown.length > 0 ? ', ' : ''}...` : ''}`;
}

function changeDetails(c: PlannedChange): string {
  const lines = [`#### ${ICON[c.action]} ${code(c.name)}`, ''];
  if (c.source) lines.push(`Defined at ${code(sourceText(c.source))}`, '');
  if (c.fields.length === 0) return `${lines.join('\n')}${noFieldsText(c)}\n`;
  lines.push('```diff');
  for (const f of c.fields) {
    if (isMultiline(f)) {
      lines.push(`! ${f.field}:`);
      lines.push(...multilineDiff(f).map((l) => fence(l)));
    } else {
      const text = fieldSummary(f, c.action === 'create');
      lines.push(fence(`${c.action === 'create' ? '+' : '!'} ${f.field}: ${text}`));
    }
  }
  lines.push('```');
  return `${lines.join('\n')}\n`;
}

/** A line inside a ```diff fence must not close it. */
function fence(line: string): string {
  return line.replace(/```/g, '`\u200b``');
}
