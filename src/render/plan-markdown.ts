// The pull-request view of a plan: the summary line above a <details> block with a table
// of changes and a diff per change, capped below GitHub's 65,536-character comment limit
// with a note saying what was cut.
import type { PlannedChange, Plan } from '../plan/types.js';
import { fieldSummary, isMultiline, multilineDiff, summaryLine } from './plan-common.js';

/** Room for the changes, leaving space for the head, the tail and the cut note. */
export const MARKDOWN_BUDGET = 60_000;

const ICON = { create: '➕ create', replace: '🔁 replace', delete: '🗑️ delete' } as const;

export function renderPlanMarkdown(plan: Plan, budget = MARKDOWN_BUDGET): string {
  const head = [`**${summaryLine(plan)}**`, ''];
  for (const w of plan.warnings) head.push(`> ⚠️ ${inline(w)}`, '');
  if (plan.changes.length === 0 && plan.unmanaged.length === 0) return `${head.join('\n').trimEnd()}\n`;

  const body: string[] = ['| | Monitor | Id | Reason |', '|---|---|---|---|'];
  let used = 0;
  let shownRows = 0;
  for (const c of plan.changes) {
    const row = `| ${ICON[c.action]} | ${code(c.name)} | ${c.id ? code(c.id) : ''} | ${inline(c.reason_text)}${c.notes?.length ? ` (${inline(c.notes.join('; '))})` : ''} |`;
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
  if (plan.unmanaged.length > 0) {
    tail.push('', `${plan.unmanaged.length} unmanaged monitor${plan.unmanaged.length === 1 ? '' : 's'} (not in the YAML nor the lock file; never deleted): ${plan.unmanaged.slice(0, 50).map((u) => code(u.name)).join(', ')}${plan.unmanaged.length > 50 ? ', ...' : ''}`);
  }
  for (const n of plan.notes) tail.push('', `_${inline(n)}_`);
  const cut = plan.changes.length - shownDetails;
  if (cut > 0) {
    const rows = plan.changes.length - shownRows;
    tail.push('', `**Cut to fit a comment:** ${rows > 0 ? `${rows} change${rows === 1 ? '' : 's'} left out of the table and ` : ''}${cut} change${cut === 1 ? '' : 's'} without field details. The full plan is in the job log (\`monitors plan\`, or \`--format json\`).`);
  }
  const summary = `Show ${plan.changes.length} change${plan.changes.length === 1 ? '' : 's'}`;
  return `${[...head, '<details>', `<summary>${summary}</summary>`, '', ...body, '', ...details, ...tail, '', '</details>'].join('\n')}\n`;
}

function changeDetails(c: PlannedChange): string {
  const lines = [`#### ${ICON[c.action]} ${code(c.name)}`, ''];
  if (c.fields.length === 0) return `${lines.join('\n')}${c.action === 'delete' ? 'The monitor will be deleted.' : 'No field-level detail (the listing cannot show the fields).'}\n`;
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

/** Inline code that survives backticks and pipes in names. */
function code(text: string): string {
  const clean = text.replace(/\|/g, '\\|').replace(/[\r\n]+/g, ' ');
  const ticks = clean.includes('`') ? '``' : '`';
  return `${ticks}${ticks.length > 1 ? ' ' : ''}${clean}${ticks.length > 1 ? ' ' : ''}${ticks}`;
}

function inline(text: string): string {
  return text.replace(/[\\`*_<>|[\]]/g, (c) => `\\${c}`).replace(/[\r\n]+/g, ' ');
}

/** A line inside a ```diff fence must not close it. */
function fence(line: string): string {
  return line.replace(/```/g, '`\u200b``');
}
