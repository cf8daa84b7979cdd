// One file through the pipeline: read, fast parse (or exact when the fast path declines).
// Analysis needs the environments the settings file declares (index.ts reads that one
// first); locating problems (the exact parse) happens later, once cross-file problems are
// known too.
import type { Diagnostic } from '../model/monitor.js';
import type { FileAnalysis } from './checks/file-analysis.js';
import type { FoundFile } from './files/discover.js';
import type { ExactParse, SyntaxProblem } from './parse/exact-parse.js';
import { fastParse } from './parse/fast-parse.js';
import type { FilePositions } from './values/positions.js';
import { decodeMonitorsText, type ReadProblem, type ReadResult } from './files/read-file.js';

export interface LoadedFile extends FoundFile {
  /** The file as read: its text can be decoded from it again (see index.ts, summaries). */
  bytes: Buffer | undefined;
  text: string;
  value: unknown;
  positions: FilePositions;
  exact: ExactParse | undefined;
  /**
   * The fast text scan found every item the parsed value has (else the exact parse gives
   * positions); true as well when no positions were asked for (see loadFile).
   */
  positionsComplete: boolean;
  /** undefined when the file could not be parsed (its diagnostics say why), or before it is analysed. */
  analysis: FileAnalysis | undefined;
  /** The file could be parsed: it gets analysed. */
  parsed: boolean;
  diagnostics: Diagnostic[];
}

/**
 * `read`: the file's bytes (readMonitorsBytes), or why it could not be read. `positions`:
 * scan where each item starts; a summary (validate) asks only of files that may declare
 * settings, since it names no place of a valid monitor, and a file with a problem is parsed
 * exactly anyway.
 */
export async function loadFile(
  file: FoundFile,
  read: { bytes: Buffer } | ReadProblem,
  positions = true,
): Promise<LoadedFile> {
  const loaded: LoadedFile = {
    ...file,
    bytes: 'bytes' in read ? read.bytes : undefined,
    text: '',
    value: undefined,
    positions: new Map(),
    positionsComplete: false,
    exact: undefined,
    analysis: undefined,
    parsed: false,
    diagnostics: [],
  };
  const decoded: ReadResult = 'bytes' in read ? decodeMonitorsText(read.bytes) : read;
  if (!('text' in decoded)) {
    loaded.diagnostics.push({
      file: file.display,
      line: decoded.line ?? 1,
      col: decoded.col ?? 1,
      severity: 'error',
      code: decoded.code,
      message: decoded.message,
    });
    return loaded;
  }
  loaded.text = decoded.text;
  const parsed = await parseText(decoded.text, positions);
  loaded.exact = parsed.exact;
  loaded.positions = parsed.positions;
  if (parsed.problems.length > 0) {
    for (const p of parsed.problems)
      loaded.diagnostics.push({ file: file.display, ...p.pos, severity: 'error', code: p.code, message: p.message });
    return loaded;
  }
  loaded.value = parsed.value;
  loaded.parsed = true;
  loaded.positionsComplete = !positions || positionsComplete(loaded.value, loaded.positions);
  return loaded;
}

export interface ParsedText {
  /** undefined when the text holds no document, or when `problems` is not empty. */
  value: unknown;
  positions: FilePositions;
  /** The exact parse, when the fast path declined the text. */
  exact: ExactParse | undefined;
  problems: SyntaxProblem[];
}

/**
 * The loader's choice of parser for one text: the fast path when it takes the text, else
 * the exact parse, which is the authority on meaning (tests/load/yaml-test-suite.test.ts
 * holds both to the YAML test suite).
 */
export async function parseText(text: string, positions = true): Promise<ParsedText> {
  const fast = fastParse(text, positions);
  if (fast) return { value: fast.value, positions: fast.positions, exact: undefined, problems: [] };
  // The exact parser (and the `yaml` package) is loaded only for a text that needs it.
  const { exactParse } = await import('./parse/exact-parse.js');
  const exact = await exactParse(text);
  return {
    value: exact.problems.length > 0 ? undefined : exact.value,
    positions: exact.positions,
    exact,
    problems: exact.problems,
  };
}

function positionsComplete(value: unknown, positions: FilePositions): boolean {
  if (value === null || typeof value !== 'object') return true;
  const { monitors, moved, removed, settings } = value as Record<string, unknown>;
  const count = (list: unknown) => (Array.isArray(list) ? list.length : 0);
  return (
    (positions.get('monitors')?.items.length ?? 0) === count(monitors) &&
    (positions.get('moved')?.items.length ?? 0) === count(moved) &&
    (positions.get('removed')?.items.length ?? 0) === count(removed) &&
    (settings === undefined || positions.has('settings'))
  );
}
