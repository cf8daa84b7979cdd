// The incident timeline of one environment as inline SVG: a row per monitor that had an
// incident in the window (the longest time with one open first, at most MAX_ROWS rows), a
// bar per incident (open ones to now, in red), a tick per day, and the share of time without
// an open incident at the row's end. Every label is escaped; each bar's <title> names it.
import type { PageEnvironment, PageRow } from '../../status/page-data.js';
import { html } from '../html-text.js';
import { percent } from './labels.js';

export const MAX_TIMELINE_ROWS = 100;
const WIDTH = 1100;
const LABEL = 260;
const SHARE = 70;
const ROW = 16;
const TOP = 20;

export function renderTimeline(environment: PageEnvironment, start: number, end: number, days: number): string {
  if (!environment.report.incidents_read) return `<p class="note">Incidents were not read: no timeline.</p>`;
  const rows = environment.rows
    .filter((r) => r.timeline !== null && r.timeline.spans.length > 0)
    .sort((a, b) => a.timeline!.clearShare - b.timeline!.clearShare || compare(a.row.name, b.row.name));
  if (rows.length === 0) return `<p class="note">No incident in the last ${days} days.</p>`;
  const shown = rows.slice(0, MAX_TIMELINE_ROWS);
  const plot = WIDTH - LABEL - SHARE;
  const x = (t: number) => LABEL + ((t - start) / (end - start || 1)) * plot;
  const height = TOP + shown.length * ROW + 4;
  const parts = [
    `<svg viewBox="0 0 ${WIDTH} ${height}" role="img" aria-label="Incidents over the last ${days} days">`,
    ...dayTicks(start, end, x, height),
    ...shown.map((r, i) => row(r, TOP + i * ROW, x, plot)),
    '</svg>',
  ];
  const more = rows.length - shown.length;
  return `${parts.join('\n')}${more > 0 ? `\n<p class="note">And ${more} more monitors with incidents (the timeline shows the ${MAX_TIMELINE_ROWS} with the most time with one open).</p>` : ''}`;
}

function row(page: PageRow, y: number, x: (t: number) => number, plot: number): string {
  const bars = page.timeline!.spans.map((s) => {
    const left = x(s.from);
    const width = Math.max(1, x(s.to) - left);
    const when = `${new Date(s.from).toISOString()} to ${s.open ? 'now (open)' : new Date(s.to).toISOString()}`;
    return `<rect class="${s.open ? 'open' : 'resolved'}" x="${left.toFixed(1)}" y="${y + 2}" width="${width.toFixed(1)}" height="${ROW - 4}"><title>${html(`${page.row.name}: ${s.summary} (${when})`)}</title></rect>`;
  });
  return [
    `<text class="label" x="${LABEL - 6}" y="${y + ROW - 4}" text-anchor="end">${html(clip(page.row.name, 40))}</text>`,
    `<rect class="track" x="${LABEL}" y="${y + 2}" width="${plot}" height="${ROW - 4}"/>`,
    ...bars,
    `<text class="label" x="${LABEL + plot + 6}" y="${y + ROW - 4}">${percent(page.timeline!.clearShare)}</text>`,
  ].join('');
}

/** A line and a date at each midnight (UTC), labelled every few days so that labels never touch. */
function dayTicks(start: number, end: number, x: (t: number) => number, height: number): string[] {
  const ticks: string[] = [];
  const day = 86_400_000;
  const days = Math.ceil((end - start) / day);
  const every = Math.max(1, Math.ceil(days / 10));
  for (let t = Math.ceil(start / day) * day, n = 0; t <= end; t += day, n += 1) {
    ticks.push(`<line class="axis" x1="${x(t).toFixed(1)}" x2="${x(t).toFixed(1)}" y1="${TOP - 4}" y2="${height}"/>`);
    if (n % every === 0)
      ticks.push(
        `<text class="day" x="${x(t).toFixed(1)}" y="${TOP - 8}">${new Date(t).toISOString().slice(5, 10)}</text>`,
      );
  }
  return ticks;
}

function clip(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
