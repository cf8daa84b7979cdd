// `monitors apply`: its options and help.
import type { Command } from 'commander';
import { formatHelp } from '../../render/formats/registry.js';
import type { ApplyOptions } from '../arguments/apply-options.js';
import { API_URL_HELP, LOCK_HELP } from '../arguments/help-texts.js';
import { addNarrowOptions } from '../arguments/narrow-options.js';
import { pathsArgument } from '../arguments/paths-argument.js';
import { addVarOptions } from '../run-vars/options.js';
import { addYesOption } from '../arguments/yes-option.js';
import { asksEveryEnvironment } from '../steps/every-environment-flag.js';

export function registerApply(program: Command): void {
  const command = program
    .command('apply')
    .description(
      'Carry out the plan: create, replace and delete monitors, with idempotency keys so a failed run can simply be repeated.',
    )
    .addArgument(pathsArgument())
    .option(
      '--env <name>',
      'the environment to apply (settings.environments; default: MONITORS_ENV); all: each in turn, with --yes',
    )
    .option('--lock <file>', LOCK_HELP);
  addYesOption(command)
    .option('--plan <file>', 'apply a plan saved with `monitors plan --out FILE`, without asking')
    .option('--concurrency <n>', 'changes in flight at once', '8')
    .option(
      '--format <format>',
      formatHelp(
        'apply',
        'with json, stdout holds that document alone, and the plan, progress and report go to stderr',
      ),
      'text',
    )
    .option('--allow-mass-delete', 'allow a plan that deletes more than the configured limits')
    .option(
      '--allow-missing',
      "most of the lock file's monitors gone from the listing is expected (deleted outside the tool): go on, and drop their records",
    )
    .option('--api-url <url>', API_URL_HELP)
    .option(
      '--wait [duration]',
      'after the writes, follow the created and replaced monitors until they leave pending or the time runs out (default 5m; e.g. 90s, 1m30s)',
    )
    .option(
      '--wait-fail-on <statuses>',
      'statuses that fail the wait, comma-separated: any status of the spec, unknown (a status outside it), or none (default: down)',
    )
    .option(
      '--lock-branch <branch>',
      'read the lock file from this git branch and push it back there after the apply (e.g. monitors-state)',
    )
    .option('--lock-remote <remote>', 'the git remote of --lock-branch (default: origin)');
  addNarrowOptions(addVarOptions(command)).action(async (paths: string[], options: ApplyOptions) => {
    // Every environment, one after another, each by a run of its own.
    if (asksEveryEnvironment(options.env, process.env)) {
      const { applyEveryEnvironment } = await import('../steps/every-environment-apply.js');
      process.exitCode = await applyEveryEnvironment(paths, options, process.argv.slice(2));
      return;
    }
    const { finishApplyCommand } = await import('./apply-run.js');
    await finishApplyCommand(paths, options);
  });
}
