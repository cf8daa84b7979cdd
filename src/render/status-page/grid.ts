// One environment's grid: a tile per monitor, coloured by its category, in sections by
// `group` (monitors without one last), each tile carrying what the filters read (its name
// in lower case, its tags, its category) in data attributes, all escaped.
import type { PageEnvironment, PageRow } from '../../status/page-data.js';
import { html } from '../html-text.js';
import { CATEGORY_LABEL, percent } from './labels.js';

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
      const rows = groups.get(group)!;
      const tiles = rows.map(tile).join('\n');
      return `<section class="group"><h3>${html(group ?? NO_GROUP)} (${rows.length})</h3>\n<ul class="grid">\n${tiles}\n</ul></section>`;
    })
    .join('\n');
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
    `<b>${html(row.name)}</b><i>${html(label)}${share ? ` · ${share}` : ''}</i></li>`
  );
}
