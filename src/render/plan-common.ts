// What the text and Markdown views share: the summary line, value formatting, and the
// line diff of multi-line fields (body, headers).
import { diffLines } from 'diff';
import type { ChangeSource, FieldChange, Plan } from '../plan/types.js';

export const SENSITIVE = '(sensitive value changed)';
export const NOT_READABLE = '(not readable)';

/**
 * `Plan: 3 to create, 1 to replace, 0 to delete.`; with `environment` (the Markdown view,
 * which has no other heading): `Plan for staging: ...`, `No changes in staging. ...`.
 */
export function summaryLine(plan: Plan, environment?: string): string {
  const { create, replace, delete: del, unchanged } = plan.summary;
  if (create + replace + del === 0)
    return `No changes${environment !== undefined ? ` in ${environment}` : ''}. ${unchanged} monitor${unchanged === 1 ? '' : 's'} up to date.`;
  return `Plan${environment !== undefined ? ` for ${environment}` : ''}: ${create} to create, ${replace} to replace, ${del} to delete.`;
}

/** `monitors/api.yaml:12:5 (region=us-east, check=health)`: where to edit a change. */
export function sourceText(source: ChangeSource): string {
  return `${source.file}:${source.line}:${source.col}${source.instance !== undefined ? ` (${source.instance})` : ''}`;
}

export function formatValue(value: unknown): string {
  if (value === undefined || value === null) return '(unset)';
  return JSON.stringify(value);
}

export function isMultiline(change: FieldChange): boolean {
  return !change.sensitive && [change.old, change.new].some((v) => typeof v === 'string' && v.includes('\n'));
}

/** `old -> new`, or the sensitive / unreadable placeholders. */
export function fieldSummary(change: FieldChange, isCreate: boolean): string {
  if (change.sensitive) return isCreate ? '(sensitive value)' : SENSITIVE;
  if (isCreate) return formatValue(change.new);
  const old = change.oldKnown ? formatValue(change.old) : NOT_READABLE;
  return `${old} -> ${formatValue(change.new)}`;
}

/** Unified line diff of two multi-line values: lines prefixed with '-', '+' or ' '. */
export function multilineDiff(change: FieldChange): string[] {
  const before = change.oldKnown && typeof change.old === 'string' ? change.old : '';
  const after = typeof change.new === 'string' ? change.new : '';
  const lines: string[] = [];
  if (!change.oldKnown) lines.push(`  ${NOT_READABLE} before; now:`);
  for (const part of diffLines(ensureNewline(before), ensureNewline(after))) {
    const mark = part.added ? '+' : part.removed ? '-' : ' ';
    for (const line of part.value.replace(/\n$/, '').split('\n')) lines.push(`${mark} ${line}`);
  }
  return lines;
}

function ensureNewline(text: string): string {
  return text === '' || text.endsWith('\n') ? text : `${text}\n`;
}
