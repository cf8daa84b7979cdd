// Where the cursor is in a monitors file, read from the lines alone so that it works in a
// file being typed (half a key, no value yet, a syntax error further down): the keys of the
// enclosing blocks by indentation (`monitors`, `-`, `for_each`...), the key of the line when
// the cursor is in its value, the word typed so far, and the `${var.NAME}`, `${each.KEY}` or
// `${env:NAME}` reference under (or being typed at) the cursor. Pure and total.

export interface Reference {
  kind: 'var' | 'each' | 'env';
  name: string;
  /** Offsets of the whole `${...}` in the text (end: after `}`, or the cursor when unclosed). */
  start: number;
  end: number;
}

export interface Cursor {
  /** Keys of the enclosing blocks, outermost first; `-` for a list item. */
  path: string[];
  /** The cursor is in the value of this key (on the same line). */
  valueOf: string | undefined;
  /** The cursor is where a key goes (start of a line, or a key being typed). */
  atKey: boolean;
  /** The word before the cursor (the part of a key or value typed so far). */
  typed: string;
  reference: Reference | undefined;
  line: number;
}

const KEY_LINE = /^(\s*)((?:-\s+)*)([^\s#'"{[-][^:#]*?|"[^"]*"|'[^']*'):(\s|$)/;

export function cursorAt(text: string, offset: number): Cursor {
  const at = Math.max(0, Math.min(offset, text.length));
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const lineEndAt = text.indexOf('\n', at);
  const lineText = text.slice(lineStart, lineEndAt === -1 ? text.length : lineEndAt);
  const before = lineText.slice(0, at - lineStart);
  const line = text.slice(0, lineStart).split('\n').length - 1;
  const keyMatch = KEY_LINE.exec(before);
  const keyEnd = keyMatch ? keyMatch[1]!.length + keyMatch[2]!.length + keyMatch[3]!.length + 1 : -1;
  const valueOf = keyMatch && before.length >= keyEnd ? unquote(keyMatch[3]!.trim()) : undefined;
  const dashes = /^(\s*)((?:-\s+)*)/.exec(before)!;
  const ownIndent = dashes[1]!.length + dashes[2]!.length;
  const path = enclosing(text.slice(0, lineStart).split('\n'), dashes[2]!.length > 0 ? dashes[1]!.length : ownIndent);
  if (dashes[2]!.length > 0) path.push('-');
  return {
    path,
    valueOf,
    atKey: valueOf === undefined && !/[:\s]\S*\s/.test(before.slice(ownIndent)),
    typed: /[^\s:[\],{}"']*$/.exec(before)![0],
    reference: referenceAt(text, at),
    line,
  };
}

/** The keys of the blocks enclosing a line indented by `indent`, from the lines above it. */
function enclosing(lines: string[], indent: number): string[] {
  const path: string[] = [];
  let limit = indent;
  for (let i = lines.length - 2; i >= 0 && limit > 0; i--) {
    const l = lines[i]!;
    if (/^\s*(#|$)/.test(l)) continue;
    const m = KEY_LINE.exec(l);
    const lead = /^(\s*)((?:-\s+)*)/.exec(l)!;
    const hasDash = lead[2]!.length > 0;
    const dashIndent = lead[1]!.length;
    const keyIndent = dashIndent + lead[2]!.length;
    if (hasDash ? dashIndent >= limit : keyIndent >= limit) continue;
    const opensBlock = m !== null && l.slice(m[0].length).replace(/#.*/, '').trim() === '';
    if (keyIndent < limit && opensBlock) path.unshift(unquote(m[3]!.trim()));
    else if (!hasDash) break; // a value line above: not a parent
    if (hasDash) {
      path.unshift('-');
      limit = dashIndent;
    } else limit = keyIndent;
  }
  return path;
}

function unquote(key: string): string {
  return /^(["']).*\1$/.test(key) ? key.slice(1, -1) : key;
}

/** The `${...}` reference around `offset`, closed or being typed (unclosed: up to the cursor). */
export function referenceAt(text: string, offset: number): Reference | undefined {
  const open = text.lastIndexOf('${', offset);
  if (open === -1) return undefined;
  const lineEnd = text.indexOf('\n', open);
  const stop = lineEnd === -1 ? text.length : lineEnd;
  if (offset > stop) return undefined;
  const close = text.indexOf('}', open);
  const closed = close !== -1 && close < stop;
  const end = closed ? close + 1 : offset;
  if (offset > end) return undefined;
  const m = /^(var\.|each\.|env:)([A-Za-z0-9_]*)/.exec(text.slice(open + 2, closed ? close : offset));
  if (!m) return undefined;
  const kind = m[1] === 'var.' ? 'var' : m[1] === 'each.' ? 'each' : 'env';
  return { kind, name: m[2]!, start: open, end };
}
