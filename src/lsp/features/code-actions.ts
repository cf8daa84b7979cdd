// Point 6 of issue 32: quick fixes for the loader's own diagnostics. Every "did you mean"
// replaces the offending word with the suggestion; a missing required field (of the
// schema, of the type, of the auth type) is added right after the entry's name (the key
// that says which monitor it is, as `fmt` lays entries out) with a placeholder value to
// replace (field-placeholder.ts); a literal secret becomes `${env:NAME}` (the value leaves the file; NAME is to be set
// in the environment). Pure: the diagnostic and the text in, edits out.
import { fileNodes } from '../yaml-nodes.js';
import { placeholderFor } from './field-placeholder.js';

export interface Fix {
  title: string;
  /** The diagnostic's range as offsets, and the text to put there, or at `insertAt`. */
  edits: { start: number; end: number; newText: string }[];
}

export function fixesFor(
  text: string,
  diagnostic: { code: string; message: string; start: number; end: number },
  monitorName: string | undefined,
): Fix[] {
  const fixes: Fix[] = [];
  const { code, message, start, end } = diagnostic;
  for (const m of message.matchAll(/did you mean "([^"]+)"\?/g))
    fixes.push({ title: `Change to "${m[1]}"`, edits: [{ start, end, newText: m[1]! }] });
  const missing =
    /^missing required field "([A-Za-z_]+)"/.exec(message)?.[1] ??
    (/^rule\.required_for_/.test(code) || /needs [a-z_]+/.test(message)
      ? /needs ([a-z_]+)/.exec(message)?.[1]
      : undefined);
  if (missing) fixes.push({ title: `Add ${missing}`, edits: [addField(text, start, missing)] });
  if (code === 'secret.literal') {
    const name = `${
      (monitorName ?? 'monitor')
        .toUpperCase()
        .replace(/[^A-Z0-9]+/g, '_')
        .replace(/^_|_$/g, '') || 'MONITOR'
    }_SECRET`;
    fixes.push({
      title: `Read the secret from the environment: \${env:${name}}`,
      edits: [{ start, end, newText: `\${env:${name}}` }],
    });
  }
  return fixes;
}

/** `field: placeholder` after the name of the entry at `at` (block or flow), else at `at` itself. */
function addField(text: string, at: number, field: string): Fix['edits'][number] {
  const entry = fileNodes(text).monitors.find((e) => at >= e.span.start && at <= e.span.end);
  const pair = `${field}: ${placeholderFor(field, entry?.fields.get('type')?.value?.value)}`;
  const name = entry?.fields.get('name');
  if (entry && name?.value) {
    if (text[entry.span.start] === '{') return { start: name.value.end, end: name.value.end, newText: `, ${pair}` };
    const lineEnd = text.indexOf('\n', name.value.end);
    const end = lineEnd === -1 ? text.length : text[lineEnd - 1] === '\r' ? lineEnd - 1 : lineEnd;
    const indent = ' '.repeat(name.key.start - (text.lastIndexOf('\n', name.key.start - 1) + 1));
    return { start: end, end, newText: `\n${indent}${pair}` };
  }
  const indent = ' '.repeat(at - (text.lastIndexOf('\n', at - 1) + 1));
  return { start: at, end: at, newText: `${pair}\n${indent}` };
}
