// `file:line:col` as people read it: the one way a diagnostic, a plan, apply's report, a lock
// command or the editor names a place in a file (tests/architecture/one-place.test.ts keeps the
// pattern from being written inline again). Machine formats (GitHub's `::error file=,line=`,
// SARIF regions, JUnit's attributes, Code Quality) carry the numbers in their own fields.
import { displayPath } from './display-path.js';

/** A place in a file. Lines and columns count from 1 unless `base: 0` says otherwise. */
export interface TextPlace {
  file: string;
  /** 0 (or none) with base 1: the file as a whole, as a diagnostic about a path has it. */
  line?: number;
  col?: number;
}

export interface TextPlaceOptions {
  /** Where `line` and `col` count from: 1 (the loader's, YAML's) or 0 (an editor's, LSP's). */
  base?: 0 | 1;
  /** When given, `file` is an absolute path, shown relative to this folder with `/`. */
  cwd?: string;
}

/** `monitors/api.yaml:12:5`; `monitors/api.yaml:12` without a column; the file alone without a line. */
export function locationText(place: TextPlace, options: TextPlaceOptions = {}): string {
  const file = options.cwd === undefined ? place.file : displayPath(place.file, options.cwd);
  const shift = options.base === 0 ? 1 : 0;
  const line = place.line === undefined ? 0 : place.line + shift;
  if (line <= 0) return file;
  return place.col === undefined ? `${file}:${line}` : `${file}:${line}:${place.col + shift}`;
}
