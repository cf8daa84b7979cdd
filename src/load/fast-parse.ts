// Fast path: js-yaml with the core-mirroring schema; positions of the top-level items
// come from a text scan (scan-positions.ts). Returns undefined whenever the file uses a
// feature where the two parsers could differ (tags, anchors/aliases, directives, more
// than one document, syntax errors): such a file takes the exact path, which is the
// authority on meaning.
import jsyaml from 'js-yaml';
import { YAML_CORE_SCHEMA } from './core-schema.js';
import type { FilePositions } from './positions.js';
import { scanPositions } from './scan-positions.js';

export interface FastParse {
  value: unknown;
  positions: FilePositions;
}

// A tag property can only start a node: after a line start, a space, or a flow indicator.
const TAG_OR_DIRECTIVE = /(?:^|[\s[{,])!|^%/m;

interface LoaderState {
  listener: unknown;
  anchorMap?: Record<string, unknown>;
}

export function fastParse(text: string): FastParse | undefined {
  if (TAG_OR_DIRECTIVE.test(text)) return undefined;
  let state: LoaderState | undefined;
  // Called once: keeps js-yaml's loader state to look at its anchors afterwards, then
  // unhooks itself (a listener on every node costs a quarter of the parse).
  const listener = (_event: string, s: LoaderState): void => {
    state = s;
    s.listener = null;
  };
  let value: unknown;
  try {
    value = jsyaml.load(text, { schema: YAML_CORE_SCHEMA, listener: listener as never });
  } catch {
    return undefined;
  }
  if (value === undefined) return { value, positions: new Map() };
  // Anchors (and so aliases) go the exact way, which bounds alias expansion.
  const anchors = state?.anchorMap;
  if (anchors === undefined || Object.keys(anchors).length > 0) return undefined;
  return { value, positions: scanPositions(text) };
}
