// `monitors destroy`: the YAML says where the lock file is and which workspace; the plan
// deletes every monitor the lock file records (src/destroy). Deleting them all is its intent,
// so the mass-delete guard (meant for a routine plan that deletes by accident) does not hold
// it; it shows the plan and asks (or takes --yes). It is carried out exactly as apply carries out a plan: confirmation,
// progress, Ctrl-C, failures, the lock file (and --lock-branch) written as each delete lands.
import { planDestroy } from '../../destroy/plan-destroy.js';
import { newLockFile } from '../../lock/lock-file.js';
import { startingLock } from '../../plan/starting-lock.js';
import { destroyQuestion } from '../../render/destroy-report.js';
import { planningStep, watchPlanning } from '../steps/interrupt.js';
import { openWorkspace } from '../../workspace/open.js';
import { fileScope } from '../../workspace/set-files.js';
import { fromProcess, lockSource } from '../steps/open-request.js';
import { displayPath } from '../../model/display-path.js';
import { carryOut, finishWritingCommand, openBranch } from '../steps/carry-out.js';
import { parseDestroyArguments } from '../arguments/destroy.js';
import type { DestroyOptions } from '../arguments/destroy-options.js';

export async function finishDestroyCommand(paths: string[], options: DestroyOptions): Promise<void> {
  await finishWritingCommand(() => runDestroyCommand(paths, options));
}

export async function runDestroyCommand(args: string[], options: DestroyOptions): Promise<number> {
  // The options of every writing command; destroy has no --plan, --wait, --target or --replace.
  const settings = parseDestroyArguments(args, options, process.env);
  const paths = settings.paths.length > 0 ? settings.paths : ['.'];
  const branch = openBranch(settings);
  watchPlanning(process.stderr); // before the deletes, a signal ends it at once, saying nothing was written
  const cwd = process.cwd();
  // Files named one by one: the set they belong to is read, and only their records are deleted.
  const opened = await openWorkspace({
    ...fromProcess(),
    paths,
    wholeSet: true,
    command: 'destroy',
    environment: settings.environment,
    lock: lockSource(settings.lock, branch),
    client: 'later',
    missingVariable: 'warning',
    policy: 'summary',
    apiUrl: settings.apiUrl,
  });
  const { desired, named, lock: read } = opened;
  const location = opened.lockChoice.location;
  const api = opened.api!;
  try {
    const listing = planningStep('listing the live monitors');
    // The listing first: the client may hold a second request until the first has answered.
    const listed = api.listMonitors();
    // Which workspace the token reaches, when it may read /account (the lock's check below).
    const account = api.getAccount().then(
      (a) => a.id,
      () => undefined,
    );
    const live = await listed.finally(listing);
    const lockShown = displayPath(location.path, cwd);
    // A lock that holds an id twice is repaired as plan and apply repair it (one delete per
    // monitor); deleting everything is the intent, but only in the workspace the lock belongs to.
    const workspace = { apiUrl: api.baseUrl, accountId: await account, settings: desired.settings, lockShown };
    const begun = read
      ? startingLock({
          read,
          fresh: newLockFile,
          live,
          workspace: { ...workspace, allowMissing: settings.allowMissing },
        })
      : undefined;
    if (begun && !begun.ok) throw begun.refusal;
    const start = begun?.start;
    const existing = start?.lock;
    const lock = existing ?? newLockFile();
    const scope = named && existing ? fileScope(named, desired.files, location.path, cwd) : undefined;
    const plan = planDestroy({ desired, live, lock: existing, lockShown, ...(scope ? { files: scope } : {}) });
    plan.notes.push(...(start?.notes ?? []));
    return await carryOut(plan, {
      api,
      lock,
      lockPath: location.path,
      branch,
      settings,
      ask: true,
      lockRepaired: start?.changed ?? false,
      prompt: { command: 'destroy', question: destroyQuestion(plan) },
    });
  } finally {
    await api.close();
  }
}
