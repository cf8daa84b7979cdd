// Text from names, servers and the YAML, safe inside Markdown (PR comments).

/**
 * Inline code that survives backticks in names (a backtick run longer than any inside) and,
 * in table cells, pipes (GFM reads `\|` there as a pipe; elsewhere it would show the backslash).
 */
export function code(text: string, inTableCell = false): string {
  const oneLine = text.replace(/[\r\n]+/g, ' ');
  const clean = inTableCell ? oneLine.replace(/\|/g, '\\|') : oneLine;
  const longestRun = Math.max(0, ...(clean.match(/`+/g) ?? []).map((run) => run.length));
  const ticks = '`'.repeat(longestRun + 1);
  const pad = longestRun > 0 ? ' ' : '';
  return `${ticks}${pad}${clean}${pad}${ticks}`;
}

/** Text in Markdown, with the characters that would format it escaped, on one line. */
export function inline(text: string): string {
  return text.replace(/[\\`*_<>|[\]]/g, (c) => `\\${c}`).replace(/[\r\n]+/g, ' ');
}
