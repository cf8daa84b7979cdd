// The places of a monitors file's parts in its text, for the requests that point at or
// edit them (rename, code lens, hover, completion, definition, symbols): `yaml`'s parse with
// source ranges, read leniently (a file with errors still yields what can be read). Offsets
// are indexes into the JS string, so positions come out in UTF-16 code units as LSP wants.
import yaml from 'yaml';
import type { Node, Pair, YAMLMap } from 'yaml';

export interface Span {
  start: number;
  end: number;
}

export interface ScalarPlace extends Span {
  value: unknown;
  /** The key's span, when this is a mapping's value. */
  key?: Span;
}

export interface EntryPlace {
  index: number;
  span: Span;
  /** Keys of the entry, with their spans and scalar values. */
  fields: Map<string, { key: Span; value: ScalarPlace | undefined; node: Node | null }>;
}

export interface FileNodes {
  /** Top-level keys, with the span of each key and its value. */
  top: Map<string, { key: Span; value: Span | undefined; node: Node | null }>;
  monitors: EntryPlace[];
  moved: EntryPlace[];
  removed: EntryPlace[];
}

export function fileNodes(text: string): FileNodes {
  const out: FileNodes = { top: new Map(), monitors: [], moved: [], removed: [] };
  let doc;
  try {
    doc = yaml.parseDocument(text, { keepSourceTokens: false, uniqueKeys: false, prettyErrors: false });
  } catch {
    return out;
  }
  const root = doc.contents;
  if (!yaml.isMap(root)) return out;
  for (const pair of (root as YAMLMap).items) {
    const key = keyText(pair);
    if (key === undefined) continue;
    out.top.set(key, { key: spanOf(pair.key as Node)!, value: spanOf(pair.value as Node), node: pair.value as Node });
    if (key === 'monitors' || key === 'moved' || key === 'removed') out[key] = entries(pair.value as Node);
  }
  return out;
}

function entries(list: Node | null): EntryPlace[] {
  if (!yaml.isSeq(list)) return [];
  const out: EntryPlace[] = [];
  list.items.forEach((item, index) => {
    const span = spanOf(item as Node);
    if (!span || !yaml.isMap(item)) return;
    const fields: EntryPlace['fields'] = new Map();
    for (const pair of item.items) {
      const key = keyText(pair);
      const keySpan = spanOf(pair.key as Node);
      if (key === undefined || !keySpan) continue;
      const value = pair.value as Node | null;
      const valueSpan = spanOf(value);
      fields.set(key, {
        key: keySpan,
        value: valueSpan && yaml.isScalar(value) ? { ...valueSpan, value: value.value, key: keySpan } : undefined,
        node: value,
      });
    }
    out.push({ index, span, fields });
  });
  return out;
}

function keyText(pair: Pair): string | undefined {
  return yaml.isScalar(pair.key) && typeof pair.key.value === 'string' ? pair.key.value : undefined;
}

function spanOf(node: Node | null | undefined): Span | undefined {
  const range = node?.range;
  return range ? { start: range[0], end: range[1] } : undefined;
}

/** The JS value of a node (a for_each as written), or undefined. */
export function valueOf(node: Node | null): unknown {
  try {
    return node ? node.toJSON() : undefined;
  } catch {
    return undefined;
  }
}

export const within = (offset: number, span: Span | undefined): boolean =>
  span !== undefined && offset >= span.start && offset <= span.end;

export interface PairPlace {
  key: Span;
  value: Node | null;
}

/** The pairs of a mapping node by key (none for anything else). */
export function pairsOf(node: Node | null | undefined): Map<string, PairPlace> {
  const out = new Map<string, PairPlace>();
  if (!yaml.isMap(node)) return out;
  for (const pair of node.items) {
    const key = keyText(pair);
    const span = spanOf(pair.key as Node);
    if (key !== undefined && span) out.set(key, { key: span, value: pair.value as Node | null });
  }
  return out;
}

/** The span of a node. */
export const spanOfNode = (node: Node | null | undefined): Span | undefined => spanOf(node);
