// Point 6 of issue 32: quick fixes for the loader's own diagnostics. Every "did you mean"
// replaces the offending word with the suggestion; a missing required field (of the
// schema, of the type, of the auth type) is added at the entry with an empty value to fill
// in; a literal secret becomes `${env:NAME}` (the value leaves the file; NAME is to be set
// in the environment). Pure: the diagnostic and the text in, edits out.
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
  if (missing) {
    const lineStart = text.lastIndexOf('\n', start - 1) + 1;
    const indent = ' '.repeat(start - lineStart);
    fixes.push({ title: `Add ${missing}`, edits: [{ start, end: start, newText: `${missing}: \n${indent}` }] });
  }
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
