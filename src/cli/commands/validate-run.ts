import { EXIT_ERROR, EXIT_OK, MonitorsError } from '../../errors.js';
import { displayPath } from '../../model/display-path.js';
import { loadSummary } from '../../load/summary.js';
import {
  diagnosticLine,
  githubAnnotation,
  summaryLine,
  validationReport,
  type ValidationSummary,
} from '../../render/diagnostics.js';
import { checkEnvironmentChoice, requestedEnvironment } from '../steps/environment.js';
import { asksEveryEnvironment, runEveryEnvironment } from '../steps/every-environment.js';
import { lockLocationOf } from '../steps/paths.js';
import type { ValidateOptions } from './validate-options.js';

export async function runValidate(paths: string[], options: ValidateOptions): Promise<number> {
  if (options.format !== 'text' && options.format !== 'json') {
    throw new MonitorsError('BAD_OPTION', `--format must be "text" or "json", not "${options.format}"`);
  }
  if (asksEveryEnvironment(options.env, process.env))
    return runEveryEnvironment({ command: 'validate', paths, format: options.format });
  const request = requestedEnvironment(options.env, process.env);
  const cwd = process.cwd();
  const { files, environments, declaredEnvironments, diagnostics } = await loadSummary(paths, {
    env: process.env,
    cwd,
    missingEnv: options.requireEnv ? 'error' : 'warning',
    ...(request ? { environment: request.name } : {}),
  });
  // An environment the YAML does not declare is refused; without one, every environment is checked.
  if (request && (declaredEnvironments.length > 0 || !diagnostics.some((d) => d.severity === 'error')))
    checkEnvironmentChoice(request, declaredEnvironments, 'validate', false);
  const summary: ValidationSummary = {
    files,
    monitors: environments.reduce((n, e) => n + e.monitors, 0),
    diagnostics,
    ...(request && declaredEnvironments.includes(request.name) ? { environment: request.name } : {}),
    ...(declaredEnvironments.length > 0
      ? {
          environments: environments.map(({ name, monitors, settings }) => ({
            name: name!,
            monitors,
            tokenEnv: settings.environment?.tokenEnv,
            lockFile: displayPath(lockLocationOf({ paths, flag: undefined, cwd }, settings, files).path, cwd),
          })),
        }
      : {}),
  };
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
