// Exact path: `yaml` with source ranges. It is the authority on what a file means and
// where each node is; the loader uses it only for files with problems (or files the fast
// path declines), because it is about ten times slower than js-yaml.
import type { Document, LineCounter as LineCounterType, Pair, YAMLMap } from 'yaml';
import type { FilePositions, Position } from '../values/positions.js';
import type { PathSegment, Target } from '../values/yaml-path.js';
import { explainSyntaxErrors } from '../syntax/explain.js';
import { plainProblem } from '../syntax/plain-messages.js';
import type { RawSyntaxError } from '../syntax/types.js';
import { directiveProblems } from './directive-problems.js';
import type { SyntaxProblem } from './syntax-problem.js';

/** Aliases may expand to at most this many nodes in total (billion-laughs guard). */
export const MAX_ALIAS_COUNT = 100;

/** What one YAML document holds at its top level. */
export type TopLevelShape = { kind: 'empty' } | { kind: 'mapping'; keys: string[] } | { kind: 'other' };

export type { SyntaxProblem } from './syntax-problem.js';

export interface ExactParse {
  /** undefined when the file is empty, or when `problems` holds errors that make the value unusable. */
  value: unknown;
  problems: SyntaxProblem[];
  positions: FilePositions;
  /** What each document holds at its top level, read even when the file has problems. */
  topLevel: TopLevelShape[];
  /** `needle`: text inside the value to point at (a reference in a longer string), when found there. */
  locate(path: readonly PathSegment[], target: Target, needle?: string): Position;
}

export async function exactParse(text: string): Promise<ExactParse> {
  // `yaml` is CommonJS: its exports are the namespace's default under Node and under
  // esbuild's code splitting alike (named exports are Node's guess, absent from split chunks).
  const { default: yaml } = await import('yaml');
  const lineCounter = new yaml.LineCounter();
  const docs = parseDocuments(yaml, text, lineCounter);
  const pos = (offset: number): Position => toPosition(lineCounter, offset);
  const pairIndex = new WeakMap<YAMLMap, Map<string, Pair>>();
  const problems: SyntaxProblem[] = [];
  const list = Array.isArray(docs) ? docs : [];
  const syntaxErrors = rawErrors(list, pos);
  let mended: string | undefined;
  // The parser's errors name where it got lost; the user needs the mistake, once, in plain words.
  if (syntaxErrors.length > 0) {
    const explained = explainSyntaxErrors(text, syntaxErrors, (edited) => {
      const counter = new yaml.LineCounter();
      const at = (offset: number): Position => toPosition(counter, offset);
      return rawErrors(parseDocuments(yaml, edited, counter), at);
    });
    problems.push(...explained.problems);
    mended = explained.mended;
  }
  for (const doc of list) {
    // Warnings (an unknown tag, say) would change a file's meaning silently: errors here.
    for (const e of doc.warnings) problems.push(plainProblem({ ...pos(e.pos[0]), code: e.code, message: e.message }));
    problems.push(...duplicateKeys(yaml, doc, pos));
  }
  problems.push(...directiveProblems(text, pos));
  const first = list[0];
  const second = list[1];
  if (second) {
    problems.push({
      pos: pos(second.range[0]),
      code: 'yaml.multiple_documents',
      message: `this file holds ${list.length} YAML documents; put one document (one set of monitors) per file`,
    });
  }
  let value: unknown;
  if (first && problems.length === 0) {
    try {
      value = first.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    } catch (e) {
      // toJS throws for the two alias problems the parse itself does not report.
      const unresolved = e instanceof Error && /unresolved alias/i.test(e.message);
      problems.push(
        unresolved
          ? {
              pos: firstAlias(yaml, first, pos, true),
              code: 'yaml.bad_alias',
              message: 'this alias refers to no anchor defined before it',
            }
          : {
              pos: firstAlias(yaml, first, pos, false),
              code: 'yaml.alias_limit',
              message: `aliases expand to too many nodes (limit ${MAX_ALIAS_COUNT}); write the values out or use defaults:`,
            },
      );
    }
  }
  return {
    value,
    problems,
    positions: first ? sectionPositions(yaml, first, pos) : (new Map() as FilePositions),
    // A folder search tells a broken monitors file from another tool's file by what it was meant to say.
    topLevel: (mended === undefined ? list : parseDocuments(yaml, mended, new yaml.LineCounter())).map((doc) =>
      topLevelShape(yaml, doc),
    ),
    locate: (path, target, needle) =>
      locate(yaml, first, path, target, pos, pairIndex, needle === undefined ? undefined : { text, needle }),
  };
}

type YamlModule = typeof import('yaml');

function parseDocuments(yaml: YamlModule, text: string, lineCounter: LineCounterType): Document.Parsed[] {
  const docs = yaml.parseAllDocuments(text, {
    version: '1.2',
    schema: 'core',
    merge: false,
    // !!set, !!omap, !!pairs, !!binary, !!timestamp are YAML 1.1 types, not the core
    // schema's: refused like any unknown tag, not read as objects JSON cannot hold.
    resolveKnownTags: false,
    // Duplicate keys are found below in one pass per map: yaml's own check compares each
    // key with every earlier one (20,000 keys in one map took about 5 s).
    uniqueKeys: false,
    prettyErrors: false,
    // Nothing on the console: a collection used as a key is reported as an unknown field,
    // not also as a Node warning on stderr.
    logLevel: 'error',
    lineCounter,
  });
  return Array.isArray(docs) ? docs : [];
}

/** The parse errors of every document (not the warnings), at their positions. */
function rawErrors(docs: readonly Document.Parsed[], pos: (o: number) => Position): RawSyntaxError[] {
  return docs.flatMap((doc) => doc.errors.map((e) => ({ ...pos(e.pos[0]), code: e.code, message: e.message })));
}

function toPosition(lineCounter: LineCounterType, offset: number): Position {
  const { line, col } = lineCounter.linePos(offset);
  return line === 0 ? { line: 1, col: offset + 1 } : { line, col };
}

/**
 * Keys repeated in one map, as yaml's `uniqueKeys: true` reports them (scalars with equal
 * values; collections as keys are never equal), at each repeat's key.
 */
function duplicateKeys(yaml: YamlModule, doc: Document, pos: (o: number) => Position): SyntaxProblem[] {
  const found: SyntaxProblem[] = [];
  yaml.visit(doc, {
    Map(_key, map) {
      const seen = new Map<unknown, number>();
      for (const { key } of map.items) {
        if (!yaml.isScalar(key)) continue;
        const at = key.range?.[0] ?? 0;
        const first = seen.get(key.value);
        if (first === undefined) seen.set(key.value, at);
        else
          found.push({
            pos: pos(at),
            code: 'yaml.duplicate_key',
            message: `"${String(key.value)}" is set twice in this mapping (first on line ${pos(first).line}); keep one`,
          });
      }
    },
  });
  return found;
}

/** The first alias (or the first one whose anchor is missing) in document order. */
function firstAlias(yaml: YamlModule, doc: Document, pos: (o: number) => Position, unresolvedOnly: boolean): Position {
  let found: Position = { line: 1, col: 1 };
  yaml.visit(doc, {
    Alias(_key, node) {
      if (unresolvedOnly && node.resolve(doc) !== undefined) return undefined;
      if (node.range) found = pos(node.range[0]);
      return yaml.visit.BREAK;
    },
  });
  return found;
}

function sectionPositions(yaml: YamlModule, doc: Document, pos: (o: number) => Position): FilePositions {
  const sections: FilePositions = new Map();
  if (!yaml.isMap(doc.contents)) return sections;
  for (const pair of doc.contents.items) {
    const key = pair.key;
    if (!yaml.isScalar(key) || !key.range) continue;
    const keyStart = key.range[0];
    const items = yaml.isSeq(pair.value) ? pair.value.items.map((item) => pos(startOf(yaml, item) ?? keyStart)) : [];
    sections.set(String(key.value), { key: pos(keyStart), items });
  }
  return sections;
}

function topLevelShape(yaml: YamlModule, doc: Document): TopLevelShape {
  const contents = doc.contents;
  if (contents === null || (yaml.isScalar(contents) && contents.value === null)) return { kind: 'empty' };
  if (yaml.isMap(contents)) return { kind: 'mapping', keys: contents.items.map((pair) => keyText(yaml, pair.key)) };
  return { kind: 'other' };
}

function startOf(yaml: YamlModule, node: unknown): number | undefined {
  return yaml.isNode(node) && node.range ? node.range[0] : undefined;
}

/** Walks `path` through the document; falls back to the deepest node found. */
function locate(
  yaml: YamlModule,
  doc: Document | undefined,
  path: readonly PathSegment[],
  target: Target,
  pos: (o: number) => Position,
  pairIndex: WeakMap<YAMLMap, Map<string, Pair>>,
  within?: { text: string; needle: string },
): Position {
  let node: unknown = doc?.contents;
  let keyNode: unknown;
  let fallback = startOf(yaml, node) ?? 0;
  for (const segment of path) {
    if (yaml.isAlias(node) && doc) node = node.resolve(doc);
    let pair: Pair | undefined;
    if (yaml.isMap(node)) {
      pair = pairsByKey(yaml, node, pairIndex).get(String(segment));
      if (!pair) return pos(fallback);
      keyNode = pair.key;
      node = pair.value;
    } else if (yaml.isSeq(node) && typeof segment === 'number' && segment < node.items.length) {
      keyNode = undefined;
      node = node.items[segment];
    } else {
      return pos(fallback);
    }
    fallback = startOf(yaml, node) ?? startOf(yaml, keyNode) ?? fallback;
  }
  const keyStart = startOf(yaml, keyNode);
  if (target === 'key' && keyStart !== undefined) return pos(keyStart);
  // An empty value (`key:`) has no text of its own: point at its key.
  if (yaml.isScalar(node) && node.value === null && node.source === '' && keyStart !== undefined) return pos(keyStart);
  const range = yaml.isNode(node) ? node.range : undefined;
  if (within && range) {
    const at = within.text.indexOf(within.needle, range[0]);
    if (at !== -1 && at < range[1]) return pos(at);
  }
  return pos(startOf(yaml, node) ?? keyStart ?? fallback);
}

/**
 * The pairs of a mapping by key text (the first of equal keys wins, as a search would),
 * built once per mapping: one with 100,000 unknown keys gets 100,000 lookups.
 */
function pairsByKey(yaml: YamlModule, map: YAMLMap, index: WeakMap<YAMLMap, Map<string, Pair>>): Map<string, Pair> {
  let byKey = index.get(map);
  if (!byKey) {
    byKey = new Map();
    for (const pair of map.items) {
      const key = keyText(yaml, pair.key);
      if (!byKey.has(key)) byKey.set(key, pair);
    }
    index.set(map, byKey);
  }
  return byKey;
}

function keyText(yaml: YamlModule, key: unknown): string {
  if (yaml.isScalar(key)) return String(key.value);
  return String(key);
}
