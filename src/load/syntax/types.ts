// The types of the syntax pass: a raw error of the `yaml` parser, the problem in plain words, and
// a suggested repair.
import type { Position } from '../values/positions.js';
import type { LineEdit } from './lines.js';

/** One error as the `yaml` package reports it: its code (TAB_AS_INDENT, ...) and message, at a position. */
export interface RawSyntaxError extends Position {
  code: string;
  message: string;
}

/** A syntax problem as the loader reports it: a stable code and a message in plain words. */
export interface PlainSyntaxProblem {
  pos: Position;
  code: string;
  message: string;
}

/**
 * A guess at the mistake behind an error, with the edit that would mend it. The edit is
 * tried on the text: a guess is believed only when the parser agrees that it mends
 * everything up to `lastLine`.
 */
export interface Repair {
  edits: LineEdit[];
  /** The last line the mistake (and so the edit) concerns; errors up to here must go. */
  lastLine: number;
  problem: PlainSyntaxProblem;
}
