// Where `monitors fmt` keeps comments that `yaml`'s printer would move or respace. Two habits
// of hand-written YAML it would otherwise undo: a comment heading a list item (written at the
// item's `-` column, after the previous item) is parsed as the previous item's trailing
// comment and printed indented under it; and a comment after a value, aligned with its
// neighbours by spaces, is printed one space after the value. Pure.
import type { Document, Node } from 'yaml';

type YamlModule = typeof import('yaml');

/** Gives every list item back the comment lines written above it, at its own `-` column. */
export function returnHeaderComments(yaml: YamlModule, doc: Document, text: string): void {
  yaml.visit(doc, {
    Seq: (_key, seq) => {
      seq.items.forEach((next, index) => {
        const previous = index > 0 ? seq.items[index - 1] : undefined;
        if (yaml.isNode(previous) && yaml.isNode(next)) moveHeader(previous, next, text);
      });
    },
  });
}

function moveHeader(previous: Node, next: Node, text: string): void {
  if (!previous.comment || !previous.range || !next.range || next.commentBefore) return;
  const gap = text.slice(previous.range[1], next.range[0]).split('\n');
  const dashColumn = indentOf(gap.pop() ?? '');
  const lines = trimBlank(gap);
  const comment = previous.comment.split('\n');
  // The printer's comment and the source's lines must be the same lines, or nothing is moved.
  if (lines.length !== comment.length || lines.some((line) => line.trim() !== '' && !line.trim().startsWith('#')))
    return;
  const start = lines.findIndex((line) => line.trim().startsWith('#') && indentOf(line) <= dashColumn);
  if (start === -1) return;
  const kept = trimBlank(comment.slice(0, start));
  previous.comment = kept.length > 0 ? kept.join('\n') : null;
  next.commentBefore = comment.slice(start).join('\n');
  next.spaceBefore = start > 0 ? lines[start - 1]!.trim() === '' : gap.length > 0 && gap[0]!.trim() === '';
}

/** A comment after a value keeps the spaces before it where its line is otherwise unchanged. */
export function keepCommentGaps(original: string, formatted: string): string {
  const gaps = new Map<string, string | null>();
  for (const line of original.split('\n')) {
    const split = splitComment(line);
    if (!split) continue;
    const key = lineKey(split);
    // The same line twice with two spacings: neither is chosen.
    gaps.set(key, gaps.has(key) && gaps.get(key) !== split.gap ? null : split.gap);
  }
  if (gaps.size === 0) return formatted;
  return formatted
    .split('\n')
    .map((line) => {
      const split = splitComment(line);
      const gap = split ? gaps.get(lineKey(split)) : undefined;
      return split && gap ? `${split.before}${gap}${split.comment}` : line;
    })
    .join('\n');
}

/**
 * A line's content, the spaces and the comment after it. Only lines whose comment follows
 * plain content at a space: a `#` inside quotes or a value is never taken for a comment
 * (a line with a quote before its `#` is left to the printer).
 */
function splitComment(line: string): { before: string; gap: string; comment: string } | undefined {
  const hash = line.indexOf('#');
  if (hash <= 0 || /['"]/.test(line.slice(0, hash))) return undefined;
  const before = line.slice(0, hash).trimEnd();
  const gap = line.slice(before.length, hash);
  if (before.trim() === '' || gap === '' || gap.trim() !== '') return undefined;
  return { before, gap, comment: line.slice(hash) };
}

/** A line's content without its indentation or list dash, which fmt may change; and its comment. */
function lineKey(split: { before: string; comment: string }): string {
  return `${split.before.trim().replace(/^(?:- +)+/, '')}\u0000${split.comment}`;
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

function trimBlank(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start]!.trim() === '') start += 1;
  while (end > start && lines[end - 1]!.trim() === '') end -= 1;
  return lines.slice(start, end);
}
