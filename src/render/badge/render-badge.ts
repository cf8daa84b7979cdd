// `status --format svg`: a badge in the shields.io "flat" style for a README, a few lines of
// SVG rather than a library: a grey label, a coloured message, both escaped. One monitor
// (`--name` naming exactly one) shows its status; otherwise the summary,
// "monitors: 41 up, 1 down". Text widths are estimated from Verdana 11px's average advance,
// as badges carry no font. SVG is XML: text is escaped as for XML 1.0 (src/render/xml-text.ts): a long name makes a wide badge, never an overflowing one.
import type { StatusReport } from '../../status/types.js';
import { xmlAttribute } from '../xml-text.js';
import { statusLabel } from '../status-common.js';

const COLOUR: Readonly<Record<string, string>> = {
  up: '#4c1',
  degraded: '#dfb317',
  down: '#e05d44',
  pending: '#007ec6',
  unknown: '#9f9f9f',
};

export interface Badge {
  label: string;
  message: string;
  colour: string;
}

export function statusBadge(report: StatusReport): Badge {
  if (report.monitors.length === 1) {
    const row = report.monitors[0]!;
    return { label: row.name, message: statusLabel(row), colour: COLOUR[row.status ?? 'unknown'] ?? COLOUR.unknown! };
  }
  const s = report.summary;
  const b = s.by_status;
  const parts = [`${b.up} up`];
  if (b.degraded > 0) parts.push(`${b.degraded} degraded`);
  if (b.down > 0) parts.push(`${b.down} down`);
  // Live monitors in another status (paused, pending...); those not created are not counted.
  const rest = Object.values(b).reduce((n, count) => n + count, 0) - b.up - b.degraded - b.down;
  if (rest > 0) parts.push(`${rest} other`);
  const colour =
    s.managed === 0 ? COLOUR.unknown! : b.down > 0 ? COLOUR.down! : b.degraded > 0 ? COLOUR.degraded! : COLOUR.up!;
  return { label: 'monitors', message: s.managed === 0 ? 'none' : parts.join(', '), colour };
}

/** About Verdana 11px: 7 px a character, plus 10 px of padding on each side. */
const widthOf = (text: string): number => [...text].length * 7 + 10;

export function renderBadge(badge: Badge): string {
  const left = widthOf(badge.label);
  const right = widthOf(badge.message);
  const width = left + right;
  const title = xmlAttribute(`${badge.label}: ${badge.message}`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" role="img" aria-label="${title}">
<title>${title}</title>
<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>
<clipPath id="r"><rect width="${width}" height="20" rx="3" fill="#fff"/></clipPath>
<g clip-path="url(#r)"><rect width="${left}" height="20" fill="#555"/><rect x="${left}" width="${right}" height="20" fill="${badge.colour}"/><rect width="${width}" height="20" fill="url(#s)"/></g>
<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">
<text x="${left / 2}" y="15" fill="#010101" fill-opacity=".3">${xmlAttribute(badge.label)}</text><text x="${left / 2}" y="14">${xmlAttribute(badge.label)}</text>
<text x="${left + right / 2}" y="15" fill="#010101" fill-opacity=".3">${xmlAttribute(badge.message)}</text><text x="${left + right / 2}" y="14">${xmlAttribute(badge.message)}</text>
</g>
</svg>
`;
}
