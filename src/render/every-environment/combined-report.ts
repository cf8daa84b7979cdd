// The Markdown report of every environment: a summary line each, then a section each, each
// section given its share of the room. Written by `monitors ci` as the pull/merge request's
// comment and the drift issue (src/ci/), and by `--env all --format markdown`. Pure.

/** One environment's part of the report. */
export interface Section {
  name: string;
  ok: boolean;
  code: number;
  changes: boolean;
  /** The plan's Markdown, when it planned. */
  markdown?: string;
  /** What the section shows: the plan (and its check), or what went wrong. */
  body: string;
  /** Not run: an earlier environment's apply failed. */
  skipped?: boolean;
  check?: 'ok' | 'failed';
}

/** The summary line of a plan's Markdown (`**Plan: ...**`), or what went wrong. */
export function summaryOf(section: Section): string {
  if (section.skipped) return 'not run (an earlier environment failed)';
  if (!section.ok) return `failed (exit ${section.code})`;
  const first = (section.markdown ?? '').split('\n')[0] ?? '';
  const bold = /^\*\*(.+)\*\*$/.exec(first.trim());
  // The plan's own line names its environment (`Plan for staging: ...`); the list names it already.
  const summary = (bold ? bold[1]! : first.trim() || 'done')
    .replace(/^Plan for \S+(?= \(|:)/, 'Plan')
    .replace(/^(No changes in the targeted monitors) of \S+ /, '$1 ')
    .replace(/^No changes in (?!the targeted )\S+\./, 'No changes.');
  return section.check === 'failed' ? `${summary} Check: a monitor is down, or the check failed.` : summary;
}

/**
 * One report for every environment: a summary line each, then a section each. Each
 * section gets its share of `room` characters, so that a large plan of one environment
 * never pushes another's out of the comment.
 */
export function combinedReport(command: string, path: string, sections: Section[], room = 60_000): string {
  const head = [
    `#### monitors ${command} \`${path}\``,
    '',
    ...sections.map((s) => `- **${s.name}**: ${summaryOf(s)}`),
    '',
  ];
  const share = Math.floor((room - head.join('\n').length) / Math.max(1, sections.length)) - 200;
  const bodies = sections.map((s) => [`##### ${s.name}`, '', fitSection(s.body, share), ''].join('\n'));
  return `${[...head, ...bodies].join('\n').trimEnd()}\n`;
}

/** Cut at a line boundary to at most `room` characters, closing a code fence or <details> left open. */
export function fitSection(text: string, room: number): string {
  if (text.length <= room) return text.trimEnd();
  let cut = text.slice(0, Math.max(0, room));
  const lastLine = cut.lastIndexOf('\n');
  if (lastLine > 0) cut = cut.slice(0, lastLine);
  const closing: string[] = [];
  if ((cut.match(/^```/gm) ?? []).length % 2 === 1) closing.push('```');
  const opened = (cut.match(/<details>/g) ?? []).length - (cut.match(/<\/details>/g) ?? []).length;
  const note = '… (cut to share the comment with the other environments: the full plan is in the job summary and log)';
  closing.push('', note);
  for (let i = 0; i < opened; i += 1) closing.push('', '</details>');
  return `${cut}\n${closing.join('\n')}`;
}
