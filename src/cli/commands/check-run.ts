// The work of `monitors check`, loaded only when that command runs.
import { readFile } from 'node:fs/promises';
import { anyPatternMatches } from '../../model/name-select/pattern.js';
import { invalidGlob, namePatterns, selectsAny } from '../../model/name-select/select.js';
import { runChecks } from '../../check/run-checks.js';
import { CHECK_FORMAT_VERSION, type CheckContext, type CheckReport } from '../../check/types.js';
import { EXIT_ERROR, EXIT_OK, MonitorsError } from '../../errors.js';
import type { DesiredMonitor } from '../../model/monitor.js';
import { summarize } from '../../render/check-common.js';
import { renderAs } from '../../render/formats/registry.js';
import type { EnvironmentRequest } from '../../workspace/environment.js';
import { openWorkspace } from '../../workspace/open.js';
import { fromProcess, lockSource } from '../steps/open-request.js';
import { openLockBranchSession, PROCESS_OUTPUT } from '../steps/lock-branch-session.js';
import { planningStep, stopWatching, watchPlanning } from '../steps/interrupt.js';
import { planWorkspace } from '../../workspace/plan-workspace.js';
import { useColor } from '../steps/render-plan.js';
import { packageVersion } from '../../version/package-version.js';
import type { CheckOptions } from '../arguments/check-options.js';
import { parseCheckArguments } from '../arguments/check.js';

export async function runCheck(paths: string[], options: CheckOptions): Promise<number> {
  const args = parseCheckArguments(options, process.env);
  const { format, concurrency, environment } = args;
  const patterns = namePatterns(options.name ?? []);
  const context: CheckContext = {
    resolve: args.resolve,
    connectTo: args.connectTo,
    extraCa: await readCaFiles(args.caFiles),
    dnsServers: args.dnsServers,
    ...(args.rdapUrl !== undefined ? { rdapUrl: args.rdapUrl } : {}),
    userAgent: `monitors-check/${packageVersion()}`,
    now: () => new Date(),
    cache: new Map(),
  };
  watchPlanning(process.stderr); // nothing is ever written: a signal ends the check at once, saying so
  const { all, monitors, notes } = await selectMonitors(paths, options, args.changed, environment);
  const named = patterns.length > 0 ? monitors.filter((m) => anyPatternMatches(patterns, m.name)) : monitors;
  // A pattern that names no monitor at all is a typo; one that names no changed monitor is not.
  const allNames = all.map((m) => m.name);
  const unmatched = patterns.filter((p) => !selectsAny(p, allNames));
  const invalid = unmatched.find((p) => p.invalid !== undefined);
  if (invalid) throw invalidGlob('--name', { pattern: invalid.text, reason: invalid.invalid! });
  if (unmatched.length > 0) {
    throw new MonitorsError(
      'CHECK_NO_MATCH',
      `no monitor's name matches ${unmatched.map((p) => `--name ${JSON.stringify(p.text)}`).join(' nor ')}`,
      {
        hint: 'Patterns match whole names, case-sensitive: * is any text, ? one character (e.g. --name "shop: *").',
      },
    );
  }
  const checking = planningStep('running the checks');
  const results = await runChecks(named, context, concurrency).finally(checking);
  stopWatching();
  const report: CheckReport = {
    format_version: CHECK_FORMAT_VERSION,
    environment: environment?.name ?? null,
    summary: summarize(results),
    results,
    notes,
  };
  process.stdout.write(await renderAs(format, 'check', report, { color: useColor(process.stdout, process.env) }));
  return report.summary.down > 0 ? EXIT_ERROR : EXIT_OK;
}

/** All monitors of the YAML, or with --changed those a plan would create or replace. */
async function selectMonitors(
  paths: string[],
  options: CheckOptions,
  onlyChanged: boolean,
  environment: EnvironmentRequest | undefined,
): Promise<{ all: DesiredMonitor[]; monitors: DesiredMonitor[]; notes: string[] }> {
  if (!onlyChanged) {
    const { desired, notes } = await openWorkspace({
      ...fromProcess(),
      paths,
      environment,
      command: 'check',
      lock: { none: true },
      client: 'none',
      missingVariable: 'error',
    });
    return { all: desired.monitors, monitors: desired.monitors, notes };
  }
  // Nothing is deleted or recorded here: the plan's mass-delete guard and its check of
  // vanished records have nothing to guard (another workspace's account still stops it).
  const branch = openLockBranchSession(options, process.cwd(), process.env, PROCESS_OUTPUT);
  const session = await planWorkspace({
    ...fromProcess(),
    paths,
    lock: lockSource(options.lock, branch),
    ...(options.apiUrl ? { apiUrl: options.apiUrl } : {}),
    allowMassDelete: true,
    allowMissing: true,
    command: 'check',
    ...(environment ? { environment } : {}),
  });
  try {
    const changed = new Set(
      session.plan.changes.filter((c) => c.action === 'create' || c.action === 'replace').map((c) => c.name),
    );
    const monitors = session.desired.monitors.filter((m) => changed.has(m.name));
    const total = session.desired.monitors.length;
    const note =
      monitors.length === 0
        ? `--changed: the plan creates or replaces none of the ${total} monitor${total === 1 ? '' : 's'}; nothing to check.`
        : `--changed: checking the ${monitors.length} of ${total} monitor${total === 1 ? '' : 's'} that the plan creates or replaces.`;
    return { all: session.desired.monitors, monitors, notes: [note] };
  } finally {
    await session.api.close();
  }
}

async function readCaFiles(files: readonly string[]): Promise<string[]> {
  return Promise.all(
    files.map(async (file) => {
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        throw new MonitorsError(
          'BAD_OPTION',
          `--ca ${file} could not be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
          { hint: 'Give a PEM file of CA certificates.' },
        );
      }
      if (!text.includes('-----BEGIN CERTIFICATE-----')) {
        throw new MonitorsError('BAD_OPTION', `--ca ${file} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`, {
          hint: 'Give a PEM file of CA certificates.',
        });
      }
      return text;
    }),
  );
}
