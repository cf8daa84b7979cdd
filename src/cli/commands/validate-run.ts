import { EXIT_ERROR, EXIT_OK, MonitorsError } from '../../errors.js';
import { loadDesiredState } from '../../load/index.js';
import { diagnosticLine, githubAnnotation, summaryLine, validationReport, type ValidationSummary } from '../../render/diagnostics.js';
import type { ValidateOptions } from './validate.js';

export async function runValidate(paths: string[], options: ValidateOptions): Promise<number> {
  if (options.format !== 'text' && options.format !== 'json') {
    throw new MonitorsError('BAD_OPTION', `--format must be "text" or "json", not "${options.format}"`);
  }
  const { state, diagnostics } = await loadDesiredState(paths, { env: process.env, missingEnv: options.requireEnv ? 'error' : 'warning' });
  const summary: ValidationSummary = { files: state.files, monitors: state.monitors.length, diagnostics };
  const annotations = process.env.GITHUB_ACTIONS === 'true' ? diagnostics.map(githubAnnotation) : [];
  const report = validationReport(summary);
  if (options.format === 'json') {
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    // Workflow commands are read from stderr too; stdout stays pure JSON.
    if (annotations.length > 0) process.stderr.write(`${annotations.join('\n')}\n`);
  } else {
    const lines = [...diagnostics.map(diagnosticLine), ...annotations, summaryLine(summary)];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
  return report.valid ? EXIT_OK : EXIT_ERROR;
}
