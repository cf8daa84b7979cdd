// The Action's one step, a thin wrapper: `monitors ci <command> <path>` with the inputs as
// options (src/ci/ does the work: the job summary, the outputs, the one pull-request comment,
// the drift issue, environments in turn). The CLI is the bundle committed beside this file
// (bundle/monitors.mjs: no install, no registry, nothing fetched), or the `cli` input (a
// repository's own pinned install). `command: environments` prints the declared environments
// as JSON and sets the `environments` output, for a job matrix. Plain Node, no dependencies.
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ACTION_DIR = dirname(dirname(fileURLToPath(import.meta.url)));
const COMMANDS = ['validate', 'plan', 'apply', 'drift', 'environments'];

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
    githubToken: input('GITHUB_TOKEN'),
    environments: input('ENVIRONMENTS'),
    discover: input('DISCOVER'),
    // Unset: the default label; set empty: no label.
    driftLabel: env.MONITORS_ACTION_DRIFT_LABEL === undefined ? undefined : input('DRIFT_LABEL'),
  };
  if (!COMMANDS.includes(inputs.command))
    throw new Error(`input "command" must be one of ${COMMANDS.join(', ')}, not "${inputs.command}"`);
  return inputs;
}

/** How to start the CLI: the `cli` input, else the bundle of this action's checkout. */
export function cliCommand(inputs, actionDir = ACTION_DIR) {
  if (inputs.cli) {
    const [command, ...args] = inputs.cli.split(/\s+/);
    return { command, args };
  }
  return { command: process.execPath, args: [join(actionDir, 'bundle', 'monitors.mjs')] };
}

/** The arguments of `monitors ci` (or `monitors environments`) for the inputs. */
export function cliArgs(inputs) {
  if (inputs.command === 'environments') return ['environments', inputs.path, '--format', 'json'];
  return [
    'ci',
    inputs.command,
    inputs.path,
    ...(inputs.lock ? ['--lock', inputs.lock] : []),
    ...(inputs.lockBranch ? ['--lock-branch', inputs.lockBranch] : []),
    ...(inputs.apiUrl ? ['--api-url', inputs.apiUrl] : []),
    ...(inputs.environments ? ['--environments', inputs.environments] : []),
    ...(inputs.comment ? [] : ['--no-comment']),
    ...(inputs.check ? ['--check'] : []),
    ...(inputs.checkArgs ? ['--check-args', inputs.checkArgs] : []),
    ...(inputs.discover ? ['--discover', inputs.discover] : []),
    ...(inputs.driftLabel === undefined ? [] : ['--drift-label', inputs.driftLabel]),
    '--provider',
    'github',
  ];
}

/** The CLI's environment: the job's, the inputs left out, the github-token as GITHUB_TOKEN (which `monitors ci` keeps from its own runs). */
export function cliEnv(inputs, env) {
  const cliEnv = Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('MONITORS_ACTION_')));
  if (inputs.githubToken) cliEnv.GITHUB_TOKEN = inputs.githubToken;
  return cliEnv;
}

export async function runAction(env = process.env) {
  const inputs = readInputs(env);
  const { command, args } = cliCommand(inputs);
  const capture = inputs.command === 'environments';
  const child = spawn(command, [...args, ...cliArgs(inputs)], {
    env: cliEnv(inputs, env),
    stdio: ['ignore', capture ? 'pipe' : 'inherit', 'inherit'],
    detached: true, // signals reach it once: passed on below (monitors ci does the same with its runs)
  });
  const forward = (signal) => child.kill(signal);
  process.on('SIGINT', forward).on('SIGTERM', forward);
  let stdout = '';
  child.stdout?.setEncoding('utf8').on('data', (d) => {
    process.stdout.write(d);
    stdout += d;
  });
  const code = await new Promise((resolve) => {
    child.on('error', (error) => resolve(`could not start ${command}: ${error.message}`));
    child.on('close', (exit) => resolve(exit ?? 1));
  });
  if (typeof code === 'string') throw new Error(code);
  if (capture && code === 0 && env.GITHUB_OUTPUT)
    appendFileSync(env.GITHUB_OUTPUT, `environments=${JSON.stringify(JSON.parse(stdout))}\n`);
  return code;
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
