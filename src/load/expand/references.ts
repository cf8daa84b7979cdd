// `${var.NAME}` and `${each.KEY}` in strings. A string that is one whole reference takes
// the value it refers to, type included (`interval_seconds: ${var.interval}` is an
// integer); references inside a longer string are replaced by their text. The grammar is
// src/model/reference-syntax.ts. `${env:NAME}` and the `$${` escapes are left alone here:
// they are resolved after, by src/load/expand/env.ts, so a var may itself hold one
// (`token: ${env:STAGING_TOKEN}`).
import { parseReferences, mayHoldReference } from '../../model/reference-syntax.js';
import { didYouMean } from '../../model/did-you-mean.js';

export type Scalar = string | number | boolean;
export type VarValue = Scalar | null | Scalar[];

export interface TemplateScope {
  /** The vars in force: the file's `vars:` overlaid by the environment's. */
  vars: ReadonlyMap<string, VarValue>;
  /** Names some environment sets although this one does not: "not set here", not "unknown". */
  varsElsewhere: ReadonlySet<string>;
  /** The instance's for_each values; undefined when the entry has no for_each. */
  each: ReadonlyMap<string, Scalar> | undefined;
}

export interface ReferenceIssue {
  code: string;
  /** The reference as written (`${var.domain}`): where in the value to point. */
  text: string;
  message: string;
  /** For a malformed one: what is wrong, quoting nothing of the value (a secret's field). */
  unquoted?: string;
}

export interface Substituted {
  value: unknown;
  issues: ReferenceIssue[];
}

const WHOLE = /^\$\{(var|each)\.([A-Za-z_][A-Za-z0-9_]*)\}$/;

/** Whether a value holds a reference, an escape or something like one: the values worth parsing. */
export function isTemplated(value: unknown): boolean {
  if (typeof value === 'string') return mayHoldReference(value);
  return Array.isArray(value) && value.some((v) => typeof v === 'string' && mayHoldReference(v));
}

/** Substitutes a string, or each string of a list (locations). */
export function substituteValue(value: unknown, scope: TemplateScope): Substituted {
  if (typeof value === 'string') return substitute(value, scope);
  if (!Array.isArray(value)) return { value, issues: [] };
  const issues: ReferenceIssue[] = [];
  const out = (value as unknown[]).map((item) => {
    if (typeof item !== 'string') return item;
    const s = substitute(item, scope);
    for (const issue of s.issues) issues.push(issue);
    return s.value;
  });
  return { value: out, issues };
}

/**
 * `${var.NAME}` and `${each.KEY}` replaced; `${env:NAME}` and `$${` escapes are kept as
 * written, for src/load/expand/env.ts to resolve and undo last (a var may hold `${env:NAME}`).
 * A malformed reference, or one of an unknown kind or name, is an issue at its `${`.
 */
export function substitute(text: string, scope: TemplateScope): Substituted {
  const issues: ReferenceIssue[] = [];
  const whole = WHOLE.exec(text);
  if (whole) {
    const found = lookup(whole[1] as 'var' | 'each', whole[2]!, text, scope, issues);
    return { value: found === undefined ? text : found, issues };
  }
  const parsed = parseReferences(text, { vars: scope.vars });
  for (const p of parsed.problems)
    issues.push({ code: p.code, text: p.text, message: p.message, unquoted: p.unquoted });
  let value = '';
  let from = 0;
  for (const reference of parsed.references) {
    if (reference.kind === 'env') continue;
    const written = text.slice(reference.start, reference.end);
    value += text.slice(from, reference.start);
    from = reference.end;
    const found = lookup(reference.kind, reference.name, written, scope, issues);
    if (found === undefined) continue;
    if (found === null || Array.isArray(found)) {
      issues.push({
        code: 'template.not_text',
        text: written,
        message: `${written} is ${found === null ? 'null' : 'a list'}, which has no text to put inside a string; use it as the whole value`,
      });
      continue;
    }
    value += String(found);
  }
  value += text.slice(from);
  return { value, issues };
}

function lookup(
  kind: 'var' | 'each',
  name: string,
  reference: string,
  scope: TemplateScope,
  issues: ReferenceIssue[],
): VarValue | undefined {
  if (kind === 'var') {
    if (scope.vars.has(name)) return scope.vars.get(name);
    const message = scope.varsElsewhere.has(name)
      ? `var "${name}" is not set in this environment (others set it); add it to this environment's vars under settings.environments, or to this file's vars: as a default`
      : `var "${name}" is not defined${didYouMean(name, [...scope.vars.keys()]) || '; define it under vars: in this file or under settings.environments.NAME.vars'}`;
    issues.push({ code: 'ref.unknown', text: reference, message });
    return undefined;
  }
  if (scope.each === undefined) {
    issues.push({
      code: 'template.no_for_each',
      text: reference,
      message: `${reference} needs a for_each, and this entry has none`,
    });
    return undefined;
  }
  if (scope.each.has(name)) return scope.each.get(name);
  const keys = [...scope.each.keys()];
  issues.push({
    code: 'ref.unknown',
    text: reference,
    message: `for_each has no key "${name}" (it has ${keys.join(', ')})${didYouMean(name, keys)}`,
  });
  return undefined;
}
