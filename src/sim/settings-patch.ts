// The shared first step of checking a settings patch (faults, checks), whether it comes
// from flags, options or an admin endpoint: an object, known fields, valid values, every
// problem reported by field.
import type { ErrorDetail } from './validation.js';

/** Why a value is refused, or undefined. */
export type FieldCheck = (value: unknown) => string | undefined;

/** The problems of `patch` against `checks` (one per field); a non-object is one problem, `notObject`. */
export function patchProblems(
  patch: unknown,
  checks: Record<string, FieldCheck>,
  what: string,
  notObject: string,
): ErrorDetail[] {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return [detail('', 'admin.type', notObject)];
  const problems: ErrorDetail[] = [];
  for (const [field, value] of Object.entries(patch)) {
    // Own keys only: "__proto__" or "toString" must be unknown settings, not Object.prototype's.
    const check = Object.hasOwn(checks, field) ? checks[field] : undefined;
    const why = check ? check(value) : `unknown ${what}; known: ${Object.keys(checks).join(', ')}`;
    if (why) problems.push(detail(field, check ? 'admin.invalid' : 'admin.unknown_field', `${field} ${why}`));
  }
  return problems;
}

export function detail(field: string, code: string, message: string): ErrorDetail {
  return { field, pointer: field ? `/${field}` : '', code, message };
}
