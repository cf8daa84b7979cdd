// `monitors discover k8s`: the derivation printed as the YAML --out would write, and the
// coverage check (--check) as lines for people and as Markdown for a pull request. The
// skips and notes of a derivation go to stderr (the CLI writes them with skipLines), so that
// stdout is the YAML alone and can be redirected into a file.
import { renderMonitorsYaml } from '../discover/output-yaml.js';
import { uncoveredMessage, type CoverageReport, type DiscoveryOutput } from '../discover/report.js';
import { atText, refText, type Note, type Skip } from '../discover/types.js';
import { code, inline } from './markdown-text.js';
import { printable } from '../model/printable.js';
import { locationText } from '../model/location-text.js';

export function renderDiscoveryYaml({ discovery, inputs }: DiscoveryOutput): string {
  return renderMonitorsYaml(discovery.monitors, inputs);
}

/** One line per skip and note: `file:line:col: skipped Ingress ns/name host/path: reason`. */
export function skipLines(skipped: readonly Skip[], notes: readonly Note[]): string[] {
  return [
    ...skipped.map((s) =>
      printable(
        `${atText(s.at)}: skipped ${refText(s.resource)}${s.host ? ` ${s.host}${s.path ?? ''}` : ''}: ${s.reason} [${s.code}]`,
      ),
    ),
    ...notes.map((n) => printable(`${atText(n.at)}: note: ${refText(n.resource)}: ${n.message}`)),
  ];
}

export function renderCoverageText(report: CoverageReport): string {
  const lines = report.uncovered.map((r) => printable(`${atText(r.at)}: ${uncoveredMessage(r, report.against)}`));
  lines.push(summary(report));
  return `${lines.join('\n')}\n`;
}

export function renderCoverageMarkdown(report: CoverageReport): string {
  const heading = `#### monitors discover k8s --check ${code(report.against)}`;
  if (report.uncovered.length === 0) return `${heading}\n\n${inline(summary(report))}\n`;
  const rows = report.uncovered.map(
    (r) =>
      `| ${code(locationText({ file: r.at.file, line: r.at.line }), true)} | ${code(r.url, true)} | ${inline(`${refText(r.resource)}`)} | ${code(r.name, true)} |`,
  );
  return [
    heading,
    '',
    `**${inline(summary(report))}**`,
    '',
    '| manifest | URL | resource | monitor to add |',
    '|---|---|---|---|',
    ...rows,
    '',
    '`monitors discover k8s PATH --out FILE` writes these monitors; `monitors.dev/enabled: "false"` on a resource says it needs none.',
    '',
  ].join('\n');
}

function summary(report: CoverageReport): string {
  const n = report.uncovered.length;
  const routes = `${report.checked} routed host${report.checked === 1 ? '' : 's'} and path${report.checked === 1 ? '' : 's'}`;
  if (n === 0) return `All ${routes} have a monitor in ${report.against}.`;
  return `${n} of ${routes} ${n === 1 ? 'has' : 'have'} no monitor in ${report.against}.`;
}
