// `monitors ci validate|plan|apply|drift`: the CLI runs a CI job makes, with what the CI
// shows of them (provider.ts): the report (the job summary, or a file), the outputs, ONE
// comment or note per path on the pull/merge request for a plan, ONE issue per path while
// the live monitors drift, and where the provider has them a status on the commit (every
// command) and validate's findings on the diff. With environments, plan and drift run once per environment into
// one report, and apply once per environment in order, stopping at the first failure.
import { API_URL_SOURCE_VARIABLE } from '../api/origin.js';
import { MonitorsError } from '../errors.js';
import type { ChildResult, ChildRuns } from './child.js';
import { commitStatusOf, type RunOutcome } from './commit-status.js';
import {
  combinedReport,
  environmentChildEnv,
  environmentsFromReport,
  selectEnvironments,
  type Section,
} from './environments.js';
import { runDiscoverStep } from './discover-step.js';
import { runCheckStep, writeFindingsReports } from './machine-reports.js';
import type { CiOptions } from './options.js';
import type { CiProvider, PlanCounts } from './provider.js';
import { checkReport, planReport, refusedPlanReport, textReport } from './report.js';
import { checkArgs, commandArgs, outcomeOf, planCounts } from './steps.js';

type Env = Record<string, string | undefined>;

/** The environment of the CLI runs: the job's, without the CI's own token. */
export function childEnvOf(options: CiOptions, env: NodeJS.ProcessEnv, provider: CiProvider): Env {
  const secret = new Set(provider.secretNames);
  const childEnv: Env = Object.fromEntries(
    Object.entries(env).filter(([name]) => !secret.has(name) && !name.startsWith('MONITORS_ACTION_')),
  );
  // Its runs' messages name the --api-url given here (or the Action's input), not a MONITORS_API_URL the user never set.
  delete childEnv[API_URL_SOURCE_VARIABLE];
  if (options.apiUrl) {
    childEnv.MONITORS_API_URL = options.apiUrl;
    childEnv[API_URL_SOURCE_VARIABLE] =
      provider.name === 'github' ? "monitors ci --api-url (the Action's api-url input)" : 'monitors ci --api-url';
  }
  // The lock branch commits as the CI's bot unless the job named an author; git's own settings come on top.
  if (options.lockBranch) return { ...provider.lockBranchEnv(env), ...childEnv, ...gitConfigOf(provider, env) };
  return childEnv;
}

/** Only git configuration (GIT_CONFIG_*) of the provider's lock-branch variables wins over the job's. */
function gitConfigOf(provider: CiProvider, env: NodeJS.ProcessEnv): Env {
  return Object.fromEntries(
    Object.entries(provider.lockBranchEnv(env)).filter(([name]) => name.startsWith('GIT_CONFIG_')),
  );
}

export async function runCi(
  options: CiOptions,
  env: NodeJS.ProcessEnv,
  provider: CiProvider,
  runs: ChildRuns,
): Promise<number> {
  const childEnv = childEnvOf(options, env, provider);
  // validate checks every environment in one run; plan, drift and apply run once per environment.
  const code =
    options.environments && options.command !== 'validate'
      ? await runEnvironments(options, provider, runs, childEnv)
      : await runOnce(options, provider, runs, childEnv);
  return runs.interruptExitCode() ?? code;
}

async function runOnce(options: CiOptions, provider: CiProvider, runs: ChildRuns, childEnv: Env): Promise<number> {
  const result = await runs.run(commandArgs(options), childEnv);
  const { ok, changes } = outcomeOf(options.command, result.code);
  const planned = (options.command === 'plan' || options.command === 'drift') && ok;
  let report = planned
    ? planReport(options, result.stdout)
    : (refusedPlanReport(options, result.code, result.stdout) ?? textReport(options, result.code, result.output, ok));
  // Exit 1 of check: a monitor is down (or the check could not run). The comment still shows it all.
  let checkOk = true;
  if (options.command === 'plan' && options.check && ok) {
    const checked = await runCheckStep(runs, checkArgs(options), childEnv, provider);
    checkOk = checked.code === 0;
    report += `\n${checkReport(options.path, provider.changeName, checked)}`;
  }
  const sarif =
    options.command === 'validate' ? await writeFindingsReports(runs, options, provider, childEnv) : undefined;
  const discovered = await discoverStep(runs, options, childEnv);
  if (discovered) report += `\n${discovered.report}`;
  provider.writeReport(report, planned ? planCounts(result.stdout) : undefined);
  provider.writeOutputs({ changes, exitCode: result.code });
  let published = true;
  if (options.command === 'plan' && options.comment)
    published = await provider.publishPlan({ path: options.path, markdown: report });
  if (sarif !== undefined && provider.publishFindings) await provider.publishFindings({ path: options.path, sarif });
  const refused = refusedPlanReport(options, result.code, result.stdout) !== undefined;
  await publishStatus(provider, options, options.path, {
    ok,
    changes,
    counts: planned ? planCounts(result.stdout) : undefined,
    code: result.code,
    failure: refused
      ? `Refused by policy; see the ${provider.changeName}'s comment.`
      : checkOk
        ? undefined
        : 'The check found a monitor down.',
  });
  if (!ok) provider.error(`monitors ${options.command} failed (exit ${result.code}); see the log above.`);
  if (!checkOk) provider.error(checkFailure(provider, ''));
  if (discovered?.message) provider.error(discovered.message);
  // A failed plan is no news about drift: the issue stays as it is, and the step fails.
  if (options.command === 'drift' && ok)
    return provider.trackDrift({
      path: options.path,
      label: options.driftLabel,
      planMarkdown: result.stdout,
      drift: changes,
    });
  return ok && checkOk && published && (discovered?.ok ?? true) ? 0 : 1;
}

/** --discover, after validate or plan. */
function discoverStep(runs: ChildRuns, options: CiOptions, childEnv: Env) {
  const runsFor = options.command === 'validate' || options.command === 'plan';
  return options.discover && runsFor ? runDiscoverStep(runs, options, childEnv) : undefined;
}

/** The run's outcome as a status on the commit, for a provider that sets one (commit-status.ts). */
async function publishStatus(provider: CiProvider, options: CiOptions, path: string, run: RunOutcome): Promise<void> {
  if (provider.publishStatus) await provider.publishStatus(commitStatusOf(options.command, path, run));
}

function checkFailure(provider: CiProvider, where: string): string {
  return `monitors check --changed${where}: a monitor this ${provider.changeName} creates or replaces is down, or the check failed; see the comment or the log above.`;
}

/**
 * plan, drift or apply in each environment chosen, each with --env and a process
 * environment holding its own token variable only. Plans all run and share one comment,
 * each section with its check when `check` is on; drift plans all run and share one issue
 * (untouched when any of them fails: a failed plan is no news about drift); applies run in
 * order and stop at the first that fails (a later environment is usually the more
 * important one: production after staging).
 */
async function runEnvironments(
  options: CiOptions,
  provider: CiProvider,
  runs: ChildRuns,
  childEnv: Env,
): Promise<number> {
  if (options.lock)
    throw new MonitorsError(
      'CI_ENVIRONMENTS',
      'the lock input (--lock) would give every environment one lock file; with environments, each has its own (settings.environments.NAME.lock_file)',
      { hint: 'Leave the lock out; each environment uses the lock file its settings name.' },
    );
  const discovery = await runs.run(['validate', options.path, '--format', 'json'], childEnv, { quiet: true });
  const declared =
    discovery.code === 0 || discovery.stdout.trim().startsWith('{') ? environmentsFromReport(discovery.stdout) : [];
  if (declared.length === 0 && discovery.code !== 0) {
    process.stdout.write(discovery.output);
    throw new MonitorsError(
      'CI_ENVIRONMENTS',
      `monitors validate ${options.path} failed (exit ${discovery.code}) before the environments could be read; see the log above`,
    );
  }
  const chosen = selectEnvironments(options.environments, declared);
  // One environment named (a job of a matrix): its own comment and drift issue, beside those of the others.
  const where =
    chosen.length === 1 && options.environments.trim() !== 'all'
      ? `${options.path} --env ${chosen[0]!.name}`
      : options.path;
  const sections: Section[] = [];
  let changes = false;
  let exitCode = 0;
  for (const environment of chosen) {
    if (options.command === 'apply' && exitCode !== 0) {
      sections.push({
        name: environment.name,
        ok: true,
        code: 0,
        changes: false,
        skipped: true,
        body: 'Not applied: an earlier environment failed.',
      });
      continue;
    }
    provider.group(`monitors ${options.command} --env ${environment.name}`);
    const section = await runOneEnvironment(
      options,
      provider,
      runs,
      environmentChildEnv(childEnv, environment, declared),
      environment.name,
    );
    provider.endGroup();
    changes ||= section.changes;
    if (!section.ok && exitCode === 0) exitCode = section.code;
    sections.push(section);
  }
  const discovered = await discoverStep(runs, options, childEnv);
  const extra = discovered ? `\n${discovered.report}` : '';
  provider.writeReport(
    `${combinedReport(options.command, options.path, sections, Infinity)}${extra}`,
    sumCounts(sections),
  );
  provider.writeOutputs({
    changes,
    exitCode: exitCode === 0 && changes ? 2 : exitCode,
    lockFiles: chosen.map((e) => e.lockFile).filter((f): f is string => Boolean(f)),
  });
  let published = true;
  if (options.command === 'plan' && options.comment)
    published = await provider.publishPlan({
      path: where,
      markdown: combinedReport(options.command, options.path, sections),
    });
  const failed = sections.filter((s) => !s.ok).map((s) => s.name);
  const checkFailed = sections.filter((s) => s.check === 'failed').map((s) => s.name);
  await publishStatus(provider, options, where, {
    ok: failed.length === 0,
    changes,
    counts: sumCounts(sections),
    code: exitCode,
    failedIn: failed,
    failure: checkFailed.length > 0 ? `The check found a monitor down in ${checkFailed.join(', ')}.` : undefined,
  });
  if (failed.length > 0)
    provider.error(`monitors ${options.command} failed in ${failed.join(', ')}; see the log above.`);
  if (checkFailed.length > 0) provider.error(checkFailure(provider, ` in ${checkFailed.join(', ')}`));
  if (discovered?.message) provider.error(discovered.message);
  if (options.command === 'drift' && failed.length === 0)
    return provider.trackDrift({
      path: where,
      label: options.driftLabel,
      planMarkdown: combinedReport('drift', options.path, sections),
      drift: changes,
    });
  return failed.length > 0 || checkFailed.length > 0 || !published || discovered?.ok === false ? 1 : 0;
}

/** One environment's run (and, for a plan with `check`, its check): a section of the combined report. */
async function runOneEnvironment(
  options: CiOptions,
  provider: CiProvider,
  runs: ChildRuns,
  childEnv: Env,
  name: string,
): Promise<Section> {
  const chosen = ['--env', name];
  const result = await runs.run([...commandArgs(options), ...chosen], childEnv);
  const outcome = outcomeOf(options.command, result.code);
  const here = { command: options.command, path: `${options.path} --env ${name}` };
  const markdown =
    (options.command === 'plan' || options.command === 'drift') && outcome.ok ? result.stdout : undefined;
  const section: Section = {
    name,
    ok: outcome.ok,
    code: result.code,
    changes: outcome.changes,
    ...(markdown !== undefined ? { markdown } : {}),
    body:
      markdown ??
      refusedPlanReport({ ...options, path: here.path }, result.code, result.stdout) ??
      textReport(here, result.code, result.output, outcome.ok),
  };
  if (options.command === 'plan' && options.check && outcome.ok) {
    const checked: ChildResult = await runCheckStep(runs, [...checkArgs(options), ...chosen], childEnv, provider, name);
    section.check = checked.code === 0 ? 'ok' : 'failed';
    section.body += `\n${checkReport(here.path, provider.changeName, checked)}`;
  }
  return section;
}

/** The counts of every environment's plan, added up (undefined when one cannot be read). */
function sumCounts(sections: Section[]): PlanCounts | undefined {
  const total: PlanCounts = { create: 0, replace: 0, delete: 0 };
  for (const section of sections) {
    if (section.markdown === undefined) return undefined;
    const counts = planCounts(section.markdown);
    if (!counts) return undefined;
    total.create += counts.create;
    total.replace += counts.replace;
    total.delete += counts.delete;
  }
  return total;
}
