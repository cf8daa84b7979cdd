// Markdown cut to fit a comment (GitHub refuses one over 65,536 characters): a table keeps
// its first rows, the most important ones, as far as they fit.

/** The first lines that fit in `room` characters, each counted with its newline. */
export function linesThatFit(lines: readonly string[], room: number): string[] {
  const kept: string[] = [];
  let used = 0;
  for (const line of lines) {
    if (used + line.length + 1 > room) break;
    kept.push(line);
    used += line.length + 1;
  }
  return kept;
}
