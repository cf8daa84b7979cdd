// `monitors ci`: its options and help.
import type { Command } from 'commander';
import type { CiFlags } from '../../ci/options.js';
import { DETECTED_BY, PROVIDERS, type Detection } from '../../ci/provider-names.js';
import { orList } from '../../model/or-list.js';

// `monitors ci validate|plan|apply|drift [PATH]`: what a CI job runs (docs/ci.md). The CI is
// found from the environment (GitHub Actions, GitLab CI, Bitbucket, else none); the GitHub Action is a
// thin wrapper around it.
export function registerCi(program: Command): void {
  program
    .command('ci')
    .description(
      'Run validate, plan, apply or drift as a CI job: the report, ONE comment or note per pull/merge request, a status on the commit and findings on the diff where the host has them, ONE issue while the live monitors drift (GitHub Actions, GitLab CI, Bitbucket Pipelines and Data Center; elsewhere, report files). See docs/ci.md.',
    )
    .argument('<command>', 'validate, plan, apply, or drift (a plan that opens, updates or closes the drift issue)')
    .argument(
      '[path]',
      'folder (or file) of monitor YAML, searched recursively; it also names the comment and the drift issue (default: ., the current folder, as for the other commands)',
    )
    .option('--lock <file>', 'lock file (default: as for plan)')
    .option(
      '--lock-branch <branch>',
      'keep the lock file on this git branch (read before plan and apply, pushed back after apply)',
    )
    .option(
      '--api-url <url>',
      "API base URL ending in /api/v1, given to every run as MONITORS_API_URL (an environment's api_url wins)",
    )
    .option(
      '--environments <names>',
      'with settings.environments: all, or the names to run (space- or comma-separated), each in turn',
    )
    .option('--no-comment', 'plan: do not post or update the comment (note) on the pull/merge request')
    .option('--check', 'plan: then run `monitors check --changed` and put its result beside the plan')
    .option('--check-args <args>', 'more options for that check, split on spaces')
    .option(
      '--discover <path>',
      'validate and plan: also check that every routed host and path of these Kubernetes manifests has a monitor (discover k8s --check)',
    )
    .option('--drift-label <label>', 'label of the drift issue; empty for none (default: monitors-drift)')
    .option('--provider <name>', providerHelp())
    .option(
      '--report-dir <dir>',
      'outside GitHub: where report.md, outputs.env and plan-report.json go (default: monitors-ci)',
    )
    .action(async (command: string, path: string | undefined, flags: CiFlags) => {
      const { runCiCommand } = await import('./ci-run.js');
      process.exitCode = await runCiCommand(command, path, flags);
    });
}

/** `github, gitlab or plain (default: from the environment: GITHUB_ACTIONS, GITLAB_CI)`, from the one list. */
function providerHelp(): string {
  const detected: string[] = PROVIDERS.flatMap((name): string[] => {
    const detection: Detection | undefined = DETECTED_BY[name];
    return detection ? [detection.variable] : [];
  });
  return `${orList(PROVIDERS)} (default: from the environment: ${detected.join(', ')})`;
}
