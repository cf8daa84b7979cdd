// The text of a file as lines that repairs edit in place. Every edit stays within one line,
// so line numbers never move, and each line remembers its edits so that a column in the
// edited text maps back to the column the user sees in the file.
import type { Position } from '../values/positions.js';

/** One change to one line: `remove` characters at `col` (1-based) replaced by `insert`. */
export interface LineEdit {
  line: number;
  col: number;
  remove: number;
  insert: string;
}

export class EditableLines {
  private readonly lines: string[];
  private readonly ends: string[];
  private readonly edits = new Map<number, LineEdit[]>();

  constructor(text: string) {
    const parts = text.split('\n');
    this.lines = parts.map((p) => (p.endsWith('\r') ? p.slice(0, -1) : p));
    this.ends = parts.map((p, i) => (i === parts.length - 1 ? '' : p.endsWith('\r') ? '\r\n' : '\n'));
  }

  get count(): number {
    return this.lines.length;
  }

  /** Line `n` (1-based) as it stands now, without its line break; '' past the end. */
  line(n: number): string {
    return this.lines[n - 1] ?? '';
  }

  /** The whole text with `edits` applied (this object is left as it is). */
  textWith(edits: readonly LineEdit[]): string {
    const changed = new Map<number, string>();
    for (const edit of sortedForApplying(edits)) {
      const before = changed.get(edit.line) ?? this.line(edit.line);
      changed.set(edit.line, applyEdit(before, edit));
    }
    let text = '';
    this.lines.forEach((line, i) => {
      text += (changed.get(i + 1) ?? line) + (this.ends[i] ?? '');
    });
    return text;
  }

  apply(edits: readonly LineEdit[]): void {
    for (const edit of sortedForApplying(edits)) {
      this.lines[edit.line - 1] = applyEdit(this.line(edit.line), edit);
      const list = this.edits.get(edit.line) ?? [];
      list.push(edit);
      this.edits.set(edit.line, list);
    }
  }

  /** A position in the edited text, as a position in the file as written. */
  original(pos: Position): Position {
    let col = pos.col;
    const list = this.edits.get(pos.line) ?? [];
    for (let i = list.length - 1; i >= 0; i -= 1) {
      const e = list[i]!;
      if (col >= e.col + e.insert.length) col += e.remove - e.insert.length;
      else if (col > e.col) col = e.col;
    }
    return { line: pos.line, col };
  }
}

/** Edits of one line from the right, so that each one's column still holds. */
function sortedForApplying(edits: readonly LineEdit[]): LineEdit[] {
  return [...edits].sort((a, b) => a.line - b.line || b.col - a.col);
}

function applyEdit(text: string, edit: LineEdit): string {
  return text.slice(0, edit.col - 1) + edit.insert + text.slice(edit.col - 1 + edit.remove);
}

/** Leading spaces of a line. */
export const indentOf = (text: string): number => /^ */.exec(text)?.[0].length ?? 0;

/** A line with nothing YAML reads: empty, spaces, or a comment. */
export const isBlankLine = (text: string): boolean => /^\s*(?:#.*)?$/.test(text);

/** The line without a trailing comment (a # after white space, outside quotes) and trailing spaces. */
export function withoutComment(text: string): string {
  let quote: string | undefined;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") {
      if (i === 0 || /[\s:[{,-]/.test(text[i - 1] ?? '')) quote = c;
    } else if (c === '#' && (i === 0 || /\s/.test(text[i - 1] ?? ''))) {
      return text.slice(0, i).trimEnd();
    }
  }
  return text.trimEnd();
}

/** A line as a message quotes it: trimmed, and shortened when long. */
export function shown(text: string, max = 60): string {
  const t = text.trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}
