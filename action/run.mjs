// The action's one step: runs `monitors <command>` for a path, streams its output to the
// log (validate's ::error annotations included), writes the job summary and the outputs,
// and for plans posts/updates the pull-request comment; with `check: true`, a plan is
// followed by `monitors check --changed`, whose result goes beside the plan; drift is a
// plan that opens, updates or closes one issue (drift-issue.mjs). With the `environments`
// input, plan, drift and apply run once per environment into one report (environments.mjs).
// Plain Node.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { combinedReport, environmentChildEnv, environmentsFromReport, selectEnvironments } from './environments.mjs';
import { closeDrift, DEFAULT_DRIFT_LABEL, reportDrift } from './drift-issue.mjs';
import { markerFor, pullRequestNumber, upsertComment } from './upsert-comment.mjs';

const ACTION_DIR = dirname(dirname(fileURLToPath(import.meta.url)));
const COMMANDS = ['validate', 'plan', 'apply', 'drift'];
/** Who commits the lock record to the lock branch, as GitHub shows the Actions bot. */
export const BOT_IDENTITY = {
  GIT_AUTHOR_NAME: 'github-actions[bot]',
  GIT_AUTHOR_EMAIL: '41898282+github-actions[bot]@users.noreply.github.com',
  GIT_COMMITTER_NAME: 'github-actions[bot]',
  GIT_COMMITTER_EMAIL: '41898282+github-actions[bot]@users.noreply.github.com',
};

/** Inputs arrive as MONITORS_ACTION_* variables (composite actions pass them explicitly). */
export function readInputs(env) {
  const input = (name, fallback = '') => (env[`MONITORS_ACTION_${name}`] ?? '').trim() || fallback;
  const inputs = {
    command: input('COMMAND'),
    path: input('PATH', 'monitors'),
    lock: input('LOCK'),
    lockBranch: input('LOCK_BRANCH'),
    apiUrl: input('API_URL'),
    comment: input('COMMENT', 'true') === 'true',
    check: input('CHECK', 'false') === 'true',
    checkArgs: input('CHECK_ARGS'),
    cli: input('CLI'),
    version: input('VERSION'),
    githubToken: input('GITHUB_TOKEN'),
    environments: input('ENVIRONMENTS'),
    // Unset: the default label; set empty: no label.
    driftLabel: env.MONITORS_ACTION_DRIFT_LABEL === undefined ? DEFAULT_DRIFT_LABEL : input('DRIFT_LABEL'),
  };
  if (!COMMANDS.includes(inputs.command))
    throw new Error(`input "command" must be one of ${COMMANDS.join(', ')}, not "${inputs.command}"`);
  return inputs;
}

/** How to start the CLI: the `cli` input, the repository's own install, or npx at the action's version. */
export function cliCommand(inputs, env, actionDir = ACTION_DIR) {
  if (inputs.cli) {
    const [command, ...args] = inputs.cli.split(/\s+/);
    return { command, args };
  }
  const local = join(env.GITHUB_WORKSPACE ?? process.cwd(), 'node_modules', '.bin', 'monitors');
  if (existsSync(local)) return { command: local, args: [] };
  const version = inputs.version || JSON.parse(readFileSync(join(actionDir, 'package.json'), 'utf8')).version;
  return { command: 'npx', args: ['--yes', `monitors@${version}`] };
}

/** The CLI arguments for one command; a plan prints Markdown (for the comment and summary). */
export function commandArgs(inputs) {
  const lock = [
    ...(inputs.lock ? ['--lock', inputs.lock] : []),
    ...(inputs.lockBranch ? ['--lock-branch', inputs.lockBranch] : []),
  ];
  switch (inputs.command) {
    case 'validate':
      return ['validate', inputs.path];
    case 'plan':
    case 'drift': // a plan whose changes are drift
      return ['plan', inputs.path, ...lock, '--detailed-exitcode', '--format', 'markdown'];
    default:
      return ['apply', inputs.path, ...lock, '--yes'];
  }
}

/** After a plan: check the monitors it creates or replaces, in Markdown for the comment. */
export function checkArgs(inputs) {
  const extra = inputs.checkArgs ? inputs.checkArgs.split(/\s+/) : [];
  const lock = [
    ...(inputs.lock ? ['--lock', inputs.lock] : []),
    ...(inputs.lockBranch ? ['--lock-branch', inputs.lockBranch] : []),
  ];
  return ['check', inputs.path, ...lock, ...extra, '--changed', '--format', 'markdown'];
}

/** The check's part of the comment: its Markdown, or its error output when it could not run. */
export function checkReport(inputs, code, stdout, output) {
  if (stdout.trim() === '') return textReport({ ...inputs, command: 'check --changed' }, code, output, false);
  return `#### monitors check \`${inputs.path}\`: the monitors this pull request creates or replaces, checked from the runner\n\n${stdout}`;
}

/** Exit 2 of a plan means "changes present" (--detailed-exitcode): a success. */
export function outcomeOf(command, exitCode) {
  if ((command === 'plan' || command === 'drift') && exitCode === 2) return { ok: true, changes: true };
  return { ok: exitCode === 0, changes: false };
}

function run(command, args, env, { quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let stdout = '';
    child.stdout.on('data', (d) => {
      if (!quiet) process.stdout.write(d);
      output += String(d);
      stdout += String(d);
    });
    child.stderr.on('data', (d) => {
      if (!quiet) process.stderr.write(d);
      output += String(d);
    });
    child.on('error', (error) =>
      resolve({ code: 127, stdout, output: `${output}could not start ${command}: ${error.message}\n` }),
    );
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, output }));
  });
}

/** Job summary / comment text for a run that produced no Markdown plan. */
export function textReport(inputs, code, output, ok) {
  const status = ok ? 'succeeded' : `failed (exit ${code})`;
  const log = output.replace(/^::\w+.*(\n|$)/gm, '').trim(); // annotations already went to the log
  const tail = log.length > 20_000 ? `…\n${log.slice(-20_000)}` : log;
  return `#### monitors ${inputs.command} \`${inputs.path}\`: ${status}\n\n\`\`\`\n${tail.replaceAll('```', "'''")}\n\`\`\`\n`;
}

export async function runAction(env = process.env) {
  const inputs = readInputs(env);
  const { command, args } = cliCommand(inputs, env);
  const childEnv = Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('MONITORS_ACTION_'))); // not the GitHub token
  if (inputs.apiUrl) childEnv.MONITORS_API_URL = inputs.apiUrl;
  if (inputs.lockBranch) Object.assign(childEnv, { ...BOT_IDENTITY, ...childEnv }); // the lock branch commits, unless the job set an author
  // validate checks every environment in one run; plan and apply run once per environment.
  if (inputs.environments && inputs.command !== 'validate')
    return runEnvironments(inputs, env, { command, args }, childEnv);
  const result = await run(command, [...args, ...commandArgs(inputs)], childEnv);
  const { ok, changes } = outcomeOf(inputs.command, result.code);
  const planned = (inputs.command === 'plan' || inputs.command === 'drift') && ok;
  let report = planned
    ? `#### monitors ${inputs.command} \`${inputs.path}\`\n\n${result.stdout}`
    : textReport(inputs, result.code, result.output, ok);
  // Exit 1 of check: a monitor is down (or the check could not run). The comment still shows it all.
  let checkOk = true;
  if (inputs.command === 'plan' && inputs.check && ok) {
    const checked = await run(command, [...args, ...checkArgs(inputs)], childEnv);
    checkOk = checked.code === 0;
    report += `\n${checkReport(inputs, checked.code, checked.stdout, checked.output)}`;
  }
  if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, `${report}\n`);
  if (env.GITHUB_OUTPUT) appendFileSync(env.GITHUB_OUTPUT, `changes=${changes}\nexit-code=${result.code}\n`);
  if (inputs.command === 'plan' && inputs.comment) await commentOnPullRequest(inputs, env, report);
  if (!ok) console.log(`::error::monitors ${inputs.command} failed (exit ${result.code}); see the log above.`);
  if (!checkOk)
    console.log(
      '::error::monitors check --changed: a monitor this pull request creates or replaces is down, or the check failed; see the comment or the log above.',
    );
  // A failed plan is no news about drift: the issue stays as it is, and the step fails.
  if (inputs.command === 'drift' && ok) return (await trackDriftIssue(inputs, env, result.stdout, changes)) ? 0 : 1;
  return ok && checkOk ? 0 : 1;
}

/**
 * Opens, updates or closes the drift issue. Unlike the plan comment, the issue IS the
 * result of a drift run: when the token cannot write issues the step fails, so that drift
 * never goes unnoticed behind a green run.
 */
async function trackDriftIssue(inputs, env, planMarkdown, drift) {
  const runUrl =
    env.GITHUB_RUN_ID && env.GITHUB_REPOSITORY
      ? `${env.GITHUB_SERVER_URL ?? 'https://github.com'}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}`
      : undefined;
  const github = {
    apiUrl: env.GITHUB_API_URL ?? 'https://api.github.com',
    token: inputs.githubToken,
    repo: env.GITHUB_REPOSITORY,
    path: inputs.path,
    label: inputs.driftLabel,
    runUrl,
  };
  try {
    if (!inputs.githubToken) throw new Error('no github-token');
    const result = drift ? await reportDrift({ ...github, planMarkdown }) : await closeDrift(github);
    if (result.action === 'none') console.log('monitors: no drift, and no drift issue open.');
    else
      console.log(`monitors: drift issue #${result.number} ${result.action}${result.url ? ` (${result.url})` : ''}.`);
    if (env.GITHUB_OUTPUT && result.number !== undefined) appendFileSync(env.GITHUB_OUTPUT, `issue=${result.number}\n`);
    return true;
  } catch (error) {
    const what = drift ? 'opened or updated' : 'closed';
    console.log(
      `::error::The drift issue could not be ${what}: ${error.message}. The plan is in the job summary; the job needs \`permissions: issues: write\`.`,
    );
    return false;
  }
}

/**
 * plan, drift or apply in each environment chosen, each with --env and a process
 * environment holding its own token variable only. Plans all run and share one comment,
 * each section with its check when `check` is on; drift plans all run and share one issue
 * (untouched when any of them fails: a failed plan is no news about drift); applies run in
 * order and stop at the first that fails (a later environment is usually the more
 * important one: production after staging).
 */
async function runEnvironments(inputs, env, cli, childEnv) {
  if (inputs.lock)
    throw new Error(
      'input "lock" would give every environment one lock file; with environments, each has its own (settings.environments.NAME.lock_file)',
    );
  const discovery = await run(cli.command, [...cli.args, 'validate', inputs.path, '--format', 'json'], childEnv, {
    quiet: true,
  });
  const declared =
    discovery.code === 0 || discovery.stdout.trim().startsWith('{') ? environmentsFromReport(discovery.stdout) : [];
  if (declared.length === 0 && discovery.code !== 0) {
    process.stdout.write(discovery.output);
    throw new Error(
      `monitors validate ${inputs.path} failed (exit ${discovery.code}) before the environments could be read; see the log above`,
    );
  }
  const chosen = selectEnvironments(inputs.environments, declared);
  const sections = [];
  let changes = false;
  let exitCode = 0;
  for (const environment of chosen) {
    if (inputs.command === 'apply' && exitCode !== 0) {
      sections.push({ name: environment.name, skipped: true, body: 'Not applied: an earlier environment failed.' });
      continue;
    }
    const section = await runOneEnvironment(
      inputs,
      cli,
      environmentChildEnv(childEnv, environment, declared),
      environment.name,
    );
    changes ||= section.changes;
    if (!section.ok && exitCode === 0) exitCode = section.code;
    sections.push(section);
  }
  if (env.GITHUB_STEP_SUMMARY)
    appendFileSync(env.GITHUB_STEP_SUMMARY, `${combinedReport(inputs.command, inputs.path, sections, Infinity)}\n`);
  const lockFiles = chosen
    .map((e) => e.lockFile)
    .filter(Boolean)
    .join(' ');
  if (env.GITHUB_OUTPUT)
    appendFileSync(
      env.GITHUB_OUTPUT,
      `changes=${changes}\nexit-code=${exitCode === 0 && changes ? 2 : exitCode}\nlock-files=${lockFiles}\n`,
    );
  if (inputs.command === 'plan' && inputs.comment)
    await commentOnPullRequest(inputs, env, combinedReport(inputs.command, inputs.path, sections));
  const failed = sections.filter((s) => s.ok === false).map((s) => s.name);
  const checkFailed = sections.filter((s) => s.check === 'failed').map((s) => s.name);
  if (failed.length > 0)
    console.log(`::error::monitors ${inputs.command} failed in ${failed.join(', ')}; see the log above.`);
  if (checkFailed.length > 0)
    console.log(
      `::error::monitors check --changed in ${checkFailed.join(', ')}: a monitor this pull request creates or replaces is down, or the check failed; see the comment or the log above.`,
    );
  if (inputs.command === 'drift' && failed.length === 0)
    return (await trackDriftIssue(inputs, env, combinedReport('drift', inputs.path, sections), changes)) ? 0 : 1;
  return failed.length > 0 || checkFailed.length > 0 ? 1 : 0;
}

/** One environment's run (and, for a plan with `check`, its check): a section of the combined report. */
async function runOneEnvironment(inputs, cli, childEnv, name) {
  const chosen = ['--env', name];
  console.log(`::group::monitors ${inputs.command} --env ${name}`);
  const result = await run(cli.command, [...cli.args, ...commandArgs(inputs), ...chosen], childEnv);
  const outcome = outcomeOf(inputs.command, result.code);
  const here = { ...inputs, path: `${inputs.path} --env ${name}` };
  const markdown = (inputs.command === 'plan' || inputs.command === 'drift') && outcome.ok ? result.stdout : undefined;
  const section = {
    name,
    ok: outcome.ok,
    code: result.code,
    changes: outcome.changes,
    markdown,
    body: markdown ?? textReport(here, result.code, result.output, outcome.ok),
  };
  if (inputs.command === 'plan' && inputs.check && outcome.ok) {
    const checked = await run(cli.command, [...cli.args, ...checkArgs(inputs), ...chosen], childEnv);
    section.check = checked.code === 0 ? 'ok' : 'failed';
    section.body += `\n${checkReport(here, checked.code, checked.stdout, checked.output)}`;
  }
  console.log('::endgroup::');
  return section;
}

async function commentOnPullRequest(inputs, env, markdown) {
  const issueNumber = pullRequestNumber(env.GITHUB_EVENT_PATH);
  if (issueNumber === undefined) return console.log('monitors: not a pull request; no plan comment.');
  if (!inputs.githubToken) return console.log('::warning::No github-token: the plan comment was not posted.');
  try {
    const result = await upsertComment({
      apiUrl: env.GITHUB_API_URL ?? 'https://api.github.com',
      token: inputs.githubToken,
      repo: env.GITHUB_REPOSITORY,
      issueNumber,
      marker: markerFor(inputs.path),
      markdown,
    });
    console.log(`monitors: plan comment ${result.action}${result.url ? ` (${result.url})` : ''}.`);
  } catch (error) {
    // A read-only token (pull requests from forks, Dependabot, restricted default permissions)
    // cannot comment: the plan is in the job summary, and the step's result stays the plan's.
    console.log(`::warning::The plan comment was not posted: ${error.message}. The plan is in the job summary.`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runAction().then(
    (code) => (process.exitCode = code),
    (error) => {
      console.log(`::error::${error.message}`);
      process.exitCode = 1;
    },
  );
}
