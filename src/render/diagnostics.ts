// Printing diagnostics: compiler-style text, GitHub workflow annotations, and the
// versioned JSON report of `monitors validate --format json` (docs/yaml-format.md).
import type { Diagnostic } from '../model/monitor.js';
import { locationText } from '../model/location-text.js';
import { printable } from '../model/printable.js';

/**
 * `file:line:col: error CODE message`; a problem with a path as a whole has no line.
 * Messages quote keys and names from the YAML, which a pull request may fill with line
 * breaks or escape sequences (a fake `::error` line in a CI log): all made visible.
 */
export function diagnosticLine(d: Diagnostic): string {
  const where = locationText(d);
  return printable(`${where}: ${d.severity} ${d.code} ${d.message}`);
}

// Workflow-command escaping (as in @actions/core): data escapes %, CR, LF; properties also : and ,.
const escapeData = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string): string => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** `::error file=...,line=...,col=...,title=CODE::message` */
export function githubAnnotation(d: Diagnostic): string {
  const props = [`file=${escapeProperty(printable(d.file))}`];
  if (d.line > 0) props.push(`line=${d.line}`, `col=${d.col}`);
  props.push(`title=${escapeProperty(d.code)}`);
  return `::${d.severity === 'info' ? 'notice' : d.severity} ${props.join(',')}::${escapeData(printable(d.message))}`;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

export interface ValidationSummary {
  files: readonly string[];
  /** In every environment checked, together. */
  monitors: number;
  diagnostics: readonly Diagnostic[];
  /** The environments checked, when the set declares them. */
  environments?: readonly EnvironmentSummary[];
  /** The one environment asked for with --env (undefined: none, or every one checked). */
  environment?: string;
}

export interface EnvironmentSummary {
  name: string;
  monitors: number;
  /** The variable its token is read from. */
  tokenEnv: string | undefined;
  /** Its lock file, as plan and apply would use it (relative to the working folder). */
  lockFile: string;
}

export function countBySeverity(diagnostics: readonly Diagnostic[]): { errors: number; warnings: number } {
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  return { errors, warnings: diagnostics.filter((d) => d.severity === 'warning').length };
}

/** Files a folder search left out as not monitors files (diagnostic `file.skipped`). */
export function skippedFiles(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.filter((d) => d.code === 'file.skipped').map((d) => d.file);
}

/** `12 monitors in 3 files: valid.`, `4 errors in 2 files.` or `1 error in 1 path given.` */
export function summaryLine(summary: ValidationSummary): string {
  const { errors, warnings } = countBySeverity(summary.diagnostics);
  if (errors > 0) {
    // A problem with a path as a whole (no line: a missing or empty folder) is not in a file;
    // one with an option (`--var domian`) is in neither.
    const placeOf = (d: Diagnostic) => (d.line > 0 ? 'file' : d.file.startsWith('--') ? 'option' : 'path');
    const inErrors = (place: string) =>
      new Set(summary.diagnostics.filter((d) => d.severity === 'error' && placeOf(d) === place).map((d) => d.file))
        .size;
    const files = inErrors('file');
    const paths = inErrors('path');
    const options = inErrors('option');
    const where = [
      ...(files > 0 ? [plural(files, 'file')] : []),
      ...(paths > 0 ? [`${plural(paths, 'path')} given`] : []),
      ...(options > 0 ? [`${plural(options, 'option')} given`] : []),
    ].join(' and ');
    return `${plural(errors, 'error')} in ${where}${warnings > 0 ? ` (and ${plural(warnings, 'warning')})` : ''}.`;
  }
  const perEnvironment = summary.environments?.length
    ? ` (${summary.environments.map((e) => `${e.name}: ${e.monitors}`).join(', ')})`
    : '';
  const skipped = skippedFiles(summary.diagnostics).length;
  const notes = [
    ...(warnings > 0 ? [plural(warnings, 'warning')] : []),
    ...(skipped > 0 ? [`${plural(skipped, 'file')} skipped`] : []),
  ];
  return `${plural(summary.monitors, 'monitor')}${perEnvironment} in ${plural(summary.files.length, 'file')}: valid${notes.length > 0 ? ` (${notes.join(', ')})` : ''}.`;
}

export interface ValidationReport {
  /** As in every JSON document of the tool (docs/json-output.md). */
  format_version: 1;
  /** The same number under its first name, kept for readers written before format_version. Deprecated. */
  version: 1;
  /** The environment checked with --env; null without one (all checked, or none declared). */
  environment: string | null;
  valid: boolean;
  files: string[];
  /** YAML files a folder search left out as not monitors files. */
  skipped: string[];
  monitors: number;
  errors: number;
  warnings: number;
  diagnostics: Diagnostic[];
  /** Only when the set declares environments: each one checked. */
  environments?: { name: string; monitors: number; token_env: string | null; lock_file: string }[];
}

export function validationReport(summary: ValidationSummary): ValidationReport {
  const { errors, warnings } = countBySeverity(summary.diagnostics);
  return {
    format_version: 1,
    version: 1,
    environment: summary.environment ?? null,
    valid: errors === 0,
    files: [...summary.files],
    skipped: skippedFiles(summary.diagnostics),
    monitors: summary.monitors,
    errors,
    warnings,
    diagnostics: summary.diagnostics.map((d) => ({
      file: d.file,
      line: d.line,
      col: d.col,
      severity: d.severity,
      code: d.code,
      message: d.message,
    })),
    ...(summary.environments
      ? {
          environments: summary.environments.map((e) => ({
            name: e.name,
            monitors: e.monitors,
            token_env: e.tokenEnv ?? null,
            lock_file: e.lockFile,
          })),
        }
      : {}),
  };
}
