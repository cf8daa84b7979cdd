// Kubernetes manifests as values with the line of each mapping and sequence. A manifest of
// 5,000 resources must be read in well under 2 s: `yaml`'s parser took 3.4 s for one of 3
// MB, js-yaml 0.5 s. So the values come from js-yaml (the core schema the loader uses,
// src/load/parse/core-schema.ts), and the positions from its parse events: each node's
// `open` is where it starts (its first character after blanks and comments), its `close`
// hands over the value built. A file js-yaml refuses is parsed again with `yaml`
// (src/load/parse/exact-parse.ts), the authority on where a YAML mistake is and how to say
// it in plain words.
import jsyaml from 'js-yaml';
import { YAML_CORE_SCHEMA } from '../load/parse/core-schema.js';
import type { InputProblem, Positions, SourceRef } from './types.js';

export interface ParsedManifests {
  /** Each YAML document's value (null for an empty one), in order. */
  documents: unknown[];
  positions: Positions;
}

export type ParseResult = ParsedManifests | { problems: InputProblem[] };

const YAML_HINT =
  'Fix the YAML at this line (`kubectl apply --dry-run=client -f FILE` reads it the same way), then run discover again.';

export async function parseManifests(text: string, file: string): Promise<ParseResult> {
  try {
    return fastParse(text, file);
  } catch (error) {
    return { problems: await locateYamlError(text, file, error) };
  }
}

function fastParse(text: string, file: string): ParsedManifests {
  // A node's parse events cost little only if they allocate nothing: the offsets go into flat
  // arrays, and lines are worked out when a place is asked for (a few per resource).
  const where = new Map<object, number>(); // a Map: faster than a WeakMap here, and dropped with the result
  const spans = new Map<object, { from: number; to: number; depth: number }>();
  const opened: number[] = []; // the offset each open node started at
  const firstClose: number[] = []; // how many nodes had closed when it opened
  const closedAt: number[] = []; // each closed node's offset, in order of closing
  const closedDepth: number[] = [];
  const listener = (event: 'open' | 'close', state: { position: number; result: unknown }): void => {
    if (event === 'open') {
      opened.push(state.position);
      firstClose.push(closedAt.length);
      return;
    }
    const offset = opened.pop();
    const from = firstClose.pop();
    if (offset === undefined || from === undefined) return;
    const value = state.result;
    if (value !== null && typeof value === 'object') {
      // An alias hands over the anchored value again: it keeps the place it was written.
      if (!where.has(value)) where.set(value, offset);
      if (Array.isArray(value) && !spans.has(value))
        spans.set(value, { from, to: closedAt.length, depth: opened.length + 1 });
    }
    closedAt.push(offset);
    closedDepth.push(opened.length);
  };
  const documents = jsyaml.loadAll(text, undefined, { schema: YAML_CORE_SCHEMA, filename: file, listener });
  let starts: number[] | undefined;
  const at = (offset: number): SourceRef => {
    starts ??= lineStarts(text);
    const start = contentStart(text, offset);
    const index = lineIndex(starts, start);
    return { file, line: index + 1, col: start - starts[index]! + 1 };
  };
  return {
    documents,
    positions: {
      of: (value) => {
        const offset = value !== null && typeof value === 'object' ? where.get(value) : undefined;
        return offset === undefined ? undefined : at(offset);
      },
      items: (value) => {
        const span = value !== null && typeof value === 'object' ? spans.get(value) : undefined;
        if (!span) return [];
        const items: SourceRef[] = [];
        for (let i = span.from; i < span.to; i += 1) if (closedDepth[i] === span.depth) items.push(at(closedAt[i]!));
        return items;
      },
    },
  };
}

/** The exact parser's account of the mistake; js-yaml's own when the two disagree on it. */
async function locateYamlError(text: string, file: string, error: unknown): Promise<InputProblem[]> {
  const { exactParse } = await import('../load/parse/exact-parse.js');
  const exact = await exactParse(text);
  // Several documents are what a manifest holds, not a mistake.
  const problems = exact.problems.filter((p) => p.code !== 'yaml.multiple_documents');
  if (problems.length > 0)
    return problems.map((p) => ({
      code: p.code.startsWith('yaml.') ? p.code : `yaml.${p.code}`,
      message: p.message,
      hint: YAML_HINT,
      at: { file, line: p.pos.line, col: p.pos.col },
    }));
  const mark = (error as { mark?: { line?: number; column?: number } }).mark;
  const reason = (error as { reason?: string }).reason ?? (error instanceof Error ? error.message : String(error));
  return [
    {
      code: 'yaml.syntax',
      message: reason.split('\n')[0] ?? 'the YAML cannot be read',
      hint: YAML_HINT,
      at: { file, line: (mark?.line ?? 0) + 1, col: (mark?.column ?? 0) + 1 },
    },
  ];
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function lineIndex(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The first character from `from` that is not a blank, a line break, part of a comment or a document marker. */
function contentStart(text: string, from: number): number {
  let i = from;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) i += 1;
    else if (c === 0x23 /* # */) {
      const eol = text.indexOf('\n', i);
      i = eol === -1 ? text.length : eol + 1;
    } else if (c === 0x2d /* - */ && text.startsWith('---', i) && (i === 0 || text[i - 1] === '\n')) i += 3;
    else break;
  }
  return Math.min(i, Math.max(0, text.length - 1));
}
