// `${env:NAME}` resolved in the body at the moment it is sent, never earlier, so that no value is
// held in a plan.
import { MonitorsError } from '../errors.js';
import { parseReferences } from '../model/reference-syntax.js';

/**
 * Puts environment values back in place of `${env:NAME}` templates of a plan body, and
 * undoes their `$${` escapes (the grammar: src/model/reference-syntax.ts). A field is a
 * template when it holds `{env:`, as the loader decided (src/load/expand/env.ts); the others
 * are final text. A missing variable is an error naming it (never its value: there is none).
 * This is the last step before the wire: a template holding anything but `${env:NAME}`
 * (a hand-edited saved plan) is refused here rather than sent as text.
 */
export function resolveEnvTemplates<T>(value: T, env: NodeJS.ProcessEnv): T {
  if (typeof value === 'string') return (value.includes('{env:') ? resolveTemplate(value, env) : value) as T;
  if (Array.isArray(value)) return (value as unknown[]).map((v) => resolveEnvTemplates(v, env)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, resolveEnvTemplates(v, env)]),
    ) as T;
  }
  return value;
}

function resolveTemplate(text: string, env: NodeJS.ProcessEnv): string {
  const parsed = parseReferences(text);
  const wrong = parsed.problems[0]?.text ?? parsed.references.find((r) => r.kind !== 'env');
  if (wrong !== undefined) {
    const shown = typeof wrong === 'string' ? wrong : text.slice(wrong.start, wrong.end);
    throw new MonitorsError(
      'APPLY_UNRESOLVED_REFERENCE',
      `the plan holds the reference "${shown.slice(0, 60)}", which cannot be resolved at apply; nothing was sent`,
      { hint: 'Make the plan again from the YAML (`monitors plan --out FILE`); a saved plan is not to be edited.' },
    );
  }
  let out = '';
  for (const piece of parsed.pieces) {
    if ('text' in piece) {
      out += piece.text;
      continue;
    }
    const name = piece.reference.name;
    const v = env[name];
    if (v === undefined) {
      throw new MonitorsError(
        'APPLY_MISSING_ENV',
        `environment variable ${name} is not set, and the plan refers to it`,
        {
          hint: `Export ${name} (in CI: from a repository secret) and run apply again.`,
        },
      );
    }
    out += v;
  }
  return out;
}
