// The work of `monitors validate`, loaded only when that command runs.
import { EXIT_ERROR, EXIT_OK } from '../../errors.js';
import { displayPath } from '../../model/display-path.js';
import { summarizeWorkspace } from '../../workspace/all-environments.js';
import { countBySeverity, githubAnnotation, type ValidationSummary } from '../../render/diagnostics.js';
import { renderAs } from '../../render/formats/registry.js';
import { packageVersion } from '../../version/package-version.js';
import { REPOSITORY_URL } from '../../version/repository.js';
import { pathFromRoot, repositoryRoot } from '../steps/repository-root.js';
import { checkEnvironmentChoice } from '../../workspace/environment.js';
import { lockFileOf } from '../../workspace/lock-choice.js';
import type { ValidateOptions } from '../arguments/validate-options.js';
import { parseValidateArguments } from '../arguments/validate.js';
import { runVars } from '../run-vars/current.js';
import { writeStandard } from '../output/standard-streams.js';

const NO_COLOR = { color: false };

export async function runValidate(paths: string[], options: ValidateOptions): Promise<number> {
  const args = parseValidateArguments(options, process.env);
  const { format, environment: request } = args;
  const cwd = process.cwd();
  const { files, environments, declaredEnvironments, diagnostics, policyRules } = await summarizeWorkspace({
    paths,
    env: process.env,
    cwd,
    missingVariable: args.missingEnv,
    vars: runVars(),
    environment: request,
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
            lockFile: displayPath(lockFileOf({ paths, flag: undefined, cwd }, settings, files).path, cwd),
          })),
        }
      : {}),
  };
  const annotations = process.env.GITHUB_ACTIONS === 'true' ? diagnostics.map(githubAnnotation) : [];
  // Text shows the annotations among its lines; any other format keeps stdout to itself, and
  // the workflow commands, which are read from stderr too, go there.
  const inline = format === 'text';
  const root = repositoryRoot(cwd);
  const findings = diagnostics.map((d) => ({ ...d, path: pathFromRoot(d.file, cwd, root) }));
  const tool = { version: packageVersion(), informationUri: REPOSITORY_URL };
  const output = { summary, annotations: inline ? annotations : [], findings, tool, policyRules };
  writeStandard(1, await renderAs(format, 'validation', output, NO_COLOR));
  if (!inline && annotations.length > 0) writeStandard(2, `${annotations.join('\n')}\n`);
  return countBySeverity(diagnostics).errors === 0 ? EXIT_OK : EXIT_ERROR;
}
