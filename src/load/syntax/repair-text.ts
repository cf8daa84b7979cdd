// What the repairs say of a line: its parts, its indentation in words, a located problem.
import { indentOf, isBlankLine, withoutComment, type EditableLines } from './lines.js';
import type { PlainSyntaxProblem } from './types.js';

/** The `- ` (or `- - `) that starts a list item. */
export const ITEM_PREFIX = /^(?:-(?: +|$))+/;

export const spaces = (n: number): string => (n === 1 ? '1 space' : `${n} spaces`);
export const indented = (n: number): string => (n === 0 ? 'is not indented' : `is indented ${spaces(n)}`);

export function problem(line: number, col: number, code: string, message: string): PlainSyntaxProblem {
  return { pos: { line, col }, code, message };
}

export function nextContentLine(lines: EditableLines, after: number): number | undefined {
  for (let n = after + 1; n <= lines.count; n += 1) if (!isBlankLine(lines.line(n))) return n;
  return undefined;
}

/** The line split into indentation, list-item dashes and the rest (comment removed). */
export function parts(text: string): { indent: number; prefix: string; rest: string } {
  const indent = indentOf(text);
  const body = withoutComment(text).slice(indent);
  const prefix = ITEM_PREFIX.exec(body)?.[0] ?? '';
  return { indent, prefix, rest: body.slice(prefix.length) };
}
