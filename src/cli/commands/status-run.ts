// `monitors status`: the YAML and the lock file say which monitors are managed; one listing
// and the incidents (every page of each, read side by side) say how they are. Nothing is
// written, and only read scopes are needed: without incidents:read the statuses are shown
// all the same, with a note naming the token's variable.
import type { MonitorsApi } from '../../api/types.js';
import type { ApiOrigin } from '../../api/origin.js';
import { EXIT_ERROR, EXIT_OK } from '../../errors.js';
import { summarizeWorkspace } from '../../workspace/all-environments.js';
import { startingLock } from '../../plan/starting-lock.js';
import { runVars } from '../run-vars/current.js';
import { renderAs } from '../../render/formats/registry.js';
import { assembleStatus } from '../../status/assemble.js';
import { incidentsNotRead, type IncidentsRead } from '../../status/incidents.js';
import { statusPage, type PageInput } from '../../status/page-data.js';
import { wholeSetReport } from '../../status/whole-set.js';
import { openWorkspace } from '../../workspace/open.js';
import { fromProcess, lockSource } from '../steps/open-request.js';
import { useColor } from '../steps/render-plan.js';
import { planningStep, stopWatching, watchPlanning } from '../steps/interrupt.js';
import { openLockBranchSession, PROCESS_OUTPUT } from '../steps/lock-branch-session.js';
import type { StatusOptions } from '../arguments/status-options.js';
import { parseStatusArguments } from '../arguments/status.js';

export async function runStatus(paths: string[], options: StatusOptions): Promise<number> {
  const args = parseStatusArguments(options, process.env);
  // --env all reaches here only for the status page and the badge (every-environment.ts): they
  // hold every environment by themselves (below), as they do without --env.
  const { format, days, wholeSet, failOn, names, environment: requested, lock: lockFlag } = args;
  const branch = openLockBranchSession(options, process.cwd(), process.env, PROCESS_OUTPUT);
  // The status page and the badge show every environment: with none named, each one the set
  // declares, each read from its own workspace with its own token. Every other format shows one.
  const declared = wholeSet && !requested ? await declaredEnvironments(paths) : [];
  const chosen = declared.length > 0 ? declared.map((name) => ({ name, via: '--env' as const })) : [requested];
  watchPlanning(process.stderr); // nothing is ever written: a signal ends it at once
  const read: PageInput[] = [];
  for (const environment of chosen) {
    const opened = await openWorkspace({
      ...fromProcess(),
      paths,
      command: 'status',
      environment,
      lock: lockSource(lockFlag, branch),
      client: 'later',
      missingVariable: 'warning',
      policy: 'summary',
      apiUrl: args.apiUrl,
    });
    const session = { ...opened, api: opened.api!, lockNote: opened.lockChoice.note };
    try {
      const where = environment && declared.length > 0 ? ` of ${environment.name}` : '';
      const reading = planningStep(`listing the live monitors and the incidents${where}`);
      const [live, incidents] = await Promise.all([
        session.api.listMonitors(),
        readIncidents(session.api, session.origin),
      ]).finally(reading);
      // Only read: repaired as plan repairs it (its notes say so), checked against no workspace.
      const begun = session.lock ? startingLock({ read: session.lock, fresh: () => session.lock!, live }) : undefined;
      const start = begun?.ok ? begun.start : undefined;
      const report = assembleStatus({
        desired: session.desired,
        live,
        lock: start?.lock,
        incidents,
        names,
        ...(failOn ? { failOn } : {}),
      });
      report.notes.push(...(start?.notes ?? []), ...(session.lockNote ? [session.lockNote] : []));
      read.push({ report, desired: session.desired, live, incidents: incidents.read ? incidents.incidents : null });
    } finally {
      await session.api.close();
    }
  }
  stopWatching();
  const page = statusPage(read, new Date(), days);
  // The badge of a set of environments is the whole set's: its counts added up.
  const report = format === 'svg' ? wholeSetReport(read.map((r) => r.report)) : read[0]!.report;
  const output = { report, page };
  process.stdout.write(await renderAs(format, 'status', output, { color: useColor(process.stdout, process.env) }));
  return read.some((r) => r.report.failed) ? EXIT_ERROR : EXIT_OK;
}

/** The environments the set declares (none: an empty list), read as validate reads them. */
async function declaredEnvironments(paths: string[]): Promise<string[]> {
  const summary = await summarizeWorkspace({
    paths,
    env: process.env,
    cwd: process.cwd(),
    missingVariable: 'warning',
    vars: runVars(),
  });
  return summary.declaredEnvironments;
}

/** Every page of /incidents; a failure (403 without incidents:read, say) becomes a note, not the command's. */
async function readIncidents(api: MonitorsApi, origin: ApiOrigin | undefined): Promise<IncidentsRead> {
  try {
    return { read: true, incidents: (await api.listIncidents()).incidents };
  } catch (error) {
    return { read: false, note: incidentsNotRead(error, origin) };
  }
}
