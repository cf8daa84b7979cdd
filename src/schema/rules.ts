// Rules the spec leaves unstated but the server enforces (documented in docs/rules.md).
// Shared by the CLI loader and the simulator. Every rule tolerates fields of the wrong
// type (the schema reports those), so the loader can report rules and schema problems
// together in one pass.
import type { FieldProblem } from './check-input.js';
import { destinationProblem } from './destination.js';
import { headerProblems } from './headers-rule.js';
import { REQUIRED_BY_TYPE, URL_FORM_BY_TYPE, isMonitorType } from './type-fields.js';
import { executionModeProblems } from './location-rules.js';

export interface RuleOptions {
  /** Server rule: intervals the administrator enabled. Unknown to the CLI (spec: not shown). */
  enabledIntervals?: readonly number[];
}

const problem = (field: string, code: string, message: string, pointer = `/${field}`): FieldProblem => ({
  field,
  pointer,
  code,
  message,
});

/** Unset for the purpose of "this type needs it": absent, null, or an empty/blank string. */
function isUnset(input: Record<string, unknown>, field: string): boolean {
  const value = input[field];
  if (value === undefined || value === null) return true;
  // An empty json_pointer is the document root and an empty json_expected the empty string.
  if (field === 'json_pointer' || field === 'json_expected') return false;
  return typeof value === 'string' && value.trim() === '';
}

/** A rule's answer when it finds nothing: shared, so that a valid monitor allocates nothing here. */
const NONE: readonly FieldProblem[] = Object.freeze([]);

/** Cross-field and server rules for one monitor input (run beside the schema check). Runs for every monitor. */
export function ruleProblems(input: Record<string, unknown>, options: RuleOptions = {}): readonly FieldProblem[] {
  // Each rule called by name, not from a list: a call site with one target is inlined, and
  // a loop over eight rules cost as much as the rules themselves.
  let found = more(undefined, statusRange(input));
  found = more(found, typeRequirements(input));
  found = more(found, authRequirements(input));
  found = more(found, urlRule(input));
  found = more(found, headersRule(input));
  found = more(found, executionModeProblems(input));
  found = more(found, intervalRule(input, options));
  found = more(found, jsonPointerSyntax(input));
  return found ?? NONE;
}

function more(found: FieldProblem[] | undefined, problems: readonly FieldProblem[]): FieldProblem[] | undefined {
  if (problems.length === 0) return found;
  (found ??= []).push(...problems);
  return found;
}

function statusRange(input: Record<string, unknown>): readonly FieldProblem[] {
  const { expected_status_min: min, expected_status_max: max } = input;
  if (typeof min !== 'number' || typeof max !== 'number' || min <= max) return NONE;
  return [
    problem(
      'expected_status_max',
      'rule.status_range',
      `expected_status_max (${max}) must not be below expected_status_min (${min})`,
    ),
  ];
}

function typeRequirements(input: Record<string, unknown>): readonly FieldProblem[] {
  const type = input.type;
  if (!isMonitorType(type)) return NONE;
  let problems: FieldProblem[] | undefined;
  for (const field of REQUIRED_BY_TYPE[type])
    if (isUnset(input, field))
      (problems ??= []).push(problem(field, 'rule.required_for_type', `type "${type}" needs ${field}`));
  const operator = input.json_operator;
  if (type === 'json' && (operator === 'equals' || operator === 'not_equals') && isUnset(input, 'json_expected')) {
    (problems ??= []).push(
      problem(
        'json_expected',
        'rule.required_for_operator',
        `json_operator "${operator}" needs json_expected (the value to compare with)`,
      ),
    );
  }
  return problems ?? NONE;
}

function authRequirements(input: Record<string, unknown>): readonly FieldProblem[] {
  const auth = input.auth_type;
  if (auth !== 'basic' && auth !== 'bearer') return NONE;
  let problems: FieldProblem[] | undefined;
  for (const field of auth === 'basic' ? BASIC_NEEDS : BEARER_NEEDS)
    if (isUnset(input, field))
      (problems ??= []).push(problem(field, 'rule.required_for_auth', `auth_type "${auth}" needs ${field}`));
  return problems ?? NONE;
}

const BASIC_NEEDS = ['auth_username', 'auth_secret'] as const;
const BEARER_NEEDS = ['auth_secret'] as const;

function urlRule(input: Record<string, unknown>): readonly FieldProblem[] {
  if (typeof input.url !== 'string') return NONE;
  const kind = isMonitorType(input.type) ? URL_FORM_BY_TYPE[input.type] : 'url-or-host';
  const found = destinationProblem(input.url, kind);
  return found ? [problem('url', found.code, found.message)] : NONE;
}

function headersRule(input: Record<string, unknown>): readonly FieldProblem[] {
  if (typeof input.headers !== 'string') return NONE;
  return headerProblems(input.headers).map((p) => problem('headers', p.code, p.message));
}

function intervalRule(input: Record<string, unknown>, options: RuleOptions): readonly FieldProblem[] {
  const interval = input.interval_seconds;
  const enabled = options.enabledIntervals;
  if (!enabled || typeof interval !== 'number' || enabled.includes(interval)) return NONE;
  return [
    problem(
      'interval_seconds',
      'rule.interval_not_enabled',
      `interval_seconds ${interval} is not an enabled interval; use one of: ${enabled.join(', ')}`,
    ),
  ];
}

function jsonPointerSyntax(input: Record<string, unknown>): readonly FieldProblem[] {
  const pointer = input.json_pointer;
  if (typeof pointer !== 'string' || pointer === '') return NONE;
  if (pointer.startsWith('/') && !/~(?![01])/.test(pointer)) return NONE;
  return [
    problem(
      'json_pointer',
      'rule.json_pointer_syntax',
      'json_pointer must be a JSON Pointer (RFC 6901): empty, or starting with "/", with "~" only as ~0 or ~1',
    ),
  ];
}
