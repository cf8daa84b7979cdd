// `where:`: which monitors a rule reads. Every key given must match: `type` (one or a
// list), `name` (globs over the whole name), `tags` (each glob matches a label).
import { compileGlob } from './requirements.js';
import type { PolicySubject, RulePath, RuleProblem } from './types.js';

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

export function compileWhere(
  where: Record<string, unknown>,
  at: RulePath,
  problems: RuleProblem[],
): (subject: PolicySubject) => boolean {
  const types =
    where.type === undefined ? undefined : asList(where.type).filter((t): t is string => typeof t === 'string');
  const globsOf = (key: string) =>
    where[key] === undefined
      ? undefined
      : asList(where[key]).flatMap((g, i) => {
          const re = compileGlob(g, Array.isArray(where[key]) ? [...at, key, i] : [...at, key], problems);
          return re ? [re] : [];
        });
  const names = globsOf('name');
  const tags = globsOf('tags');
  return ({ input, labels }) => {
    if (types && (typeof input.type !== 'string' || !types.includes(input.type))) return false;
    if (names) {
      const name = typeof input.name === 'string' ? input.name.normalize('NFC') : undefined;
      if (name === undefined || !names.some((p) => p.matchesNfc(name))) return false;
    }
    if (tags && !tags.every((p) => labels.some((label) => p.matchesNfc(label)))) return false;
    return true;
  };
}
