// `settings.environments`: which environments a set declares, the vars each sets, and the
// checks that keep them apart (no two share a token variable or a lock file; no lock file
// shared by all of them). Also the `environments:` list that limits one entry.
import path from 'node:path';
import type { PathSegment } from '../values/yaml-path.js';
import { closestName } from '../../model/did-you-mean.js';
import { isPlainObject } from '../values/plain-object.js';
import { error, type LocatedProblem } from '../values/problem.js';
import type { VarValue } from './references.js';

export interface DeclaredEnvironments {
  /** In the order written. */
  names: string[];
  vars: ReadonlyMap<string, ReadonlyMap<string, VarValue>>;
  /** Every var name some environment sets. */
  varNames: ReadonlySet<string>;
}

export const NO_ENVIRONMENTS: DeclaredEnvironments = { names: [], vars: new Map(), varNames: new Set() };

/** From the first file (in reading order) whose settings declare environments; a second `settings:` is an error of its own. */
export function declaredEnvironments(values: readonly unknown[]): DeclaredEnvironments {
  for (const value of values) {
    if (!isPlainObject(value) || !isPlainObject(value.settings)) continue;
    const declared = value.settings.environments;
    if (!isPlainObject(declared)) return NO_ENVIRONMENTS;
    const vars = new Map<string, ReadonlyMap<string, VarValue>>();
    const varNames = new Set<string>();
    for (const [name, environment] of Object.entries(declared)) {
      const own = varsOf(isPlainObject(environment) ? environment.vars : undefined);
      vars.set(name, own);
      for (const key of own.keys()) varNames.add(key);
    }
    return { names: Object.keys(declared), vars, varNames };
  }
  return NO_ENVIRONMENTS;
}

/** A `vars:` mapping as a Map (a YAML key such as `__proto__` stays data). Shapes are the schema's concern. */
export function varsOf(raw: unknown): Map<string, VarValue> {
  const vars = new Map<string, VarValue>();
  if (isPlainObject(raw)) for (const [key, value] of Object.entries(raw)) vars.set(key, value as VarValue);
  return vars;
}

/**
 * The environments one entry is limited to (`environments: [production]`, on the entry or
 * in `defaults`), or undefined for all. Unknown names are reported and left out.
 */
export function entryEnvironments(
  raw: unknown,
  at: PathSegment[],
  declared: readonly string[],
  problems: LocatedProblem[],
): string[] | undefined {
  if (raw === undefined) return undefined;
  if (declared.length === 0) {
    problems.push(
      error(
        at,
        'environments.undeclared',
        'environments: limits an entry to some environments, but this set declares none (settings.environments)',
        'key',
      ),
    );
    return undefined;
  }
  if (!Array.isArray(raw) || raw.length === 0) {
    problems.push(error(at, 'schema.type', 'environments must be a list of environment names, e.g. [production]'));
    return undefined;
  }
  const names: string[] = [];
  raw.forEach((name, i) => {
    if (typeof name === 'string' && declared.includes(name)) names.push(name);
    else
      problems.push(
        error(
          [...at, i],
          'environments.unknown',
          `no environment is named ${JSON.stringify(name)}${nearName(name, declared)}; declared: ${declared.join(', ')}`,
        ),
      );
  });
  return names;
}

/** Two environments with one token variable or one lock file would act on each other's workspace or records. */
export function isolationProblems(settings: Record<string, unknown>): LocatedProblem[] {
  const environments = settings.environments;
  if (!isPlainObject(environments)) return [];
  const problems: LocatedProblem[] = [];
  if (settings.lock_file !== undefined) {
    problems.push(
      error(
        ['settings', 'lock_file'],
        'environments.shared_lock_file',
        'with environments, each has its own lock file: move lock_file under settings.environments.NAME (one per environment)',
        'key',
      ),
    );
  }
  const tokens = new Map<string, string>();
  const locks = new Map<string, string>();
  for (const [name, environment] of Object.entries(environments)) {
    if (!isPlainObject(environment)) continue;
    const { token_env: token, lock_file: lock } = environment;
    if (typeof token === 'string') {
      const other = tokens.get(token);
      if (other !== undefined) {
        problems.push(
          error(
            ['settings', 'environments', name, 'token_env'],
            'environments.shared_token',
            `environments ${other} and ${name} both read their token from ${token}; each environment is its own workspace with its own token variable`,
          ),
        );
      } else tokens.set(token, name);
    }
    if (typeof lock === 'string') {
      const key = path.posix.normalize(lock.replace(/\\/g, '/'));
      const other = locks.get(key);
      if (other !== undefined) {
        problems.push(
          error(
            ['settings', 'environments', name, 'lock_file'],
            'environments.shared_lock_file',
            `environments ${other} and ${name} both use the lock file ${lock}; each environment needs its own`,
          ),
        );
      } else locks.set(key, name);
    }
  }
  return problems;
}

function nearName(name: unknown, declared: readonly string[]): string {
  const near = typeof name === 'string' ? closestName(name, declared) : undefined;
  return near ? `; did you mean "${near}"?` : '';
}
