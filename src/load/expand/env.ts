// `${env:NAME}` references in string values, and the `$${` escapes (the grammar:
// src/model/reference-syntax.ts). Resolution never puts a value into a message; a missing
// variable is reported by name. `$${env:NAME}` is a literal `${env:NAME}`.
import { mayHoldReference, parseReferences } from '../../model/reference-syntax.js';

/** The whole string is one reference: the only acceptable way to write a secret. */
export const WHOLE_REFERENCE = /^\$\{env:[A-Za-z_][A-Za-z0-9_]*\}$/;

export type EnvIssue =
  | {
      kind: 'missing';
      /** The variable name as written (never its value). */
      name: string;
    }
  | {
      /** A reference the grammar refuses (ref.syntax, ref.unknown), or one left where none is read (ref.not_here). */
      kind: 'reference';
      code: string;
      /** The reference as written: where in the value to point. */
      text: string;
      message: string;
      /** What is wrong, quoting nothing of the value (a secret's field). */
      unquoted?: string;
    };

export interface Resolved {
  value: unknown;
  /** True when an env reference (or an escaped one) was written somewhere in the value. */
  templated: boolean;
  issues: EnvIssue[];
}

export function resolveEnv(value: unknown, env: NodeJS.ProcessEnv): Resolved {
  if (typeof value === 'string') return resolveString(value, env);
  if (Array.isArray(value)) {
    const parts = value.map((v) => resolveEnv(v, env));
    return {
      value: parts.map((p) => p.value),
      templated: parts.some((p) => p.templated),
      issues: parts.flatMap((p) => p.issues),
    };
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    let templated = false;
    const issues: EnvIssue[] = [];
    for (const [k, v] of Object.entries(value)) {
      const part = resolveEnv(v, env);
      out[k] = part.value;
      templated ||= part.templated;
      issues.push(...part.issues);
    }
    return { value: out, templated, issues };
  }
  return { value, templated: false, issues: [] };
}

/**
 * The last step of every string: `${env:NAME}` resolved and the `$${` escapes undone. A
 * `${var.NAME}` or `${each.KEY}` still here came from a var's value or a place without
 * vars (settings): it is refused, never left as text.
 */
function resolveString(text: string, env: NodeJS.ProcessEnv): Resolved {
  if (!mayHoldReference(text)) return { value: text, templated: false, issues: [] };
  const parsed = parseReferences(text);
  const issues: EnvIssue[] = parsed.problems.map((p) => ({
    kind: 'reference',
    code: p.code,
    text: p.text,
    message: p.message,
    unquoted: p.unquoted,
  }));
  let value = '';
  for (const piece of parsed.pieces) {
    if ('text' in piece) {
      value += piece.text;
      continue;
    }
    const { kind, name } = piece.reference;
    if (kind !== 'env') {
      const written = text.slice(piece.reference.start, piece.reference.end);
      issues.push({
        kind: 'reference',
        code: 'ref.not_here',
        text: written,
        message: `${written} is not read here: ${kind === 'var' ? 'a var' : 'a for_each key'} is substituted in monitors, moved: and removed:, and not inside a var's value or settings`,
      });
      continue;
    }
    const found = env[name];
    if (found === undefined) issues.push({ kind: 'missing', name });
    else value += found;
  }
  return { value, templated: text.includes('{env:'), issues };
}

/** The stable code of an issue: `env.missing`, or the reference's own (`ref.syntax`, ...). */
export const envIssueCode = (issue: EnvIssue): string => (issue.kind === 'missing' ? 'env.missing' : issue.code);

/**
 * `validate` runs where secrets may not exist (a pull request from a fork): there an unset
 * variable is a warning and everything else is still checked. plan and apply need the
 * value, so for them it is an error. A malformed reference is always an error.
 */
export function envIssueSeverity(issue: EnvIssue, missingEnv: 'error' | 'warning' = 'error'): 'error' | 'warning' {
  return issue.kind === 'missing' ? missingEnv : 'error';
}

export function envIssueMessage(issue: EnvIssue, field: string, missingEnv: 'error' | 'warning' = 'error'): string {
  return issue.kind === 'missing'
    ? `environment variable ${issue.name} is not set (referenced by ${field})${missingEnv === 'warning' ? '; plan and apply need it' : ''}`
    : `${field}: ${issue.message}`;
}

/** The variable an `env.missing` message names (the inverse of envIssueMessage), for summaries. */
export function missingVariableIn(message: string): string | undefined {
  return /^environment variable ([A-Za-z_][A-Za-z0-9_]*) is not set /.exec(message)?.[1];
}
