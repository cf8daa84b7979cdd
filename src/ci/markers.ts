// The texts `monitors ci` posts, found again on the next run by a hidden marker: the plan
// comment (or note) of a pull/merge request, and the drift issue. Pure.

export function planMarker(path: string): string {
  return `<!-- monitors-plan:${path} -->`;
}

export function driftMarker(path: string): string {
  return `<!-- monitors-drift:${path} -->`;
}

/** The text posted: marker first (invisible when rendered), the rest cut to `maxChars` in all. */
export function markedBody(marker: string, markdown: string, maxChars: number, whereFull: string): string {
  const room = maxChars - marker.length - 200;
  const text =
    markdown.length > room ? `${markdown.slice(0, room)}\n\n… (truncated: the full plan is in ${whereFull})` : markdown;
  return `${marker}\n${text}`;
}

export function driftTitle(path: string): string {
  return `Monitors drift: the live monitors differ from ${path}`;
}

export interface DriftText {
  path: string;
  planMarkdown: string;
  /** A link to the run (its log and report). */
  runUrl?: string;
  /** What a run is called there: "workflow run", "pipeline". */
  runName: string;
  /** How to put the server back: "merge to main" and so on. */
  maxChars: number;
  whereFull: string;
  now?: Date;
}

/** The issue's text: marker, what this is and what to do, then the plan. */
export function driftBody(text: DriftText): string {
  const { path, runUrl, runName, now = new Date() } = text;
  const run = runUrl ? ` ([${runName}](${runUrl}))` : '';
  const intro = [
    `### Drift: the live monitors differ from \`${path}\``,
    '',
    `The scheduled drift check on ${now.toISOString()}${run} planned against the live workspace and found changes.`,
    'Apply the YAML (merge to main, or `monitors apply`) to put the server back, or change the YAML to match the server.',
    'Each run that finds drift updates this issue; the first run that finds none closes it.',
    '',
  ].join('\n');
  return markedBody(driftMarker(path), `${intro}\n${text.planMarkdown}`, text.maxChars, text.whereFull);
}

/** The comment left on the issue when a run finds no drift, before it is closed. */
export function noDriftText(path: string, runName: string, runUrl: string | undefined, now = new Date()): string {
  const run = runUrl ? ` ([${runName}](${runUrl}))` : '';
  return `No drift any more: the scheduled check on ${now.toISOString()}${run} found the live monitors equal to \`${path}\`. Closing.`;
}

/** What a drift run did to its issue, as GitHub's and Gitea's APIs say it. */
export type DriftIssueResult =
  { action: 'opened' | 'updated' | 'closed'; number: number; url?: string } | { action: 'none' };

/** The log line of a drift run's issue: what was done to which issue, or that none was open. */
export function driftIssueLine(result: DriftIssueResult): string {
  if (result.action === 'none') return 'monitors: no drift, and no drift issue open.';
  return `monitors: drift issue #${result.number} ${result.action}${result.url ? ` (${result.url})` : ''}.`;
}
