// Point 5 of issue 32: renaming a monitor keeps its history. The name is changed and a
// `moved:` entry from the old name to the new one is added to the same file, so the next
// plan is one replace on the same id, never a delete and a create. A templated name gets
// a `moved:` entry with the same for_each, so each instance moves to its new name. What is
// written is in `monitors fmt`'s layout and quoting, so `fmt --check` accepts the result. When the old name is itself the `to` of a moved entry (renamed again before
// an apply), that entry's `to` follows instead: the lock still knows the first name.
// Pure: text in, text edits out (the editor applies them; nothing is written here).
import yaml from 'yaml';
import { fileNodes, valueOf, within, type EntryPlace, type Span } from '../yaml-nodes.js';

export interface TextEdit {
  span: Span;
  newText: string;
}

export type RenameTarget = { span: Span; name: string; entry: EntryPlace } | { refused: string };

/** The monitor name at `offset` (in a `monitors:` entry's `name:` value), or why it cannot be renamed. */
export function renameTarget(text: string, offset: number): RenameTarget {
  const nodes = fileNodes(text);
  for (const entry of nodes.monitors) {
    const name = entry.fields.get('name')?.value;
    if (name && within(offset, name) && typeof name.value === 'string') return { span: name, name: name.value, entry };
  }
  return { refused: "only a monitor's name (the value of name: in monitors:) can be renamed here" };
}

export function renameEdits(text: string, offset: number, newName: string): TextEdit[] | { refused: string } {
  const target = renameTarget(text, offset);
  if ('refused' in target) return target;
  const { name: oldName, span, entry } = target;
  if (newName === oldName) return [];
  if (newName.trim() === '') return { refused: 'a monitor needs a name' };
  const nodes = fileNodes(text);
  const templated = /\$\{each\./.test(oldName) || /\$\{each\./.test(newName);
  const forEach = entry.fields.get('for_each');
  if (templated && !forEach) return { refused: 'the name uses ${each.KEY} but the entry has no for_each' };
  if (/\$\{var\./.test(oldName) !== /\$\{var\./.test(newName) || (templated && !/\$\{each\./.test(newName)))
    return {
      refused:
        'the new name must use the same kind of references as the old one (${each.KEY}, ${var.NAME}), so that every instance moves to a name of its own',
    };
  const edits: TextEdit[] = [{ span, newText: yamlString(newName) }];
  const earlier = nodes.moved.find((m) => m.fields.get('to')?.value?.value === oldName);
  const earlierTo = earlier?.fields.get('to')?.value;
  if (earlierTo) {
    edits.push({ span: earlierTo, newText: yamlString(newName) });
    return edits;
  }
  const lines = movedEntryLines({
    from: oldName,
    to: newName,
    ...(templated ? { for_each: valueOf(forEach!.node) } : {}),
  });
  const added = appendToMoved(text, nodes.top.get('moved'), lines);
  if ('refused' in added) return added;
  edits.push(added);
  return edits;
}

/** Adds an entry at the end of the `moved:` list (an empty `moved:` gets its first), or a `moved:` list at the end of the file. */
function appendToMoved(
  text: string,
  moved: { key: Span; value: Span | undefined } | undefined,
  lines: string[],
): TextEdit | { refused: string } {
  const written = moved?.value ? text.slice(moved.value.start, moved.value.end).trim() : '';
  if (moved && written.startsWith('-')) {
    const list = moved.value!;
    const lineStart = text.lastIndexOf('\n', list.start - 1) + 1;
    const indent = ' '.repeat(list.start - lineStart);
    const end = endOfLine(text, list.end);
    return { span: { start: end, end }, newText: `\n${lines.map((l) => indent + l).join('\n')}` };
  }
  if (moved && written === '') {
    const end = endOfLine(text, moved.value?.end ?? moved.key.end + 1);
    return { span: { start: end, end }, newText: `\n${lines.map((l) => `  ${l}`).join('\n')}` };
  }
  if (moved)
    return { refused: 'moved: is not written as a block list; write its entries one per line (- from: ...) first' };
  const end = text.length;
  const gap = text.endsWith('\n') ? '\n' : '\n\n';
  return { span: { start: end, end }, newText: `${gap}moved:\n${lines.map((l) => `  ${l}`).join('\n')}\n` };
}

function endOfLine(text: string, offset: number): number {
  // The list's range ends after its last item's line break, or at the end of the text.
  let at = Math.min(offset, text.length);
  while (at > 0 && (text[at - 1] === '\n' || text[at - 1] === '\r')) at--;
  return at;
}

/** The options `monitors fmt` prints with (src/fmt/format-yaml.ts), so what is added here is already in its layout. */
const FMT_PRINT = { indent: 2, lineWidth: 0, flowCollectionPadding: false } as const;

/** A name as `fmt` writes it: plain when that reads back as the same string, else quoted. */
export function yamlString(value: string): string {
  return new yaml.Document(value).toString(FMT_PRINT).replace(/\n$/, '');
}

/** A `moved:` item as `fmt` lays it out (from, to, then for_each as a block mapping), one line each. */
function movedEntryLines(item: { from: string; to: string; for_each?: unknown }): string[] {
  return new yaml.Document([item]).toString(FMT_PRINT).replace(/\n$/, '').split('\n');
}
