// Where each top-level key and each item of a top-level block sequence starts, found by
// scanning the text (no parse): a top-level key starts a line at column 1, and the items
// of its block sequence are the lines whose first character is "-" at the sequence's
// indentation. Used on the fast path only; the loader cross-checks the item counts with
// the parsed value and takes the exact parse whenever they differ (flow style, say).
import type { FilePositions, Position } from '../values/positions.js';

const TOP_LEVEL_KEY = /^([A-Za-z_][A-Za-z0-9_-]*)[ \t]*:(?=[ \t]|\r?$)/gm;

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function positionOf(starts: readonly number[], offset: number): Position {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, col: offset - (starts[lo] ?? 0) + 1 };
}

/** Offset of the first character that is not blank or part of a comment, from `from`. */
function contentStart(text: string, from: number, end: number): number {
  let i = from;
  while (i < end) {
    const ch = text[i];
    if (ch === ' ' || ch === '\t' || ch === '\r' || ch === '\n') i += 1;
    else if (ch === '#') {
      const eol = text.indexOf('\n', i);
      i = eol === -1 ? end : eol + 1;
    } else break;
  }
  return i;
}

export function scanPositions(text: string): FilePositions {
  const starts = lineStarts(text);
  const keys = [...text.matchAll(TOP_LEVEL_KEY)];
  const sections: FilePositions = new Map();
  keys.forEach((match, k) => {
    const keyOffset = match.index ?? 0;
    const end = keys[k + 1]?.index ?? text.length;
    const items: Position[] = [];
    const first = contentStart(text, keyOffset + match[0].length, end);
    const lineStart = text.lastIndexOf('\n', first - 1) + 1;
    const indent = first - lineStart;
    if (first < end && text[first] === '-' && /^ *$/.test(text.slice(lineStart, first))) {
      const item = new RegExp(`^ {${indent}}-(?=[ \\t]|\\r?$)`, 'gm');
      item.lastIndex = lineStart;
      for (let m = item.exec(text); m && m.index < end; m = item.exec(text)) {
        items.push(positionOf(starts, contentStart(text, m.index + indent + 1, end)));
      }
    }
    sections.set(match[1] ?? '', { key: positionOf(starts, keyOffset), items });
  });
  return sections;
}
