// Points failed creates and replaces at the YAML (file:line:col). The plan keeps only
// each monitor's file, entry index, position and the fields it takes from `defaults:`
// (ChangeSource), so this works for a saved plan in another process too. A monitor made by
// a for_each is pointed at its template's entry, and each place names the instance. The files of the
// failed monitors are read and parsed exactly (yaml, with positions) only now, when a
// failure needs them. When a file is gone or no longer holds the monitor at that index
// (edited since a saved plan was made), the position the plan recorded is used.
import { resolve } from 'node:path';
import { isAuthFailure } from '../apply/auth-stop.js';
import type { ChangeOutcome } from '../apply/types.js';
import { exactParse, type ExactParse } from '../load/parse/exact-parse.js';
import type { Position } from '../load/values/positions.js';
import { readMonitorsFile } from '../load/files/read-file.js';
import type { FailureLocation, FailureLocations, VarSources } from '../plan/failure-location.js';
import type { ChangeSource, PlannedChange } from '../plan/types.js';
import { failurePlaces } from './failure-paths.js';

export async function locateFailures(
  outcomes: readonly ChangeOutcome[],
  cwd: string,
  vars: VarSources = {},
): Promise<FailureLocations> {
  const parsed = new Map<string, Promise<ExactParse | undefined>>();
  const parse = (file: string) => {
    let found = parsed.get(file);
    if (!found) parsed.set(file, (found = parseFile(resolve(cwd, file))));
    return found;
  };
  const located = new Map<PlannedChange, FailureLocation[]>();
  for (const outcome of outcomes) {
    const source = usableSource(outcome.change.source);
    const error = outcome.error;
    if (outcome.ok || outcome.notStarted || !error || isAuthFailure(error) || !source) continue;
    const exact = await parse(source.file);
    const current = exact && holdsEntry(exact.value, source.index, outcome.change.name) ? exact : undefined;
    const entry = entryPosition(current, source);
    const places: FailureLocation[] = [];
    for (const place of failurePlaces(source, error)) {
      const refs = place.path && current ? varReferences(valueAt(current.value, place.path)) : [];
      // One reference: point at it inside the value; several (a URL of vars), at the value.
      const needle = refs.length === 1 ? refs[0]!.text : undefined;
      const reason = refs.length > 0 ? `${place.message} (from ${refs.map((r) => r.text).join(', ')})` : place.message;
      places.push({
        file: source.file,
        ...(place.path && current ? current.locate(place.path, 'value', needle) : entry),
        ...(place.field ? { field: place.field } : {}),
        ...(source.instance !== undefined ? { instance: source.instance } : {}),
        message: source.instance !== undefined ? `${reason} (${source.instance})` : reason,
        reason,
      });
      for (const ref of refs) {
        const set = await varPlace(ref.name, vars, source.file, current, parse);
        if (set) places.push({ ...set, ...(place.field ? { field: place.field } : {}), var: ref.name });
      }
    }
    located.set(outcome.change, places);
  }
  return located;
}

/**
 * Where var NAME is set for this run: the environment's vars (in the settings file) win
 * over the file's own vars:, as when the YAML was loaded.
 */
async function varPlace(
  name: string,
  vars: VarSources,
  file: string,
  current: ExactParse | undefined,
  parse: (file: string) => Promise<ExactParse | undefined>,
): Promise<Omit<FailureLocation, 'field' | 'var'> | undefined> {
  const { environment, settingsFile } = vars;
  if (environment !== undefined && settingsFile !== undefined) {
    const settings = await parse(settingsFile);
    const path = ['settings', 'environments', environment, 'vars', name];
    if (settings && valueAt(settings.value, path) !== undefined) {
      const reason = `var ${name} is set here, for environment ${environment}`;
      return { file: settingsFile, ...settings.locate(path, 'value'), message: reason, reason };
    }
  }
  if (current && valueAt(current.value, ['vars', name]) !== undefined) {
    const reason = `var ${name} is set here${environment !== undefined ? ` (environment ${environment} does not set it)` : ''}`;
    return { file, ...current.locate(['vars', name], 'value'), message: reason, reason };
  }
  return undefined;
}

/** `${var.NAME}` references in a value as written (a list's items too), each once. */
function varReferences(value: unknown): { name: string; text: string }[] {
  const texts = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
  const found = new Map<string, string>();
  for (const text of texts) {
    if (typeof text !== 'string') continue;
    for (const m of text.matchAll(/(?<!\$)\$\{var\.([A-Za-z_][A-Za-z0-9_]*)\}/g)) found.set(m[1]!, m[0]);
  }
  return [...found].map(([name, text]) => ({ name, text }));
}

/** The value at a path of a parsed file (own keys only: a YAML key is data, never a method). */
function valueAt(value: unknown, path: readonly (string | number)[]): unknown {
  let current = value;
  for (const segment of path) {
    if (Array.isArray(current) && typeof segment === 'number') current = current[segment];
    else if (isObject(current) && typeof segment === 'string' && Object.hasOwn(current, segment))
      current = current[segment];
    else return undefined;
  }
  return current;
}

async function parseFile(abs: string): Promise<ExactParse | undefined> {
  const read = readMonitorsFile(abs);
  if (!('text' in read)) return undefined;
  const exact = await exactParse(read.text);
  return exact.problems.length > 0 ? undefined : exact;
}

/** A source as a saved plan may hold it (hand edits included): a YAML file and a position. */
function usableSource(source: ChangeSource | undefined): ChangeSource | undefined {
  if (!source || typeof source.file !== 'string' || !/\.ya?ml$/i.test(source.file)) return undefined;
  if (
    !Number.isInteger(source.line) ||
    !Number.isInteger(source.col) ||
    (source.index !== undefined && !Number.isInteger(source.index))
  )
    return undefined;
  return source;
}

/**
 * The file still has, at that index, the entry of this monitor: by name, or by a name that
 * is a template (`${env:NAME}`, `${var.NAME}`, `${each.KEY}`: a for_each writes many names
 * in one entry).
 */
function holdsEntry(value: unknown, index: number | undefined, name: string): boolean {
  if (index === undefined || !isObject(value) || !Array.isArray(value.monitors)) return false;
  const item: unknown = value.monitors[index];
  return isObject(item) && typeof item.name === 'string' && (item.name === name || TEMPLATED_NAME.test(item.name));
}

const TEMPLATED_NAME = /\$\{(?:env:|var\.|each\.)/;

function entryPosition(exact: ExactParse | undefined, source: ChangeSource): Position {
  const now = source.index !== undefined ? exact?.positions.get('monitors')?.items[source.index] : undefined;
  return now ?? { line: source.line, col: source.col };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
