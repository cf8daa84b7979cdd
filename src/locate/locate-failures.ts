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
import { exactParse, type ExactParse } from '../load/exact-parse.js';
import type { Position } from '../load/positions.js';
import { readMonitorsFile } from '../load/read-file.js';
import type { ChangeSource, PlannedChange } from '../plan/types.js';
import { failurePlaces } from './failure-paths.js';

export interface FailureLocation {
  file: string;
  line: number;
  col: number;
  /** The monitor field the server named, when it named one. */
  field?: string;
  /** For a monitor made by a for_each: its instance (the place is in its template). */
  instance?: string;
  message: string;
}

export type FailureLocations = ReadonlyMap<PlannedChange, FailureLocation[]>;

export async function locateFailures(outcomes: readonly ChangeOutcome[], cwd: string): Promise<FailureLocations> {
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
    located.set(
      outcome.change,
      failurePlaces(source, error).map((place) => ({
        file: source.file,
        ...(place.path && current ? current.locate(place.path, 'value') : entry),
        ...(place.field ? { field: place.field } : {}),
        ...(source.instance !== undefined ? { instance: source.instance } : {}),
        message: source.instance !== undefined ? `${place.message} (${source.instance})` : place.message,
      })),
    );
  }
  return located;
}

async function parseFile(abs: string): Promise<ExactParse | undefined> {
  const read = await readMonitorsFile(abs);
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
