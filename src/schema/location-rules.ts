// execution_mode ties `locations` and `consensus_threshold` together: a consensus cannot
// need more locations than check, and "multi" means at least two. Without a locations list
// the server picks them (the spec does not say how many), so only a list is checked.
import type { FieldProblem } from './check-input.js';

// Runs for every monitor: one pass over the list, and no list of problems made for a monitor without any.
export function executionModeProblems(input: Record<string, unknown>): readonly FieldProblem[] {
  let problems: FieldProblem[] | undefined;
  const locations: readonly unknown[] = Array.isArray(input.locations) ? input.locations : NONE;
  const seen = new Set<string>();
  let strings = 0;
  for (let index = 0; index < locations.length; index++) {
    const location = locations[index];
    if (typeof location !== 'string') continue;
    strings += 1;
    if (location.trim() === '')
      (problems ??= []).push({
        field: 'locations',
        pointer: `/locations/${index}`,
        code: 'rule.location_empty',
        message: 'a location must not be empty',
      });
    else if (seen.has(location))
      (problems ??= []).push({
        field: 'locations',
        pointer: `/locations/${index}`,
        code: 'rule.locations_duplicate',
        message: `location "${location}" is listed twice`,
      });
    seen.add(location);
  }
  const mode = input.execution_mode;
  const count = seen.size;
  const listed = strings > 0;
  if (mode === 'multi_location' && listed && count < 2) {
    (problems ??= []).push({
      field: 'locations',
      pointer: '/locations',
      code: 'rule.locations_count',
      message: `execution_mode "multi_location" needs at least 2 distinct locations (has ${count})`,
    });
  }
  if (mode === 'single_location' && strings > 1) {
    (problems ??= []).push({
      field: 'locations',
      pointer: '/locations',
      code: 'rule.locations_count',
      message: `execution_mode "single_location" needs exactly 1 location (has ${strings})`,
    });
  }
  const threshold = input.consensus_threshold;
  const checking = mode === 'multi_location' ? (listed ? count : Infinity) : 1;
  if (
    typeof threshold === 'number' &&
    (mode === 'multi_location' || mode === 'single_location' || mode === 'local') &&
    threshold > checking
  ) {
    (problems ??= []).push({
      field: 'consensus_threshold',
      pointer: '/consensus_threshold',
      code: 'rule.consensus_threshold',
      message:
        mode === 'multi_location'
          ? `consensus_threshold (${threshold}) must not exceed the number of locations (${count})`
          : `consensus_threshold must be 1 when execution_mode is "${mode}" (one location checks)`,
    });
  }
  return problems ?? NONE;
}

const NONE: readonly FieldProblem[] = Object.freeze([]);
