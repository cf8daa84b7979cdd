// The terminal view of a plan, Terraform-like: a block per change, field diffs, the
// unmanaged monitors, warnings and notes, then the summary line. Colour only when asked
// (the CLI decides: a TTY and no NO_COLOR). Every text from the plan passes printable():
// only the renderer's own colour codes reach the terminal.
import type { PlannedChange, Plan } from '../plan/types.js';
import {
  ACTION_WORD,
  fieldSummary,
  isMultiline,
  multilineDiff,
  sourceText,
  summaryLine,
  targetsText,
  unreadLine,
} from './plan-common.js';
import { printable } from '../model/printable.js';
import { policyTextLines } from './plan-policy.js';

export interface TextOptions {
  color: boolean;
}

const SYMBOL = { create: '+', replace: '~', delete: '-', forget: '=' } as const;
const COLOR = { create: 32, replace: 33, delete: 31, forget: 36 } as const;

export function renderPlanText(plan: Plan, options: TextOptions): string {
  const paint: Paint = (code, text) => (options.color ? `\u001b[${code}m${text}\u001b[0m` : text);
  const out: string[] = [];
  if (plan.environment !== undefined) out.push(paint(1, printable(`Environment: ${plan.environment}`)), '');
  const unread = unreadLine(plan);
  if (unread) out.push(paint(33, printable(`Warning: ${unread}`)), '');
  if (plan.targets) out.push(paint(1, printable(`Targets: ${targetsText(plan.targets)} (a partial plan)`)), '');
  if (plan.files) out.push(paint(1, printable(`Files: ${plan.files.join(', ')} (a partial plan of the set)`)), '');
  for (const change of plan.changes) out.push(...changeBlock(change, paint), '');
  const left = plan.not_targeted?.length ?? 0;
  if (left > 0) {
    out.push(
      `Not targeted: ${left} other change${left === 1 ? ' is' : 's are'} left out of this plan; their lock records are untouched (plan without --target to see ${left === 1 ? 'it' : 'them'}).`,
      '',
    );
  }
  const outside = plan.outside_files ?? [];
  if (outside.length > 0) {
    out.push(
      `Outside the files named: ${outside.length} change${outside.length === 1 ? '' : 's'} of the set's other files ${outside.length === 1 ? 'is' : 'are'} left out of this plan, ${outside.length === 1 ? 'its lock record' : 'their lock records'} untouched (plan the whole set to see ${outside.length === 1 ? 'it' : 'them'}):`,
    );
    for (const c of outside) out.push(printable(`  ${ACTION_WORD[c.action]} "${c.name}"${c.id ? ` (${c.id})` : ''}`));
    out.push('');
  }
  if (plan.unmanaged.length > 0) {
    out.push(
      `Unmanaged: ${plan.unmanaged.length} live monitor${plan.unmanaged.length === 1 ? ' is' : 's are'} in neither the YAML nor the lock file; they are never deleted:`,
    );
    for (const u of plan.unmanaged) out.push(printable(`  ${u.name} (${u.id})`));
    out.push('');
  }
  if (plan.policy) out.push(...policyTextLines(plan.policy, paint), '');
  for (const w of plan.warnings) out.push(paint(33, printable(`Warning: ${w}`)));
  for (const n of plan.notes) out.push(printable(`Note: ${n}`));
  if (plan.warnings.length + plan.notes.length > 0) out.push('');
  out.push(paint(1, summaryLine(plan)));
  return `${out.join('\n')}\n`;
}

type Paint = (code: number, text: string) => string;

function changeBlock(change: PlannedChange, paint: Paint): string[] {
  const id = change.id ? ` (${change.id})` : '';
  const head = paint(
    COLOR[change.action],
    printable(`${SYMBOL[change.action]} ${ACTION_WORD[change.action]} "${change.name}"${id}`),
  );
  const lines = [head, printable(`    reason: ${change.reason_text}`)];
  if (change.source) lines.push(printable(`    defined at: ${sourceText(change.source)}`));
  for (const note of change.notes ?? []) lines.push(paint(33, printable(`    note: ${note}`)));
  const width = Math.min(24, Math.max(0, ...change.fields.map((f) => f.field.length)));
  for (const field of change.fields) {
    if (isMultiline(field)) {
      lines.push(printable(`    ${field.field}:`));
      for (const line of multilineDiff(field).map(printable)) {
        const colour = line.startsWith('+') ? 32 : line.startsWith('-') ? 31 : 0;
        lines.push(`      ${colour ? paint(colour, line) : line}`);
      }
    } else {
      lines.push(
        printable(`    ${`${field.field}:`.padEnd(width + 1)} ${fieldSummary(field, change.action === 'create')}`),
      );
    }
  }
  return lines;
}
