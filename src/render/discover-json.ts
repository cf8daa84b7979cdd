// `monitors discover k8s --format json` (format_version 1), one document: the monitors
// derived (with where each comes from), what was skipped and why, the notes; with --check,
// the routes no monitor covers. Described in docs/discover.md.
import { DISCOVER_FORMAT_VERSION, type CoverageReport, type DiscoveryOutput } from '../discover/report.js';
import type { Note, Skip, SourceRef } from '../discover/types.js';

const where = (at: SourceRef) => ({ file: at.file, line: at.line, col: at.col });
const skipJson = (s: Skip) => ({
  code: s.code,
  resource: s.resource,
  host: s.host ?? null,
  path: s.path ?? null,
  reason: s.reason,
  ...where(s.at),
});
const noteJson = (n: Note) => ({ resource: n.resource, message: n.message, ...where(n.at) });

export function renderDiscoveryJson({ discovery }: DiscoveryOutput): string {
  const document = {
    format_version: DISCOVER_FORMAT_VERSION,
    environment: null, // docs/json-output.md: every document says it; manifests have none
    resources: discovery.resources,
    monitors: discovery.monitors.map((m) => ({
      name: m.name,
      type: m.type,
      url: m.url,
      ...m.fields,
      source: {
        resource: m.route.resource,
        host: m.route.host,
        path: m.route.path,
        match: m.route.match,
        ...where(m.route.at),
      },
    })),
    skipped: discovery.skipped.map(skipJson),
    notes: discovery.notes.map(noteJson),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

export function renderCoverageJson(report: CoverageReport): string {
  const document = {
    format_version: DISCOVER_FORMAT_VERSION,
    environment: null,
    against: report.against,
    checked: report.checked,
    covered: report.checked - report.uncovered.length,
    uncovered: report.uncovered.map((r) => ({
      url: r.url,
      host: r.host,
      path: r.path,
      match: r.match,
      name: r.name,
      resource: r.resource,
      ...where(r.at),
    })),
    skipped: report.skipped.map(skipJson),
    notes: report.notes.map(noteJson),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
