// Failed changes grouped by the refusal they share (pure): the twelve monitors of one
// template refused for one `interval_seconds` are one refusal, said once with the monitors
// it hit, not twelve times. Two failures are the same refusal when they have the same code,
// the same message and the same places in the YAML (each instance's name aside).
import type { MonitorsError } from '../errors.js';
import type { FailureLocation, FailureLocations } from '../plan/failure-location.js';
import type { ChangeOutcome } from './types.js';
import { locationText } from '../model/location-text.js';

export interface FailureGroup {
  /** The changes it hit, in plan order (at least one). */
  outcomes: ChangeOutcome[];
  /** The first one's error: every change of the group has the same code and message. */
  error: MonitorsError;
  /** The places of the first change (each change's are the same but for the instance). */
  places: readonly FailureLocation[];
  /** Where the monitors it hit are written (templates: their entry), with how many each. */
  sources: { file: string; line: number; col: number; count: number }[];
}

/** Groups the failed changes of `outcomes` (auth refusals and unsent changes are not failures here). */
export function groupFailures(failed: readonly ChangeOutcome[], located: FailureLocations): FailureGroup[] {
  const groups = new Map<string, FailureGroup>();
  for (const outcome of failed) {
    const error = outcome.error;
    if (!error) continue;
    const places = located.get(outcome.change) ?? [];
    const key = JSON.stringify([error.code, error.message, places.map((p) => [p.file, p.line, p.col, p.reason])]);
    const group = groups.get(key);
    if (group) group.outcomes.push(outcome);
    else groups.set(key, { outcomes: [outcome], error, places, sources: [] });
  }
  for (const group of groups.values()) group.sources = sourcesOf(group.outcomes);
  return [...groups.values()];
}

function sourcesOf(outcomes: readonly ChangeOutcome[]): FailureGroup['sources'] {
  const counts = new Map<string, FailureGroup['sources'][number]>();
  for (const { change } of outcomes) {
    const s = change.source;
    if (!s) continue;
    const key = locationText(s);
    const found = counts.get(key);
    if (found) found.count += 1;
    else counts.set(key, { file: s.file, line: s.line, col: s.col, count: 1 });
  }
  return [...counts.values()];
}

/** `10 monitors (8 from services.yaml:25:5, 2 from services.yaml:37:5)`, or `2 monitors`. */
export function groupSubject(group: FailureGroup): string {
  const n = group.outcomes.length;
  const from = group.sources.map((s) => `${s.count} from ${locationText(s)}`);
  const all = group.sources.length === 1 && group.sources[0]!.count === n;
  const where = all ? ` from ${locationText(group.sources[0]!)}` : '';
  return `${n} monitors${where}${!all && from.length > 0 ? ` (${from.join(', ')})` : ''}`;
}
