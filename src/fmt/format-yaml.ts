// `monitors fmt`: the canonical layout of one monitors file, made on `yaml`'s document
// (never a re-dump of JS values): pairs are reordered in place, so each key keeps its
// comments, blank lines, flow or block style and anchors; quotes go where a plain scalar
// reads back as the same string; the document is printed with a 2-space indent and no
// folding. References (${var.X}, ${env:X}, ${each.X}) are text and stay as written. Pure.
import type { Node, Pair, Scalar, YAMLMap } from 'yaml';
import { exactParse, type SyntaxProblem } from '../load/parse/exact-parse.js';
import { byPlace, LAYOUT } from './layout.js';
import { keepCommentGaps, returnHeaderComments } from './comment-places.js';

export type Formatted =
  | { kind: 'formatted'; text: string; changed: boolean }
  | { kind: 'refused'; problems: SyntaxProblem[] }
  /** In a folder search: YAML of another tool (src/load/foreign-file.ts), left alone. */
  | { kind: 'foreign' };

export interface FormatOptions {
  /** Skip a file with no key of a monitors file (it was found by a folder search, not named). */
  skipForeign: boolean;
}

export async function formatMonitorsYaml(text: string, options: FormatOptions): Promise<Formatted> {
  // The loader's own exact parse decides what is refused, and says it as validate does.
  const exact = await exactParse(text);
  if (exact.problems.length > 0) return { kind: 'refused', problems: exact.problems };
  const { isForeignFile } = await import('../load/foreign-file.js');
  if (options.skipForeign && isForeignFile(exact.topLevel)) return { kind: 'foreign' };
  const { default: yaml } = await import('yaml');
  const doc = yaml.parseDocument(text, { keepSourceTokens: false });
  if (!yaml.isMap(doc.contents)) return { kind: 'formatted', text, changed: false };
  returnHeaderComments(yaml, doc, text);
  arrange(yaml, doc.contents);
  yaml.visit(doc, { Scalar: (_key, node) => void unquote(node) });
  // One line break at the end, whatever a moved key's trailing gap left there.
  const printed = doc.toString({ indent: 2, lineWidth: 0, flowCollectionPadding: false }).replace(/\n+$/, '\n');
  const out = keepCommentGaps(text, printed);
  return { kind: 'formatted', text: out, changed: out !== text };
}

type YamlModule = typeof import('yaml');

/** Each mapping a monitors file holds, put in its order. */
function arrange(yaml: YamlModule, top: YAMLMap): void {
  sortMap(top, LAYOUT.top);
  spaceSections(top);
  const section = (name: string) => top.items.find((p) => keyText(p) === name)?.value;
  const each = (node: unknown, order: readonly string[]) => {
    if (yaml.isMap(node)) sortMap(node, order);
  };
  each(section('defaults'), LAYOUT.defaults);
  const settings = section('settings');
  each(settings, LAYOUT.settings);
  if (yaml.isMap(settings)) {
    const environments = settings.items.find((p) => keyText(p) === 'environments')?.value;
    if (yaml.isMap(environments)) for (const pair of environments.items) each(pair.value, LAYOUT.environment);
  }
  for (const [name, order] of [
    ['monitors', LAYOUT.monitor],
    ['moved', LAYOUT.moved],
    ['removed', LAYOUT.removed],
    ['deleted', LAYOUT.deleted],
  ] as const) {
    const list = section(name);
    if (yaml.isSeq(list)) for (const item of list.items) each(item, order);
  }
}

function sortMap(map: YAMLMap, order: readonly string[]): void {
  map.items = byPlace(map.items, keyText, order);
  // A blank line a key brought from the middle would open the mapping with a gap.
  const first = map.items[0]?.key as Node | null | undefined;
  if (first && typeof first === 'object') first.spaceBefore = false;
}

/** One blank line between top-level sections, none before the first. */
function spaceSections(top: YAMLMap): void {
  top.items.forEach((pair, index) => {
    const key = pair.key as Node | null;
    if (key && typeof key === 'object') key.spaceBefore = index > 0;
  });
}

function keyText(pair: Pair): string | undefined {
  const key = pair.key as Node | null;
  const value = key && 'value' in key ? key.value : key;
  return typeof value === 'string' ? value : undefined;
}

/**
 * A quoted string becomes plain where that reads back as the same string: `yaml` keeps the
 * quotes itself when a plain scalar would be something else (`"123"`, `"true"`, `"a: b"`).
 * A string of several lines, or with characters only an escape shows, keeps its quotes.
 */
function unquote(node: Scalar): void {
  if (node.type !== 'QUOTE_DOUBLE' && node.type !== 'QUOTE_SINGLE') return;
  if (typeof node.value !== 'string' || /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(node.value)) return;
  node.type = 'PLAIN';
}
