// Where the value of a nested key is in block-style YAML, found from indentation alone (no
// parse). Messages about the token and the API URL point at the settings that chose them
// (`settings.environments.staging.api_url` at settings.yaml:10:14), and the loader's fast
// path keeps no positions that deep; parsing the file exactly for that would cost more than
// the rest of a load. The scan is checked against the value as written: on any doubt (flow
// style, a value on the next line, a key spelled with escapes) it gives up, and the caller
// asks the exact parse instead.
import type { Position } from '../values/positions.js';

/** A key as settings write them: a name, bare or quoted, then `:` and a space or the line's end. */
const KEY = /^(["']?)([A-Za-z0-9_][A-Za-z0-9_.-]*)\1[ \t]*:(?=[ \t\r]|$)/;

/**
 * `lines`: the text split at `\n` (once per file, by the caller). `written`: the value as the
 * parse read it, which must start where the scan says it does.
 */
export function scanValuePosition(
  lines: readonly string[],
  path: readonly string[],
  written: string,
): Position | undefined {
  let from = 0;
  let parentIndent = -1;
  let found: { line: number; valueCol: number } | undefined;
  for (const key of path) {
    found = undefined;
    let childIndent: number | undefined;
    for (let i = from; i < lines.length; i++) {
      const line = lines[i]!;
      const indent = line.search(/\S/);
      if (indent < 0 || line[indent] === '#') continue;
      if (indent <= parentIndent) break; // the end of the parent's block
      if (/^[ ]*\t/.test(line)) return undefined; // tabs in the indentation: leave it to the parser
      childIndent ??= indent;
      if (indent !== childIndent) continue;
      const match = KEY.exec(line.slice(indent));
      if (match?.[2] !== key) continue;
      const rest = line.slice(indent + match[0].length);
      found = { line: i, valueCol: indent + match[0].length + (rest.length - rest.trimStart().length) };
      parentIndent = indent;
      from = i + 1;
      break;
    }
    if (!found) return undefined;
  }
  if (!found) return undefined;
  const value = lines[found.line]!.slice(found.valueCol);
  const asWritten = value.startsWith(written) || value.startsWith(`"${written}`) || value.startsWith(`'${written}`);
  return asWritten && written !== '' ? { line: found.line + 1, col: found.valueCol + 1 } : undefined;
}
