// `${env:NAME}` references in string values. Resolution never puts a value into a
// message; a missing variable is reported by name. `$${env:NAME}` is a literal `${env:NAME}`.

const REFERENCE = /\$(\$?)\{env:([^}]*)\}/g;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** The whole string is one reference: the only acceptable way to write a secret. */
export const WHOLE_REFERENCE = /^\$\{env:[A-Za-z_][A-Za-z0-9_]*\}$/;

export interface EnvIssue {
  kind: 'missing' | 'syntax';
  /** The variable name as written (never its value). */
  name: string;
}

export interface Resolved {
  value: unknown;
  /** True when a reference (or an escaped one) was written somewhere in the value. */
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

function resolveString(text: string, env: NodeJS.ProcessEnv): Resolved {
  if (!text.includes('{env:')) return { value: text, templated: false, issues: [] };
  const issues: EnvIssue[] = [];
  const value = text.replace(REFERENCE, (whole, escape: string, name: string) => {
    if (escape) return whole.slice(1);
    if (!NAME.test(name)) {
      issues.push({ kind: 'syntax', name });
      return '';
    }
    const found = env[name];
    if (found === undefined) {
      issues.push({ kind: 'missing', name });
      return '';
    }
    return found;
  });
  return { value, templated: true, issues };
}

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
    : `${field}: "\${env:${issue.name.slice(0, 40)}}" is not a valid reference; names use letters, digits and _ and do not start with a digit`;
}

/** The variable an `env.missing` message names (the inverse of envIssueMessage), for summaries. */
export function missingVariableIn(message: string): string | undefined {
  return /^environment variable ([A-Za-z_][A-Za-z0-9_]*) is not set /.exec(message)?.[1];
}
