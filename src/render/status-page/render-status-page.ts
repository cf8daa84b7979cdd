// `status --format html`: the status page, ONE self-contained HTML file (no outside script,
// font, stylesheet or image), readable offline, from a CI artifact or a static site. For
// each environment: its own summary by category (environments are separate workspaces,
// never summed), a grid of tiles by group and the incident timeline of the last N days; filters by name, tag and status (the inline script). Every
// name, tag and message is escaped, and the CSP allows only the page's own style and script.
// Described in docs/reports.md.
import type { PageCategory, PageRow, StatusPage } from '../../status/page-data.js';
import { contentSecurityPolicy } from './csp.js';
import { renderGrid } from './grid.js';
import { html } from '../html-text.js';
import { ALWAYS_COUNTED, CATEGORIES, CATEGORY_LABEL } from './labels.js';
import { STATUS_PAGE_SCRIPT } from './script.js';
import { STATUS_PAGE_STYLE } from './styles.js';
import { renderTimeline } from './timeline-svg.js';

export function renderStatusPage(page: StatusPage): string {
  const rows = page.environments.flatMap((e) => e.rows);
  const counts = countsOf(rows);
  const tags = [...new Set(rows.flatMap((r) => r.tags))].sort();
  const start = Date.parse(page.windowStart);
  const end = Date.parse(page.generatedAt);
  const unmanaged = page.environments.reduce((n, e) => n + e.report.summary.unmanaged, 0);
  const environments = page.environments.map((e) => {
    const name = e.report.environment;
    const notes = e.report.notes.map((n) => `<p class="note">${html(n)}</p>`).join('\n');
    return [
      `<section class="environment">`,
      `<h2>${name ? `Environment ${html(name)}` : 'Monitors'} (${e.rows.length})</h2>`,
      summary(e.rows, name),
      notes,
      renderGrid(e),
      `<section class="timeline"><h3>Incidents, last ${page.days} days</h3>`,
      renderTimeline(e, start, end, page.days),
      `</section></section>`,
    ].join('\n');
  });
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${html(contentSecurityPolicy(STATUS_PAGE_STYLE, STATUS_PAGE_SCRIPT))}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Monitors status</title>
<style>${STATUS_PAGE_STYLE}</style>
</head>
<body>
<h1>Monitors status</h1>
<p class="meta">${rows.length} managed monitors; made ${html(page.generatedAt)} by monitors status${unmanaged > 0 ? `; ${unmanaged} unmanaged monitors not shown` : ''}.</p>
<div class="filters">
<label>Name <input id="f-name" type="search" placeholder="part of a name" autocomplete="off"></label>
<label>Tag <select id="f-tag"><option value="">any</option>${tags.map((t) => `<option value="${html(t)}">${html(t)}</option>`).join('')}</select></label>
<label>Status <select id="f-status"><option value="">any</option>${CATEGORIES.filter((c) => counts.get(c)! > 0)
    .map((c) => `<option value="${c}">${html(CATEGORY_LABEL[c])}</option>`)
    .join('')}</select></label>
<output id="f-shown"></output>
</div>
${environments.join('\n')}
<script>${STATUS_PAGE_SCRIPT}</script>
</body>
</html>
`;
}

function countsOf(rows: readonly PageRow[]): Map<PageCategory, number> {
  const counts = new Map<PageCategory, number>(CATEGORIES.map((c) => [c, 0]));
  for (const r of rows) counts.set(r.category, counts.get(r.category)! + 1);
  return counts;
}

/** One environment's counts by category: each environment is its own workspace, never summed with another. */
function summary(rows: readonly PageRow[], environment: string | null | undefined): string {
  const counts = countsOf(rows);
  const label = environment ? ` aria-label="${html(`Environment ${environment}`)}"` : '';
  return `<ul class="summary"${label}>\n${CATEGORIES.filter((c) => ALWAYS_COUNTED.has(c) || counts.get(c)! > 0)
    .map((c) => `<li class="c-${c}"><b>${counts.get(c)}</b>${html(CATEGORY_LABEL[c])}</li>`)
    .join('\n')}\n</ul>`;
}
