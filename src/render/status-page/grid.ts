// One environment's grid: a tile per monitor, coloured by its category, in sections by
// `group` (monitors without one last), down and degraded first in each (what on-call looks
// for), the full name on the tile (wrapped, never cut: `api eu-west` and `api us-east`
// differ at the end), each tile carrying what the filters read (its name
// in lower case, its tags, its category) in data attributes, all escaped.
import type { PageEnvironment, PageRow } from '../../status/page-data.js';
import { html } from '../html-text.js';
import { CATEGORIES, CATEGORY_LABEL, percent } from './labels.js';

const NO_GROUP = 'No group';

export function renderGrid(environment: PageEnvironment): string {
  const groups = new Map<string | null, PageRow[]>();
  for (const row of environment.rows) {
    const list = groups.get(row.group);
    if (list) list.push(row);
    else groups.set(row.group, [row]);
  }
  const names = [...groups.keys()].sort((a, b) => (a === null ? 1 : b === null ? -1 : a < b ? -1 : a > b ? 1 : 0));
  return names
    .map((group) => {
      const rows = firstTheProblems(groups.get(group)!);
      const tiles = rows.map(tile).join('\n');
      return `<section class="group"><h3>${html(group ?? NO_GROUP)} (${rows.length})</h3>\n<ul class="grid">\n${tiles}\n</ul></section>`;
    })
    .join('\n');
}

/** Down, then degraded, then the other categories in the summary's order; the report's order within each. */
function firstTheProblems(rows: readonly PageRow[]): PageRow[] {
  const rank = (r: PageRow) => CATEGORIES.indexOf(r.category);
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => rank(a.row) - rank(b.row) || a.index - b.index)
    .map(({ row }) => row);
}

function tile(page: PageRow): string {
  const { row, category, tags, timeline } = page;
  const label = category === 'unknown' ? (row.server_status ?? CATEGORY_LABEL.unknown) : CATEGORY_LABEL[category];
  const share = timeline ? percent(timeline.clearShare) : '';
  const open = row.open_incidents?.length ?? 0;
  const details = [
    label,
    row.last_check_at ? `last check ${row.last_check_at}` : undefined,
    open > 0
      ? `${open} open incident${open === 1 ? '' : 's'}: ${row.open_incidents!.map((i) => i.summary).join('; ')}`
      : undefined,
    share ? `${share} without an open incident` : undefined,
    tags.length > 0 ? `tags: ${tags.join(', ')}` : undefined,
    row.note,
  ].filter((part): part is string => part !== undefined);
  return (
    `<li class="tile s-${category}" data-n="${html(row.name.toLowerCase())}" data-t="${html(tags.join(','))}" data-s="${category}" title="${html(details.join(' · '))}">` +
    `<b>${nameMarkup(row.name)}</b><i>${html(label)}${share ? ` · ${share}` : ''}</i></li>`
  );
}

/**
 * The name, escaped, with each short word holding a hyphen kept on one line (`eu-west-1`,
 * not `eu-` then `west-1`): a region or host read in two pieces is misread. Longer words
 * may still break anywhere, so nothing is ever cut. The text is the name, unchanged.
 */
export function nameMarkup(name: string): string {
  return name
    .split(/( +)/)
    .map((part) => (part.includes('-') && part.length <= 24 ? `<span class="nb">${html(part)}</span>` : html(part)))
    .join('');
}
