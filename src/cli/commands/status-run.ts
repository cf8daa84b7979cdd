// `monitors status`: the YAML and the lock file say which monitors are managed; one listing
// and the incidents (every page of each, read side by side) say how they are. Nothing is
// written, and only read scopes are needed: without incidents:read the statuses are shown
// all the same, with a note naming the token's variable.
import type { MonitorsApi } from '../../api/types.js';
import type { ApiOrigin } from '../../api/origin.js';
import { EXIT_ERROR, EXIT_OK, MonitorsError } from '../../errors.js';
import { summarizeWorkspace } from '../../workspace/all-environments.js';
import { startingLock } from '../../plan/starting-lock.js';
import { runVars } from '../run-vars/current.js';
import { chooseFormat, renderAs } from '../../render/formats/registry.js';
import { assembleStatus } from '../../status/assemble.js';
import { parseStatusFailOn } from '../../status/fail-on.js';
import { incidentsNotRead, type IncidentsRead } from '../../status/incidents.js';
import { statusPage, type PageInput } from '../../status/page-data.js';
import { checkNamePatterns } from '../../status/select.js';
import { wholeSetReport } from '../../status/whole-set.js';
import { openWorkspace } from '../../workspace/open.js';
import { fromProcess, lockSource } from '../steps/open-request.js';
import { useColor } from '../steps/render-plan.js';
import { requestedEnvironment } from '../steps/environment.js';
import { asksEveryEnvironment } from '../steps/every-environment-flag.js';
import { planningStep, stopWatching, watchPlanning } from '../steps/interrupt.js';
import { openLockBranchSession, PROCESS_OUTPUT } from '../steps/lock-branch-session.js';
import { fileOption } from '../steps/options.js';
import type { StatusOptions } from './status-options.js';

export async function runStatus(paths: string[], options: StatusOptions): Promise<number> {
  const format = chooseFormat('status', options.format);
  const days = parseDays(options.days);
  // --env all: the reports of every environment, one after the other; the status page and
  // the badge hold them all by themselves (below), as they do without --env.
  const everyEnvironment = asksEveryEnvironment(options.env, process.env);
  const wholeSet = format === 'html' || format === 'svg';
  if (everyEnvironment && !wholeSet)
    return (await import('../steps/every-environment.js')).runEveryEnvironment({
      command: 'status',
      parallelism: options.parallelism,
      paths,
      format,
      single: { lock: options.lock },
    });
  const failOn = parseStatusFailOn(options.failOn);
  const names = checkNamePatterns(options.name);
  const requested = everyEnvironment ? undefined : requestedEnvironment(options.env, process.env);
  const lockFlag = fileOption('--lock', options.lock);
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
      apiUrl: options.apiUrl,
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

/** `--days N`: how far back the status page's incident timeline goes, 1 to 366 days. */
function parseDays(raw: string): number {
  const days = /^\d{1,3}$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
  if (days >= 1 && days <= 366) return days;
  throw new MonitorsError('BAD_OPTION', `--days takes a whole number of days from 1 to 366, not "${raw.slice(0, 60)}"`);
}
