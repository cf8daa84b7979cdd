// execution_mode ties `locations` and `consensus_threshold` together: a consensus cannot
// need more locations than check, and "multi" means at least two. Without a locations list
// the server picks them (the spec does not say how many), so only a list is checked.
import type { FieldProblem } from './check-input.js';

export function executionModeProblems(input: Record<string, unknown>): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const locations = Array.isArray(input.locations) ? input.locations : undefined;
  const strings = (locations ?? []).filter((l): l is string => typeof l === 'string');
  const seen = new Set<string>();
  (locations ?? []).forEach((location, index) => {
    if (typeof location !== 'string') return;
    const pointer = `/locations/${index}`;
    if (location.trim() === '')
      problems.push({
        field: 'locations',
        pointer,
        code: 'rule.location_empty',
        message: 'a location must not be empty',
      });
    else if (seen.has(location))
      problems.push({
        field: 'locations',
        pointer,
        code: 'rule.locations_duplicate',
        message: `location "${location}" is listed twice`,
      });
    seen.add(location);
  });
  const mode = input.execution_mode;
  const count = seen.size;
  const listed = strings.length > 0;
  if (mode === 'multi_location' && listed && count < 2) {
    problems.push({
      field: 'locations',
      pointer: '/locations',
      code: 'rule.locations_count',
      message: `execution_mode "multi_location" needs at least 2 distinct locations (has ${count})`,
    });
  }
  if (mode === 'single_location' && strings.length > 1) {
    problems.push({
      field: 'locations',
      pointer: '/locations',
      code: 'rule.locations_count',
      message: `execution_mode "single_location" needs exactly 1 location (has ${strings.length})`,
    });
  }
  const threshold = input.consensus_threshold;
  const checking = mode === 'multi_location' ? (listed ? count : Infinity) : 1;
  if (
    typeof threshold === 'number' &&
    (mode === 'multi_location' || mode === 'single_location' || mode === 'local') &&
    threshold > checking
  ) {
    problems.push({
      field: 'consensus_threshold',
      pointer: '/consensus_threshold',
      code: 'rule.consensus_threshold',
      message:
        mode === 'multi_location'
          ? `consensus_threshold (${threshold}) must not exceed the number of locations (${count})`
          : `consensus_threshold must be 1 when execution_mode is "${mode}" (one location checks)`,
    });
  }
  return problems;
}
