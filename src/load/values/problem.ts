// A problem found in a parsed value, located by its path, and the field labels and pointer
// conversions messages use.
import type { InstanceTag } from './instance-tag.js';
import type { PathSegment, Target } from './yaml-path.js';

/** A problem found in one file's parsed value, located by its path in that value. */
export interface LocatedProblem {
  path: PathSegment[];
  /** Point at the key of the last path segment, or at its value (the node itself). */
  target: Target;
  severity: 'error' | 'warning';
  code: string;
  message: string;
  /** Other places the message refers to ("also defined at ..."), by file index; located like this one (`target`). */
  related?: { file: number; path: PathSegment[] }[];
  /** How many other places there are in all, when `related` names only the first few. */
  relatedCount?: number;
  /** Text inside the located value to point at (a `${var.NAME}` reference in a longer string). */
  needle?: string;
  /** The generated monitor (for_each instance, environment) the problem was found in; see expand/instances.ts. */
  instance?: InstanceTag;
  /**
   * The `${var.NAME}` the offending value came through, and where that var is set: in this
   * file's `vars:`, or in the settings file (settings.environments.ENV.vars). The message
   * gets its position appended, so both places are named.
   */
  throughVar?: { name: string; file: 'this' | 'settings' | 'run'; path: PathSegment[]; from?: string };
  /** The path is in the settings file (a value of settings.defaults), not in this file. */
  inSettings?: true;
  /** Found in this generated monitor (entry index and for_each instance), for a problem of a default: they are counted. */
  monitor?: string;
  /** A problem of a default, grouped (expand/instances.ts): how many monitors take the value. */
  affects?: number;
  /** With `affects`: the environments it occurs in (all of them, or fewer). */
  environments?: string[];
}

export const error = (
  path: PathSegment[],
  code: string,
  message: string,
  target: Target = 'value',
): LocatedProblem => ({
  path,
  target,
  severity: 'error',
  code,
  message,
});

/** "locations[2]" for ['locations', 2]; the field label used in messages. */
export function fieldLabel(segments: readonly PathSegment[]): string {
  return segments.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
}

/** JSON pointer (as ajv and the rules report it) to path segments; digits become indexes. */
export function pointerSegments(pointer: string): PathSegment[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^(0|[1-9][0-9]*)$/.test(s) ? Number(s) : s));
}
