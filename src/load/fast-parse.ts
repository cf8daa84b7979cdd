// Fast path: js-yaml with the core-mirroring schema, plus the positions of the items of
// each top-level section, taken from js-yaml's node listener (no second parse). Returns
// undefined whenever the file uses a feature where the two parsers could differ (tags,
// anchors/aliases, directives, more than one document, syntax errors): such a file takes
// the exact path, which is the authority on meaning.
import jsyaml from 'js-yaml';
import { YAML_CORE_SCHEMA } from './core-schema.js';
import type { FilePositions, Position } from './positions.js';

export interface FastParse {
  value: unknown;
  positions: FilePositions;
}

// A tag property can only start a node: after a line start, a space, or a flow indicator.
const TAG_OR_DIRECTIVE = /(?:^|[\s[{,])!|^%/m;

interface ListenerState {
  depth: number;
  position: number;
  line: number;
  lineStart: number;
  result: unknown;
  anchorMap?: Record<string, unknown>;
}

export function fastParse(text: string): FastParse | undefined {
  if (TAG_OR_DIRECTIVE.test(text)) return undefined;
  const sections = new Map<string, { key: Position; items: Position[] }>();
  let rootState: ListenerState | undefined;
  let depth2Count = 0;
  let current: { key: Position; items: Position[] } | undefined;
  let pendingKey: Position | undefined;
  const listener = (event: 'open' | 'close', state: ListenerState): void => {
    rootState ??= state;
    if (state.depth === 2) {
      if (event === 'open') {
        // Root mapping children alternate key, value, key, value...
        if (depth2Count % 2 === 0) pendingKey = { line: state.line + 1, col: state.position - state.lineStart + 1 };
        depth2Count += 1;
      } else if (depth2Count % 2 === 1 && pendingKey) {
        current = { key: pendingKey, items: [] };
        if (typeof state.result === 'string') sections.set(state.result, current);
      }
    } else if (state.depth === 3 && event === 'open' && current) {
      current.items.push({ line: state.line + 1, col: state.position - state.lineStart + 1 });
    }
  };
  let value: unknown;
  try {
    value = jsyaml.load(text, { schema: YAML_CORE_SCHEMA, listener: listener as never });
  } catch {
    return undefined;
  }
  // Anchors (and so aliases) go the exact way, which bounds alias expansion.
  const anchors = rootState?.anchorMap;
  if (anchors === undefined || Object.keys(anchors).length > 0) return value === undefined ? { value, positions: new Map() } : undefined;
  return { value, positions: sections };
}
