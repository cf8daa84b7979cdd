// What `discover k8s` hands to its renderers (src/render/formats/): the derivation, and
// with --check the routed hosts and paths no monitor covers. Plain data, decided here.
import { uncovered, type ExistingMonitor } from './coverage.js';
import type { Discovery, Note, ResourceRef, Skip, SourceRef } from './types.js';

export const DISCOVER_FORMAT_VERSION = 1;

/** The derivation as printed: the monitors (as the YAML), what was skipped, the notes. */
export interface DiscoveryOutput {
  discovery: Omit<Discovery, 'problems'>;
  /** The inputs named on the command line, for the YAML's header. */
  inputs: readonly string[];
}

export interface UncoveredRoute {
  /** The name discover would give its monitor. */
  name: string;
  url: string;
  host: string;
  path: string;
  match: 'Prefix' | 'Exact';
  resource: ResourceRef;
  at: SourceRef;
}

export interface CoverageReport {
  /** The folder (or file) of monitors the routes were compared with, as given. */
  against: string;
  /** Routed public hosts and paths checked. */
  checked: number;
  uncovered: UncoveredRoute[];
  skipped: Skip[];
  notes: Note[];
}

export function coverageReport(
  discovery: Discovery,
  existing: readonly ExistingMonitor[],
  against: string,
): CoverageReport {
  return {
    against,
    checked: discovery.monitors.length,
    uncovered: uncovered(discovery.monitors, existing).map((m) => ({
      name: m.name,
      url: m.url,
      host: m.route.host,
      path: m.route.path,
      match: m.route.match,
      resource: m.route.resource,
      at: m.route.at,
    })),
    skipped: discovery.skipped,
    notes: discovery.notes,
  };
}

/** The one-line message of an uncovered route (text, SARIF, the summary). */
export function uncoveredMessage(route: UncoveredRoute, against: string): string {
  return `${route.url} (${route.resource.kind} ${route.resource.namespace}/${route.resource.name}, ${route.match} ${route.path}) has no monitor in ${against}`;
}
