// The range of a diagnostic: the loader places a problem at the first character of the
// offending key or value (line and column, counted in UTF-16 code units like LSP's
// positions); the range runs to the end of that key or value on its line: a `${...}`
// reference, a quoted scalar to its closing quote, a flow collection to its closing
// bracket, a key to its colon, a plain value to the end of the line (a comment left out).
// Pure and total: any text and any place give a range inside the text, never an exception.

export interface Range {
  start: { line: number; character: number };
  end: { line: number; character: number };
}

/** `line` and `col` are 1-based as the loader gives them (0: no place in the file). */
export function extentAt(text: string, line: number, col: number): Range {
  if (line < 1) return point(0, 0);
  const lines = text.split(/\r\n|\n|\r/);
  const lineText = lines[line - 1];
  if (lineText === undefined) {
    const last = Math.max(0, lines.length - 1);
    return point(last, lines[last]?.length ?? 0);
  }
  const start = Math.min(Math.max(0, col - 1), lineText.length);
  return { start: { line: line - 1, character: start }, end: { line: line - 1, character: tokenEnd(lineText, start) } };
}

function point(line: number, character: number): Range {
  return { start: { line, character }, end: { line, character } };
}

function tokenEnd(lineText: string, start: number): number {
  const rest = lineText.slice(start);
  if (rest.startsWith('${')) {
    const close = rest.indexOf('}');
    return close === -1 ? lineText.length : start + close + 1;
  }
  const first = rest[0];
  if (first === '"' || first === "'") return start + quotedLength(rest, first);
  if (first === '[' || first === '{') return start + bracketedLength(rest);
  if (first === '-' && (rest[1] === ' ' || rest.length === 1)) return start + Math.max(1, plainLength(rest));
  return start + Math.max(rest.length === 0 ? 0 : 1, plainLength(rest));
}

function quotedLength(rest: string, quote: string): number {
  for (let i = 1; i < rest.length; i++) {
    if (quote === '"' && rest[i] === '\\') i++;
    else if (rest[i] === quote) {
      if (quote === "'" && rest[i + 1] === "'") i++;
      else return i + 1;
    }
  }
  return rest.length;
}

function bracketedLength(rest: string): number {
  let depth = 0;
  for (let i = 0; i < rest.length; i++) {
    const c = rest[i];
    if (c === '[' || c === '{') depth++;
    else if (c === ']' || c === '}') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return rest.length;
}

/** A plain scalar: up to `: ` or a final `:` (a key), or ` #` (a comment), trailing blanks left out. */
function plainLength(rest: string): number {
  let end = rest.length;
  const key = rest.search(/:(\s|$)/);
  if (key > 0) end = key;
  const comment = rest.search(/\s#/);
  if (comment >= 0 && comment < end) end = comment;
  while (end > 0 && (rest[end - 1] === ' ' || rest[end - 1] === '\t')) end--;
  return end;
}
