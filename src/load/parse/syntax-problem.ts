// The type of a YAML syntax problem, in a file of its own so that the parser and the syntax pass
// need not import each other.
import type { Position } from '../values/positions.js';

/** A problem of a file's YAML itself, at the position to fix. */
export interface SyntaxProblem {
  pos: Position;
  code: string;
  message: string;
}
