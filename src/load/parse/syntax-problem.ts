import type { Position } from './positions.js';

/** A problem of a file's YAML itself, at the position to fix. */
export interface SyntaxProblem {
  pos: Position;
  code: string;
  message: string;
}
