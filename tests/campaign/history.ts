// One history: a seed, a server, and rounds played one after the other against the same
// workspace and repository, so that what a round leaves (stored idempotency answers, lock
// records, renamed monitors) meets what later rounds do. A round: random edits of the YAML
// and out-of-band changes; sometimes a saved plan, then more changes; one apply under
// faults, perhaps interrupted; faults lifted, applies until the plan is empty (3 at most);
// then every invariant. The first failing round ends the history.
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { NO_FAULTS, type FaultPlan, type ServerKind } from '../helpers/servers-under-test.js';
import {
  checkLock,
  checkRequests,
  checkRetryAfter,
  checkRun,
  checkServer,
  filesUnder,
  lockIdsOnce,
  secretsIn,
  type Finding,
  type KeyLedger,
} from './invariants.js';
import { REGIONS, SECRET_VARS, cloneRepo, expectedBodies, type RepoModel } from './model.js';
import { Rng } from './random.js';
import { NAME_POOL, drawSteps, newFields, snapshotOf, type HistoryState, type RoundState } from './steps.js';
import {
  checkForced,
  checkTargeted,
  matcher,
  describeOptions,
  drawRunOptions,
  lockRecords,
  optionArgs,
  WHOLE,
  type RunOptions,
} from './lifecycle.js';
import { World, type Interruption, type Run } from './world.js';
import { writeRepo } from './yaml-files.js';

export interface HistoryOptions {
  server: ServerKind;
  seed: number;
  rounds: number;
  /** Rounds left out (shrinking). */
  skip?: ReadonlySet<number>;
  /** One line per round as it ends. */
  log?: (line: string) => void;
}

export interface RoundReport {
  round: number;
  steps: string[];
  savedPlan?: string;
  /** `--target` / `--replace` of the first apply (or of its saved plan). */
  options: string;
  faults: string;
  interruption: string;
  /** Applies after the faults were lifted, until the plan was empty. */
  applies: number;
  findings: Finding[];
}

export interface Totals {
  rounds: number;
  applies: number;
  kills: number;
  interrupts: number;
  faultRounds: number;
  injected: number;
  lostAnswers: number;
  rateLimited: number;
  /** Requests that arrived before a Retry-After answered to another process (unknowable to theirs). */
  earlyAfterAnotherProcess: number;
  writes: number;
  replays: number;
  maxApplies: number;
  duplicates: number;
  lost: number;
  savedApplied: number;
  savedRefused: number;
  /** Writes sent again under the next key generation (a stored answer that did not take effect). */
  regenerations: number;
  /** Of those: creates answered with the stored 201 of a monitor that lived on under another name (issue 27). */
  answeredForAnother: number;
  duplicatesRefused: number;
  lockBranchHistories: number;
  /** Monitors forgotten with `removed:`. */
  forgets: number;
  /** First applies (or saved plans) with --target, and with --replace. */
  targeted: number;
  forced: number;
  /** SIGKILL or SIGINT delivered while the lock file was written, or while the lock branch was pushed. */
  cutLockWrites: number;
  cutPushes: number;
}

export interface HistoryResult {
  server: ServerKind;
  seed: number;
  lockBranch: boolean;
  rounds: RoundReport[];
  totals: Totals;
  /** The first round with findings. */
  failed?: RoundReport;
}

const MAX_APPLIES = 3;
const SAVED_PLAN = 'saved-plan.json';

export function emptyTotals(): Totals {
  return {
    rounds: 0,
    applies: 0,
    kills: 0,
    interrupts: 0,
    faultRounds: 0,
    injected: 0,
    lostAnswers: 0,
    rateLimited: 0,
    earlyAfterAnotherProcess: 0,
    writes: 0,
    replays: 0,
    maxApplies: 0,
    duplicates: 0,
    lost: 0,
    savedApplied: 0,
    savedRefused: 0,
    regenerations: 0,
    answeredForAnother: 0,
    duplicatesRefused: 0,
    lockBranchHistories: 0,
    forgets: 0,
    targeted: 0,
    forced: 0,
    cutLockWrites: 0,
    cutPushes: 0,
  };
}

export function addTotals(into: Totals, more: Totals): void {
  for (const key of Object.keys(into) as (keyof Totals)[])
    into[key] = key === 'maxApplies' ? Math.max(into[key], more[key]) : into[key] + more[key];
}

/** The command that plays this history again up to `round` (the same draws; timing may differ). */
export function replayCommand(server: ServerKind, seed: number, round: number, skip?: ReadonlySet<number>): string {
  const skipped = skip && skip.size > 0 ? ` --skip ${[...skip].sort((a, b) => a - b).join(',')}` : '';
  return `npm run campaign -- --server ${server} --seed ${seed} --rounds ${round}${skipped}`;
}

export async function runHistory(options: HistoryOptions): Promise<HistoryResult> {
  const setup = Rng.of(options.seed, 0);
  const lockBranch = setup.chance(0.3);
  const h = initialState(setup);
  const world = await World.start({
    server: options.server,
    seed: options.seed,
    lockBranch,
    secrets: () => ({ ...h.repo.secrets }),
  });
  const totals = emptyTotals();
  totals.lockBranchHistories = lockBranch ? 1 : 0;
  const rounds: RoundReport[] = [];
  const ledger: KeyLedger = new Map();
  try {
    writeRepo(world.work, h.repo);
    const start = await settle(world, h, ledger, totals, 0);
    if (start.findings.length > 0)
      return done({
        round: 0,
        steps: ['the starting repository'],
        options: 'a whole apply',
        faults: 'none',
        interruption: 'none',
        ...start,
      });
    for (let round = 1; round <= options.rounds; round++) {
      if (options.skip?.has(round)) continue;
      const report = await playRound(world, h, round, options.seed, ledger, totals);
      rounds.push(report);
      totals.rounds += 1;
      options.log?.(roundLine(options, report));
      if (report.findings.length > 0) return done(report);
    }
    return done(undefined);
  } finally {
    await world.close();
  }

  function done(failed: RoundReport | undefined): HistoryResult {
    return {
      server: options.server,
      seed: options.seed,
      lockBranch,
      rounds,
      totals,
      ...(failed ? { failed } : {}),
    };
  }
}

function roundLine(options: HistoryOptions, r: RoundReport): string {
  const status = r.findings.length > 0 ? `FAILED (${r.findings.map((f) => f.check).join(', ')})` : 'ok';
  return `${options.server} seed ${options.seed} round ${r.round}: ${status}; ${r.steps.length} steps, ${r.options}, faults ${r.faults}, ${r.interruption}, ${r.applies} appl${r.applies === 1 ? 'y' : 'ies'} to converge`;
}

/** A small repository to start from: a few monitors in both files, a template over two regions. */
function initialState(rng: Rng): HistoryState {
  const secrets = Object.fromEntries(SECRET_VARS.map((v) => [v, `sk-${rng.token(6)}-${rng.token(10)}`]));
  const names = rng.shuffle(NAME_POOL).slice(0, rng.int(2, 4));
  const repo: RepoModel = {
    entries: names.map((name) => ({ name, file: rng.pick(['a', 'b'] as const), fields: newFields(rng, name) })),
    moved: [],
    removed: [],
    template: { domain: 'tpl.example.com', interval: 300, regions: rng.shuffle(REGIONS).slice(0, 2), tags: 'tpl' },
    secrets,
  };
  return {
    repo,
    firstFields: new Map(repo.entries.map((e) => [e.name, structuredClone(e.fields)])),
    managedLive: new Map(),
    unmanaged: new Map(),
    forgotten: new Map(),
    reserved: new Set(),
    secretsEver: new Set(Object.values(secrets)),
    fresh: 0,
    epoch: 0,
  };
}

async function playRound(
  world: World,
  h: HistoryState,
  round: number,
  seed: number,
  ledger: KeyLedger,
  totals: Totals,
): Promise<RoundReport> {
  const rng = Rng.of(seed, round);
  const r: RoundState = { frozen: new Set(), touched: new Set(), outOfBand: 0, rotated: new Set(), onlyNoOps: true };
  const ctx = { h, r, rng, server: world.server };
  const findings: Finding[] = [];
  const steps = await drawSteps(ctx, rng.int(1, 4));
  writeRepo(world.work, h.repo);
  totals.forgets += steps.filter((s) => s.startsWith('forget ')).length;
  // --target / --replace: drawn from a stream of their own, so the other draws of a seed stay as they were.
  const options = drawRunOptions(
    Rng.of(seed, 1_000_000 + round),
    h,
    r,
    lockRecords(world.lockText()).map((x) => x.name),
  );

  // A saved plan, then more changes: applied later, it must be refused or do what it said.
  let made = false;
  if (!r.duplicate && rng.chance(0.2)) {
    r.savedPlanMade = true;
    const run = await world.cli([
      'plan',
      'monitors',
      '--allow-mass-delete',
      '--out',
      SAVED_PLAN,
      ...optionArgs(options),
    ]);
    findings.push(...checkRun(run, h.secretsEver));
    if (run.code !== 0) findings.push({ check: 'saved-plan', message: `plan --out failed:\n${run.stderr}` });
    const used = varsInSavedPlan(join(world.work, SAVED_PLAN));
    h.savedPlan = { round, epoch: h.epoch, at: cloneRepo(h.repo), used, secrets: { ...h.repo.secrets }, options };
    made = true;
    const more = await drawSteps(ctx, rng.int(1, 2), (k) => k.name !== 'oob.duplicate');
    steps.push('(saved plan made)', ...more);
    writeRepo(world.work, h.repo);
  }

  const faults = drawFaults(rng);
  const interruption = drawInterruption(rng, world.lockBranch);
  // Or the plan saved in an earlier round, applied late; and sometimes a second run (a CI re-run) under the same faults.
  const late = !made && !r.duplicate && h.savedPlan !== undefined && rng.chance(0.15);
  const saved = made || late ? h.savedPlan : undefined;
  if (late) steps.push(`(the plan saved in round ${saved!.round} applied)`);
  const rerunInterruption = rng.chance(0.2)
    ? (drawInterruption(rng, world.lockBranch) ?? KILL_AMONG_WRITES)
    : undefined;
  // The options of the first apply: a saved plan keeps those it was made with.
  const firstOptions = saved ? saved.options : options;
  if (firstOptions.targets.length > 0) totals.targeted += 1;
  if (firstOptions.replace.length > 0) totals.forced += 1;
  const forcedIds = saved && !made ? new Map<string, string>() : forcedMonitors(h, firstOptions);
  const before = { lock: world.lockText(), live: world.server.monitors() };
  const expectation = saved && {
    stale: h.epoch !== saved.epoch,
    envChanged: [...saved.used].some((v) => saved.secrets[v] !== h.repo.secrets[v]),
  };
  world.server.setFaults(faults, seed * 1000 + round);
  const wholeArgs = ['apply', 'monitors', '--yes', '--allow-mass-delete'];
  const first = await world.cli(
    saved ? ['apply', '--plan', SAVED_PLAN] : [...wholeArgs, ...optionArgs(options)],
    interruption,
  );
  // Judged before anything else changes the server.
  if (saved && expectation) findings.push(...checkSaved(world, h, saved.at, expectation, first, totals));
  const afterFirst = { lock: world.lockText(), live: world.server.monitors() };
  const firstWritesOnly = first.requests.filter((q) => q.method !== 'GET');
  findings.push(...checkTargeted(firstOptions, h.repo, before, afterFirst, firstWritesOnly));
  if (first.code === 0 && !first.interruption?.delivered)
    findings.push(...checkForced(firstOptions, forcedIds, firstWritesOnly));
  // A CI re-run runs the same command (a saved plan's re-run: a whole apply, as a person would then).
  const rerunOptions = saved ? WHOLE : options;
  const rerun = rerunInterruption
    ? await world.cli([...wholeArgs, ...optionArgs(rerunOptions)], rerunInterruption)
    : undefined;
  if (rerun && rerunOptions.targets.length > 0)
    findings.push(
      ...checkTargeted(
        rerunOptions,
        h.repo,
        before,
        { lock: world.lockText(), live: world.server.monitors() },
        [first, rerun].flatMap((run) => run.requests).filter((q) => q.method !== 'GET'),
      ),
    );
  world.server.setFaults(NO_FAULTS, 0);
  const faulty = rerun ? [first, rerun] : [first];
  totals.applies += faulty.length;
  if (faults !== NO_FAULTS) totals.faultRounds += 1;
  for (const run of faulty) {
    if (run.interruption?.delivered) {
      totals[run.interruption.signal === 'SIGKILL' ? 'kills' : 'interrupts'] += 1;
      if (run.interruption.at === 'lock-write') totals.cutLockWrites += 1;
      if (run.interruption.at === 'push') totals.cutPushes += 1;
    }
    findings.push(...checkRun(run, h.secretsEver), ...lockIdsOnce(world.lockText()));
  }
  countRetries(faulty, totals);
  const firstWrites = faulty.flatMap((run) => run.requests).filter((q) => q.method !== 'GET');
  const last = rerun ?? first;
  const cut = faulty.some((run) => run.interruption?.delivered === true);

  // A --replace writes whatever the YAML did (that is its point).
  if (r.onlyNoOps && firstOptions.replace.length === 0 && rerunOptions.replace.length === 0 && firstWrites.length > 0)
    findings.push({
      check: 'no-op',
      message: `only reorders and moves between files this round, yet the apply sent ${firstWrites.length} write(s): ${firstWrites.map((q) => `${q.method} ${q.path}`).join(', ')}`,
    });
  if (r.duplicate) {
    if (firstWrites.length > 0)
      findings.push({
        check: 'duplicate-guess',
        message: `two live monitors were named "${r.duplicate.name}", yet the apply sent ${firstWrites.length} write(s) instead of stopping`,
      });
    if (!cut && !(first.code === 1 && /PLAN_DUPLICATE_LIVE_NAME|PLAN_STALE|API_/.test(first.stderr)))
      findings.push({
        check: 'duplicate-guess',
        message: `two live monitors were named "${r.duplicate.name}": the apply should stop with PLAN_DUPLICATE_LIVE_NAME, it exited ${first.code}:\n${first.stderr.slice(-1500)}`,
      });
    if (first.stderr.includes('PLAN_DUPLICATE_LIVE_NAME')) totals.duplicatesRefused += 1;
    steps.push(await settleDuplicate(world, h, r, rng));
  }

  // A killed run may leave writes in flight (held, delayed): let them land before judging.
  if (cut) await sleep(faults.holdMs + 2 * faults.latencyMs + 300);
  // An apply that ends with 0, uninterrupted, left nothing to do (a saved plan: its own YAML only).
  // A partial apply (--target) leaves the rest to do.
  const partial = (rerun ? rerunOptions : firstOptions).targets.length > 0;
  const finished =
    (rerun !== undefined || !saved) &&
    !partial &&
    !cut &&
    last.code === 0 &&
    !/could not verify/.test(last.stderr + last.stdout);
  const converge = await settle(world, h, ledger, totals, round, finished ? last : undefined);
  findings.push(...converge.findings);
  h.repo.moved = []; // applied: a user removes the `moved` entries
  // `removed:` entries stay a while (until every environment applied them), then go.
  h.repo.removed = h.repo.removed.filter(() => rng.chance(0.4));
  return {
    round,
    steps,
    options: saved ? `saved plan: ${describeOptions(saved.options)}` : describeOptions(options),
    ...(expectation
      ? { savedPlan: expectation.stale ? 'stale' : expectation.envChanged ? 'env changed' : 'fresh' }
      : {}),
    faults: describeFaults(faults),
    interruption: faulty.map(describeInterruption).join('; re-run: '),
    applies: converge.applies,
    findings,
  };
}

function describeInterruption(run: Run): string {
  const i = run.interruption;
  if (!i) return 'no interruption';
  return `${i.signal}${i.again ? ' twice' : ''} at ${i.at}+${i.delayMs}ms${i.delivered ? '' : ' (ended first)'}`;
}

const KILL_AMONG_WRITES: Interruption = { signal: 'SIGKILL', at: 'writes', delayMs: 50, again: false };

/** Faults lifted: plan, and apply while it has changes (3 applies at most); then every invariant. */
async function settle(
  world: World,
  h: HistoryState,
  ledger: KeyLedger,
  totals: Totals,
  round: number,
  finished?: Run,
): Promise<{ findings: Finding[]; applies: number }> {
  const findings: Finding[] = [];
  const plan = () => world.cli(['plan', 'monitors', '--detailed-exitcode', '--allow-mass-delete']);
  let last = await plan();
  const runs = [last];
  let applies = 0;
  let previous = finished;
  while (last.code === 2 && applies < MAX_APPLIES) {
    if (previous?.code === 0)
      findings.push({
        check: 'apply-then-plan',
        message: `\`monitors ${previous.args.join(' ')}\` exited 0, yet the plan right after it still has changes:\n${last.stdout.slice(-2500)}`,
      });
    previous = await world.cli(['apply', 'monitors', '--yes', '--allow-mass-delete']);
    runs.push(previous);
    applies += 1;
    runs.push((last = await plan()));
  }
  totals.applies += applies;
  totals.maxApplies = Math.max(totals.maxApplies, applies);
  for (const run of runs) findings.push(...checkRun(run, h.secretsEver));
  countRetries(runs, totals);
  if (last.code !== 0)
    findings.push({
      check: 'converge',
      message: `faults lifted, the plan is not empty after ${applies} applies (exit ${last.code}):\n${last.stdout.slice(-2000)}${last.stderr}`,
    });

  const desired = expectedBodies(h.repo);
  const live = world.server.monitors();
  const server = checkServer(live, desired, h.unmanaged, h.forgotten);
  totals.duplicates += server.duplicates;
  totals.lost += server.lost;
  findings.push(
    ...server.findings,
    ...checkLock(world.lockText(), server.ids, new Set(live.map((m) => m.id)), h.forgotten),
  );
  // Every request of the round, also those a killed run left in flight.
  const requests = world.server.requests();
  findings.push(...checkRequests(requests, ledger));
  const retryAfter = checkRetryAfter(world.runsOfRound());
  findings.push(...retryAfter.findings);
  totals.earlyAfterAnotherProcess += retryAfter.unknowable;
  const leaked = secretsIn(
    { ...filesUnder(world.work), ...(world.lockBranch ? { 'the lock branch': world.lockText() ?? '' } : {}) },
    h.secretsEver,
  );
  for (const file of leaked) findings.push({ check: 'secret', message: `${file} holds a secret (or its base64)` });

  for (const q of requests) {
    if (q.committed) h.epoch += 1;
    if (q.method !== 'GET') totals.writes += 1;
    if (q.replayed) totals.replays += 1;
    if (q.injected) totals.injected += 1;
    if (q.lostAfterCommit) totals.lostAnswers += 1;
    if (q.rateLimited) totals.rateLimited += 1;
  }
  world.clearRequests();
  h.managedLive = new Map(server.ids);
  if (round === 0 && findings.length > 0)
    findings.unshift({ check: 'setup', message: 'the first apply of the starting repository failed' });
  return { findings, applies };
}

function countRetries(runs: readonly Run[], totals: Totals): void {
  for (const run of runs) {
    const retries = run.stderr.split('\n').filter((line) => /^retry\s+.* with key generation \d+/.test(line));
    totals.regenerations += retries.length;
    totals.answeredForAnother += retries.filter((line) =>
      line.includes('the stored response of an earlier create'),
    ).length;
  }
}

/** The saved plan applied later: refused (stale, or the environment changed) with nothing sent, or done as planned. */
function checkSaved(
  world: World,
  h: HistoryState,
  at: RepoModel,
  saved: { stale: boolean; envChanged: boolean },
  run: Run,
  totals: Totals,
): Finding[] {
  const writes = run.requests.filter((q) => q.method !== 'GET');
  const expected = saved.stale ? 'PLAN_STALE' : saved.envChanged ? 'PLAN_ENV_CHANGED' : undefined;
  if (run.interruption?.delivered) return [];
  if (expected) {
    if (run.code === 1 && run.stderr.includes(expected) && writes.length === 0) {
      totals.savedRefused += 1;
      return [];
    }
    // Under faults the listing may fail first: refused all the same, nothing sent.
    if (run.code === 1 && /API_/.test(run.stderr) && writes.length === 0) return [];
    return [
      {
        check: 'saved-plan',
        message: `the saved plan should have been refused with ${expected}; the apply exited ${run.code} after ${writes.length} write(s):\n${run.stderr.slice(-1500)}`,
      },
    ];
  }
  if (run.code !== 0) return []; // a change failed under faults: the convergence that follows finishes it
  totals.savedApplied += 1;
  // A partial plan (--target) answers for its targeted monitors only.
  const targets = h.savedPlan?.options.targets.map(matcher) ?? [];
  const planned = [...expectedBodies(at)].filter(([name]) => targets.length === 0 || targets.some((m) => m(name)));
  const check = checkServer(world.server.monitors(), new Map(planned), h.unmanaged, h.forgotten);
  // Only what the plan covered: monitors that are not desired (unmanaged, stray) are the convergence check's.
  const wrong = check.findings.filter((f) => f.check !== 'stray');
  return wrong.map((f) => ({ check: 'saved-plan', message: `after the saved plan was applied: ${f.message}` }));
}

/** The variables the saved plan's bodies read (${env:NAME}). */
function varsInSavedPlan(path: string): Set<string> {
  try {
    const text = readFileSync(path, 'utf8');
    return new Set([...text.matchAll(/\$\{env:([A-Z_][A-Z0-9_]*)\}/g)].map((m) => m[1]!));
  } catch {
    return new Set();
  }
}

/** The person at the dashboard settles a duplicate: deletes it, or pins the managed one with `id:`. */
async function settleDuplicate(world: World, h: HistoryState, r: RoundState, rng: Rng): Promise<string> {
  const dup = r.duplicate!;
  const entry = h.repo.entries.find((e) => e.name === dup.name);
  const managed = h.managedLive.get(dup.name);
  if (entry && managed && rng.chance(0.5)) {
    entry.pin = managed;
    h.unmanaged.set(dup.id, snapshotOf(world.server, dup.id));
    h.reserved.add(dup.name);
    writeRepo(world.work, h.repo);
    return `settle the duplicate "${dup.name}": pin the managed one with id: ${managed}`;
  }
  await world.server.deleteOutOfBand(dup.id);
  return `settle the duplicate "${dup.name}": delete it in the dashboard`;
}

function drawFaults(rng: Rng): FaultPlan {
  if (rng.chance(0.3)) return NO_FAULTS;
  return {
    errorRate: rng.pick([0, 0.1, 0.25]),
    dropRate: rng.pick([0, 0.1, 0.2]),
    latencyMs: rng.pick([0, 5, 25]),
    holdMs: rng.pick([0, 0, 150]),
    ...(rng.chance(0.2)
      ? {
          rateLimit: rng.chance(0.5)
            ? { kind: 'bucket' as const, requests: rng.int(2, 4), seconds: 1 }
            : { kind: 'window' as const, requests: rng.int(3, 5), seconds: rng.int(1, 2) },
        }
      : {}),
  };
}

function describeFaults(f: FaultPlan): string {
  if (f === NO_FAULTS) return 'none';
  const parts = [
    f.errorRate > 0 && `errors ${f.errorRate}`,
    f.dropRate > 0 && `lost answers ${f.dropRate}`,
    f.latencyMs > 0 && `latency ${f.latencyMs}ms`,
    f.holdMs > 0 && `held writes ${f.holdMs}ms`,
    f.rateLimit && `rate limit ${f.rateLimit.kind} ${f.rateLimit.requests}/${f.rateLimit.seconds}s`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'none';
}

/** The managed monitors `--replace` names that are live under a known id: each must be written again. */
function forcedMonitors(h: HistoryState, o: RunOptions): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of o.replace) {
    const from = h.repo.moved.find((m) => m.to === name)?.from;
    const id = h.managedLive.get(name) ?? (from !== undefined ? h.managedLive.get(from) : undefined);
    if (id !== undefined) out.set(name, id);
  }
  return out;
}

function drawInterruption(rng: Rng, lockBranch: boolean): Interruption | undefined {
  if (rng.chance(0.45)) return undefined;
  const signal = rng.chance(0.7) ? 'SIGKILL' : 'SIGINT';
  const drawn = rng.pick(['start', 'writes', 'writes', 'lock-write', 'summary'] as const);
  // On a lock branch, the lock is written by a push: cut that instead.
  const at = drawn === 'lock-write' && lockBranch ? 'push' : drawn;
  // The lock write and the push take milliseconds: a short delay lands inside them (or just after).
  const delayMs =
    at === 'start'
      ? rng.int(100, 900)
      : at === 'writes'
        ? rng.int(0, 600)
        : at === 'summary'
          ? rng.int(0, 250)
          : rng.int(0, 30);
  return { signal, at, delayMs, again: signal === 'SIGINT' && rng.chance(0.25) };
}
