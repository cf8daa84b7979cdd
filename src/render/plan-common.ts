// What the text and Markdown views share: the summary line, value formatting, and the
// line diff of multi-line fields (body, headers).
import { diffLines } from 'diff';
import type { ChangeSource, FieldChange, Plan, PlannedChange } from '../plan/types.js';
import { locationText } from '../model/location-text.js';

export const SENSITIVE = '(sensitive value changed)';
/** A plan saved by an earlier version, which did not say why an old value is unknown. */
export const NOT_READABLE = '(not readable)';
/** The lock record was written before values were kept: known again after the next apply. */
export const NOT_RECORDED = '(not recorded)';
/** The old value came from `${env:...}`: the lock kept only its hash. */
export const FROM_ENVIRONMENT = '(from the environment)';

/**
 * `Plan: 3 to create, 1 to update, 0 to delete.`, with `, 1 to forget` when `removed:`
 * entries drop lock records (`update` is the plan's `replace`: a PUT in place on the same id,
 * which a Terraform reader would take for destroy-and-create; JSON keeps `replace`); a --target plan says it is partial and how much it leaves out.
 * With `environment` (the Markdown view, which has no other heading): `Plan for staging:
 * ...`, `No changes in staging. ...`.
 */
export function summaryLine(plan: Plan, environment?: string): string {
  const { create, replace, delete: del, forget = 0, unchanged } = plan.summary;
  if (plan.intent === 'destroy') return destroyLine(plan, environment);
  const left = plan.not_targeted?.length ?? 0;
  const notTargeted = `${left} change${left === 1 ? '' : 's'} not targeted`;
  if (create + replace + del + forget === 0) {
    if (plan.targets)
      return `No changes in the targeted monitors${of(environment)} (partial plan, --target); ${notTargeted}.`;
    return `No changes${environment !== undefined ? ` in ${environment}` : ''}. ${unchanged} monitor${unchanged === 1 ? '' : 's'} up to date.`;
  }
  const counts = `${create} to create, ${replace} to update, ${del} to delete${forget > 0 ? `, ${forget} to forget` : ''}`;
  const planFor = `Plan${environment !== undefined ? ` for ${environment}` : ''}`;
  return plan.targets ? `${planFor} (partial, --target): ${counts}; ${notTargeted}.` : `${planFor}: ${counts}.`;
}

/** A destroy says what it is: deletes by intent, not a routine plan that happens to delete. */
function destroyLine(plan: Plan, environment: string | undefined): string {
  const n = plan.summary.delete;
  if (n === 0)
    return `Nothing to destroy${environment !== undefined ? ` in ${environment}` : ''}: the lock manages no live monitor.`;
  return `Destroy${environment !== undefined ? ` ${environment}` : ''}: ${n} monitor${n === 1 ? '' : 's'} to delete.`;
}

const of = (environment: string | undefined) => (environment !== undefined ? ` of ${environment}` : '');

/** `"shop: *", "api"`: the --target patterns as given. */
export function targetsText(targets: readonly string[]): string {
  return targets.map((t) => JSON.stringify(t)).join(', ');
}

/** The word people read for an action: `replace` (the JSON's) is an update in place, same id. */
export const ACTION_WORD = { create: 'create', replace: 'update', delete: 'delete', forget: 'forget' } as const;

/** What a change without field-level detail does, in words (Markdown and text). */
export function noFieldsText(change: PlannedChange): string {
  switch (change.action) {
    case 'delete':
      return 'The monitor will be deleted.';
    case 'forget':
      return 'Its lock record will be dropped; nothing is sent, and the monitor stays on the server, unmanaged.';
    default:
      if (change.reason === 'forced') return 'Nothing differs: it is sent again as written (--replace).';
      // What the lock recorded differs only in fields the server already holds as the YAML says.
      if (change.reason === 'changed_since_apply')
        return 'The server already holds what the YAML says; it is sent again so that the lock file records it.';
      return 'No field-level detail (the listing cannot show the fields).';
  }
}

/** `monitors/api.yaml:12:5 (region=us-east, check=health)`: where to edit a change. */
export function sourceText(source: ChangeSource): string {
  return `${locationText(source)}${source.instance !== undefined ? ` (${source.instance})` : ''}`;
}

export function formatValue(value: unknown): string {
  if (value === undefined || value === null) return '(unset)';
  return JSON.stringify(value);
}

export function isMultiline(change: FieldChange): boolean {
  return !change.sensitive && [change.old, change.new].some((v) => typeof v === 'string' && v.includes('\n'));
}

/** `old -> new`, or the sensitive / unknown placeholders. */
export function fieldSummary(change: FieldChange, isCreate: boolean): string {
  if (change.sensitive) return isCreate ? '(sensitive value)' : SENSITIVE;
  if (isCreate) return formatValue(change.new);
  const old = change.oldKnown ? formatValue(change.old) : unknownOld(change);
  const next = change.serverDefault ? SERVER_DEFAULT : formatValue(change.new);
  return `${old} -> ${next}${change.guessed ? `  ${GUESSED}` : ''}`;
}

/** The YAML leaves the field out: a full replacement sets the server's default. */
export const SERVER_DEFAULT = '(server default)';
/** A value `export` wrote without reading it. */
export const GUESSED = '(guessed by export: check it)';

/**
 * The line a plan opens with when it replaces monitors nobody can read: how many are
 * overwritten with values nobody has read, and which fields. Undefined otherwise.
 */
export function unreadLine(plan: Plan): string | undefined {
  const unread = plan.overwrites_unread;
  if (!unread) return undefined;
  const n = unread.monitors;
  return `${n} monitor${n === 1 ? '' : 's'} will be overwritten with values nobody has read (no lock record; the listing does not show the old value of ${unread.fields.join(', ')}). Check each field below, above all those guessed by export.`;
}

function unknownOld(change: FieldChange): string {
  if (change.oldSource === 'not_recorded') return NOT_RECORDED;
  if (change.oldSource === 'environment') return FROM_ENVIRONMENT;
  return NOT_READABLE;
}

/** Unified line diff of two multi-line values: lines prefixed with '-', '+' or ' '. */
export function multilineDiff(change: FieldChange): string[] {
  const before = change.oldKnown && typeof change.old === 'string' ? change.old : '';
  const after = typeof change.new === 'string' ? change.new : '';
  const lines: string[] = [];
  if (!change.oldKnown) lines.push(`  ${unknownOld(change)} before; now:`);
  for (const part of diffLines(ensureNewline(before), ensureNewline(after))) {
    const mark = part.added ? '+' : part.removed ? '-' : ' ';
    for (const line of part.value.replace(/\n$/, '').split('\n')) lines.push(`${mark} ${line}`);
  }
  return lines;
}

function ensureNewline(text: string): string {
  return text === '' || text.endsWith('\n') ? text : `${text}\n`;
}
