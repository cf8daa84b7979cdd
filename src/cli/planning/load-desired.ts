// The YAML loaded for a command that plans: on a worker thread while the listing runs, problems
// printed as validate prints them.
import { MonitorsError } from '../../errors.js';
import { missingVariableIn } from '../../load/expand/env.js';
import type { DesiredState, Diagnostic } from '../../model/monitor.js';
import { isPolicyViolation } from '../../policy/codes.js';
import { diagnosticLine, githubAnnotation } from '../../render/diagnostics.js';
import { checkEnvironmentChoice, type EnvironmentRequest } from '../steps/environment.js';
import { planningStep, watchingSignals } from '../steps/interrupt.js';
import { loadInWorker, type LoadedAhead } from '../worker/load-in-worker.js';
import { holdForTest, spinForTest } from '../steps/test-hold.js';
import { runVars, runVarsOption } from '../run-vars/current.js';
import { locationText } from '../../model/location-text.js';

export interface LoadOptions {
  /**
   * Load on a worker thread (while a listing runs on this one). Always so while signals are
   * watched: a signal is answered only when this thread is free, and loading a large set
   * is seconds of computing.
   */
  inWorker?: boolean;
  /** On the worker thread, also read the lock file (chosen with --lock as `flag`) when the YAML has no errors. */
  lockFile?: { flag: string | undefined };
  /** An unset `${env:NAME}`: an error (default: plan and apply send the value) or a warning (destroy sends none). */
  missingEnv?: 'error' | 'warning';
  /**
   * Policy violations (`policy.<id>`) do not stop the load: the plan lists them in its
   * policy section (and only there: each is said once) and then refuses with PLAN_POLICY
   * (plan and apply).
   */
  policyInPlan?: boolean;
  /**
   * A command that only reads (status, lock): its advisory policy findings are one line
   * saying how many there are and how to list them, not the findings themselves.
   */
  policySummary?: boolean;
}

export interface LoadedForPlan {
  state: DesiredState;
  lockFilesSeen: string[];
  /** Info diagnostics (a file skipped by the folder search), as plan notes: in every format of the plan. */
  notes: string[];
  /** Loaded on a worker thread: the lock file it read meanwhile (see load-in-worker.ts). */
  lockAhead?: LoadedAhead['lock'];
  /** With policyInPlan: the policy violations and warnings, for the plan's policy section. */
  policyDiagnostics: Diagnostic[];
}

/**
 * Loads the YAML for plan, apply and export, in one environment when the set declares
 * them (`command` names the command in the refusal when none is chosen). Problems are
 * printed exactly as `validate` prints them (stderr), and on an error the command stops
 * before it calls the API. Notes (info) go into the plan instead, so that the JSON and
 * Markdown plans carry them too. With a listing already running, the YAML is loaded, and
 * the lock file read, on a worker thread (load-in-worker.ts).
 */
export async function loadDesiredOrFail(
  paths: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
  request?: EnvironmentRequest,
  command = 'plan',
  options: LoadOptions = {},
): Promise<LoadedForPlan> {
  const loaded = planningStep('loading the YAML');
  let ahead: LoadedAhead;
  try {
    await holdForTest('loading', env);
    ahead = await load(paths, env, cwd, request, options);
  } finally {
    loaded();
  }
  const { result, lock: lockAhead } = ahead;
  const { state, diagnostics, declaredEnvironments, lockFilesSeen } = result;
  // A missing or unknown environment first: the problems of every environment would bury it.
  if (declaredEnvironments.length > 0) checkEnvironmentChoice(request, declaredEnvironments, command, true);
  const errors = diagnostics.filter(
    (d) => d.severity === 'error' && !(options.policyInPlan && isPolicyViolation(d.code)),
  );
  // Said elsewhere, or summed up: the policy findings the plan lists, the advisory ones of a read-only command.
  const elsewhere = (d: Diagnostic) =>
    errors.length === 0 &&
    isPolicyViolation(d.code) &&
    (options.policyInPlan === true || (options.policySummary === true && d.severity !== 'error'));
  const shown = diagnostics.filter((d) => !elsewhere(d));
  const printed = errors.length > 0 ? shown : shown.filter((d) => d.severity !== 'info');
  const lines = printed.map(diagnosticLine);
  const advisory = diagnostics.length - shown.length;
  if (options.policySummary && advisory > 0) lines.push(advisorySummary(advisory, paths, request));
  // Annotations put a plan's findings at their lines in the pull request; a read-only command's stay summed up.
  if (env.GITHUB_ACTIONS === 'true') lines.push(...(options.policySummary ? shown : diagnostics).map(githubAnnotation));
  if (lines.length > 0) process.stderr.write(`${lines.join('\n')}\n`);
  if (errors.length > 0) throw invalidYaml(errors, paths, request);
  checkEnvironmentChoice(request, declaredEnvironments, command, true); // --env without environments declared
  const notes = diagnostics.filter((d) => d.severity === 'info').map((d) => `${d.file}: ${d.message}`);
  const policyDiagnostics = options.policyInPlan ? diagnostics.filter((d) => isPolicyViolation(d.code)) : [];
  return { state, lockFilesSeen, notes, policyDiagnostics, ...(lockAhead ? { lockAhead } : {}) };
}

/**
 * The YAML has errors. An unset variable is named with where it is referenced: `validate`
 * only warns about one (a pull request from a fork has no secrets), so sending the user
 * there would not help, unless with --require-env.
 */
function invalidYaml(
  errors: readonly Diagnostic[],
  paths: readonly string[],
  request?: EnvironmentRequest,
): MonitorsError {
  const missing = new Map<string, string>();
  for (const d of errors) {
    const name = d.code === 'env.missing' ? missingVariableIn(d.message) : undefined;
    if (name !== undefined && !missing.has(name)) missing.set(name, locationText(d));
  }
  const count = `${errors.length} error${errors.length === 1 ? '' : 's'}`;
  if (missing.size === 0)
    return new MonitorsError('CONFIG_INVALID', `the YAML has ${count} (listed above); nothing was changed`, {
      hint: 'Fix them (`monitors validate` checks offline) and run the command again.',
    });
  const names = [...missing.keys()];
  const list = [...missing].map(([name, at]) => `${name} (referenced at ${at})`).join(', ');
  const variables = `${names.length === 1 ? 'environment variable' : 'environment variables'} ${list}`;
  const others = errors.length - errors.filter((d) => d.code === 'env.missing').length;
  const validate = [
    'monitors validate',
    ...paths.map(shellWord),
    '--require-env',
    ...(request ? ['--env', shellWord(request.name)] : []),
  ].join(' ');
  const set = `Set ${names.join(', ')} (in CI: from a secret)`;
  return new MonitorsError(
    'CONFIG_INVALID',
    others === 0
      ? `${variables} ${names.length === 1 ? 'is' : 'are'} not set; nothing was changed`
      : `the YAML has ${count} (listed above), among them the unset ${variables}; nothing was changed`,
    {
      hint: `${set}${others > 0 ? ' and fix the other errors' : ''}, then run the command again; \`${validate}\` checks for this offline (without --require-env, validate only warns about an unset variable).`,
    },
  );
}

/** `note: 3 advisory policy findings; \`monitors validate monitors/ --env production\` lists them`. */
function advisorySummary(count: number, paths: readonly string[], request: EnvironmentRequest | undefined): string {
  const validate = [
    'monitors validate',
    ...paths.map(shellWord),
    ...(request ? ['--env', shellWord(request.name)] : []),
  ];
  return `note: ${count} advisory policy finding${count === 1 ? '' : 's'}; \`${validate.join(' ')}\` lists them`;
}

/** A path as a shell word: quoted when it holds anything a shell would split or expand. */
function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The loader's modules are imported only where it runs: here, or on the worker thread only. */
async function load(
  paths: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
  request: EnvironmentRequest | undefined,
  options: LoadOptions,
): Promise<LoadedAhead> {
  const environment = request ? { environment: request.name } : {};
  const missingEnv = options.missingEnv ? { missingEnv: options.missingEnv } : {};
  if (options.inWorker || watchingSignals())
    return loadInWorker({
      paths,
      env: { ...env },
      cwd,
      ...environment,
      ...missingEnv,
      ...(options.lockFile ? { lockFile: options.lockFile } : {}),
      ...(runVars() ? { vars: [...runVars()!] } : {}),
    });
  spinForTest('cpu-load', env);
  const { loadDesiredState } = await import('../../load/index.js');
  return {
    result: await loadDesiredState(paths, { env, cwd, ...environment, ...missingEnv, ...runVarsOption() }),
    lock: undefined,
  };
}
