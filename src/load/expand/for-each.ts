// `for_each` of one entry, in one environment: the instances it yields, each a set of
// key = value bindings for `${each.KEY}`. A mapping of lists gives their product (the
// first key varies slowest); a list of mappings gives one instance per mapping. A list may
// come from a var (`region: ${var.regions}`), so the same entry can yield other instances
// in each environment.
import type { PathSegment } from '../values/yaml-path.js';
import { isPlainObject } from '../values/plain-object.js';
import { substitute, type Scalar, type TemplateScope } from './references.js';

/** More instances than this from one entry is a mistake (a product of long lists), not a plan. */
export const MAX_INSTANCES = 10_000;

export interface Binding {
  values: ReadonlyMap<string, Scalar>;
  /** `region=us-east, check=health`: how messages name the instance. */
  label: string;
}

export interface ForEachProblem {
  /** Relative to the for_each value. */
  path: PathSegment[];
  target: 'key' | 'value';
  code: string;
  message: string;
  /** The reference as written, when a var reference is at fault. */
  needle?: string;
}

export interface ForEachResult {
  instances: Binding[];
  problems: ForEachProblem[];
}

const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** `${each.KEY}` not escaped: for_each values are the bindings, they cannot use them. */
const EACH_REFERENCE = /(?<!\$)\$\{each\./;
const isScalar = (v: unknown): v is Scalar =>
  typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'boolean';

/** What `${each.KEY}` shows of a value in a message: short, one line. */
function shown(value: Scalar): string {
  const text = String(value).replace(/\s+/g, ' ');
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

export function bindingOf(entries: [string, Scalar][]): Binding {
  return { values: new Map(entries), label: entries.map(([k, v]) => `${k}=${shown(v)}`).join(', ') };
}

/** `scope.each` is not used: for_each values may refer to vars only. */
export function expandForEach(spec: unknown, scope: TemplateScope): ForEachResult {
  if (Array.isArray(spec)) return listOfMappings(spec, scope);
  if (isPlainObject(spec)) return product(spec, scope);
  return {
    instances: [],
    problems: [
      {
        path: [],
        target: 'value',
        code: 'for_each.invalid',
        message:
          'for_each must be a mapping of lists ({region: [a, b]}) or a list of mappings ([{region: a}, {region: b}])',
      },
    ],
  };
}

function product(spec: Record<string, unknown>, scope: TemplateScope): ForEachResult {
  const problems: ForEachProblem[] = [];
  const axes: [string, Scalar[]][] = [];
  const keys = Object.keys(spec);
  if (keys.length === 0)
    problems.push({
      path: [],
      target: 'value',
      code: 'for_each.empty',
      message: 'for_each has no keys, so it yields no monitor',
    });
  for (const key of keys) {
    if (!KEY.test(key)) {
      problems.push({
        path: [key],
        target: 'key',
        code: 'for_each.bad_key',
        message: `for_each key "${key.slice(0, 40)}" must use letters, digits and _ (it is written \${each.KEY})`,
      });
      continue;
    }
    const values = listOf(spec[key], [key], scope, problems);
    if (values === undefined) continue;
    if (values.length === 0) {
      problems.push({
        path: [key],
        target: 'value',
        code: 'for_each.empty',
        message: `for_each key "${key}" has an empty list, so the product yields no monitor`,
        ...needleOf(spec[key]),
      });
      continue;
    }
    axes.push([key, values]);
  }
  if (problems.length > 0) return { instances: [], problems };
  const count = axes.reduce((n, [, values]) => n * values.length, 1);
  if (count > MAX_INSTANCES) {
    return {
      instances: [],
      problems: [
        {
          path: [],
          target: 'value',
          code: 'for_each.too_many',
          message: `for_each yields ${count} monitors; at most ${MAX_INSTANCES} per entry`,
        },
      ],
    };
  }
  let rows: [string, Scalar][][] = [[]];
  for (const [key, values] of axes)
    rows = rows.flatMap((row) => values.map((v): [string, Scalar][] => [...row, [key, v]]));
  return { instances: rows.map(bindingOf), problems };
}

function listOfMappings(spec: unknown[], scope: TemplateScope): ForEachResult {
  const problems: ForEachProblem[] = [];
  if (spec.length === 0)
    problems.push({
      path: [],
      target: 'value',
      code: 'for_each.empty',
      message: 'for_each is an empty list, so it yields no monitor',
    });
  if (spec.length > MAX_INSTANCES)
    return {
      instances: [],
      problems: [
        {
          path: [],
          target: 'value',
          code: 'for_each.too_many',
          message: `for_each yields ${spec.length} monitors; at most ${MAX_INSTANCES} per entry`,
        },
      ],
    };
  const instances: Binding[] = [];
  spec.forEach((item, index) => {
    if (!isPlainObject(item) || Object.keys(item).length === 0) {
      problems.push({
        path: [index],
        target: 'value',
        code: 'for_each.invalid',
        message: 'each item of a for_each list must be a mapping of keys to values ({region: eu-west, port: 443})',
      });
      return;
    }
    const entries: [string, Scalar][] = [];
    for (const [key, raw] of Object.entries(item)) {
      if (!KEY.test(key)) {
        problems.push({
          path: [index, key],
          target: 'key',
          code: 'for_each.bad_key',
          message: `for_each key "${key.slice(0, 40)}" must use letters, digits and _ (it is written \${each.KEY})`,
        });
        continue;
      }
      const value = scalarOf(raw, [index, key], scope, problems);
      if (value !== undefined) entries.push([key, value]);
    }
    instances.push(bindingOf(entries));
  });
  return problems.length > 0 ? { instances: [], problems } : { instances, problems };
}

/** The list of one product key: written out, or one whole `${var.NAME}` holding a list. */
function listOf(
  raw: unknown,
  path: PathSegment[],
  scope: TemplateScope,
  problems: ForEachProblem[],
): Scalar[] | undefined {
  if (typeof raw === 'string') {
    if (refersToEach(raw, path, problems)) return undefined;
    const s = substitute(raw, scope);
    for (const issue of s.issues)
      problems.push({ path, target: 'value', code: issue.code, message: issue.message, needle: issue.text });
    if (s.issues.length > 0) return undefined;
    if (Array.isArray(s.value) && s.value.every(isScalar)) return s.value;
    problems.push({
      path,
      target: 'value',
      code: 'for_each.invalid',
      message: `for_each key "${String(path[path.length - 1])}" must be a list of values, or a var holding one (\${var.NAME})`,
    });
    return undefined;
  }
  if (!Array.isArray(raw)) {
    problems.push({
      path,
      target: 'value',
      code: 'for_each.invalid',
      message: `for_each key "${String(path[path.length - 1])}" must be a list of values, or a var holding one (\${var.NAME})`,
    });
    return undefined;
  }
  const values: Scalar[] = [];
  raw.forEach((item, i) => {
    const value = scalarOf(item, [...path, i], scope, problems);
    if (value !== undefined) values.push(value);
  });
  return values.length === raw.length ? values : undefined;
}

/** One value: text, a number or true/false; text may use vars. */
function scalarOf(
  raw: unknown,
  path: PathSegment[],
  scope: TemplateScope,
  problems: ForEachProblem[],
): Scalar | undefined {
  if (typeof raw === 'string' && (raw.includes('{var.') || raw.includes('{each.'))) {
    if (refersToEach(raw, path, problems)) return undefined;
    const s = substitute(raw, scope);
    for (const issue of s.issues)
      problems.push({ path, target: 'value', code: issue.code, message: issue.message, needle: issue.text });
    if (s.issues.length > 0) return undefined;
    raw = s.value;
  }
  if (isScalar(raw)) return raw;
  problems.push({
    path,
    target: 'value',
    code: 'for_each.invalid',
    message: 'a for_each value must be text, a number or true/false',
  });
  return undefined;
}

function refersToEach(raw: string, path: PathSegment[], problems: ForEachProblem[]): boolean {
  const found = EACH_REFERENCE.exec(raw);
  if (!found) return false;
  problems.push({
    path,
    target: 'value',
    code: 'template.each_in_for_each',
    message: 'a for_each value cannot use ${each.KEY} (it defines them); use a var',
    needle: '${each.',
  });
  return true;
}

function needleOf(raw: unknown): { needle?: string } {
  return typeof raw === 'string' ? { needle: raw } : {};
}
