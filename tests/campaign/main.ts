// `npm run campaign -- [--server sim|spec|both] [--seed S] [--seeds K] [--rounds N] [--skip 2,5] [--jobs J] [--shrink] [--quiet]`
// Plays K histories of N rounds each (seeds S..S+K-1) against each server chosen, prints a
// line per round, the totals, and for a failing history its rounds and the one command
// that plays it again (with --shrink, first left without the rounds it does not need).
import { parseArgs } from 'node:util';
import { SERVER_KINDS, type ServerKind } from '../helpers/servers-under-test.js';
import {
  addTotals,
  emptyTotals,
  replayCommand,
  runHistory,
  type HistoryOptions,
  type HistoryResult,
  type Totals,
} from './history.js';

const { values } = parseArgs({
  options: {
    server: { type: 'string', default: 'both' },
    seed: { type: 'string', default: '1' },
    seeds: { type: 'string', default: '1' },
    rounds: { type: 'string', default: '10' },
    skip: { type: 'string', default: '' },
    jobs: { type: 'string', default: '1' },
    shrink: { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
  },
});

const servers: ServerKind[] = values.server === 'both' ? [...SERVER_KINDS] : [values.server as ServerKind];
if (!servers.every((s) => SERVER_KINDS.includes(s))) usage(`--server must be sim, spec or both`);
const first = int('--seed', values.seed);
const seeds = int('--seeds', values.seeds);
const rounds = int('--rounds', values.rounds);
const jobs = int('--jobs', values.jobs);
const skip = new Set(
  values.skip
    .split(',')
    .filter(Boolean)
    .map((x) => int('--skip', x)),
);

function int(flag: string, text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) usage(`${flag} takes a whole number, not "${text}"`);
  return n;
}

function usage(message: string): never {
  process.stderr.write(`campaign: ${message}\n`);
  process.exit(2);
}

const log = values.quiet ? undefined : (line: string) => process.stdout.write(`${line}\n`);
const queue: HistoryOptions[] = [];
for (let seed = first; seed < first + seeds; seed++)
  for (const server of servers) queue.push({ server, seed, rounds, skip, ...(log ? { log } : {}) });

const started = Date.now();
const results: HistoryResult[] = [];
await Promise.all(
  Array.from({ length: Math.max(1, jobs) }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) results.push(await runHistory(next));
  }),
);

const totals: Totals = emptyTotals();
for (const r of results) addTotals(totals, r.totals);
const failed = results.filter((r) => r.failed);
for (const r of failed) await report(r);
printTotals(totals, results.length, failed.length, Date.now() - started);
process.exitCode = failed.length > 0 ? 1 : 0;

async function report(result: HistoryResult): Promise<void> {
  const round = result.failed!;
  const out = [
    '',
    `FAILED: ${result.server} server, seed ${result.seed}${result.lockBranch ? ' (lock branch)' : ''}, round ${round.round}`,
  ];
  for (const r of result.rounds) {
    out.push(`  round ${r.round}: ${r.steps.join('; ')}`);
    out.push(
      `    first apply: faults ${r.faults}, ${r.interruption}${r.savedPlan ? `, saved plan (${r.savedPlan})` : ''}; ${r.applies} applies to converge`,
    );
  }
  for (const f of round.findings) out.push(`  ${f.check}: ${f.message.replace(/\n/g, '\n    ')}`);
  let skipped: ReadonlySet<number> = skip;
  if (values.shrink) skipped = await shrink(result, new Set(round.findings.map((f) => f.check)));
  out.push(`  replay: ${replayCommand(result.server, result.seed, round.round, skipped)}`);
  process.stdout.write(`${out.join('\n')}\n`);
}

/** Leaves out, one at a time, the earlier rounds the failure does not need (it still fails the same check). */
async function shrink(result: HistoryResult, checks: ReadonlySet<string>): Promise<Set<number>> {
  const last = result.failed!.round;
  const kept = new Set(skip);
  for (let round = 1; round < last; round++) {
    if (kept.has(round)) continue;
    const trial = new Set([...kept, round]);
    const again = await runHistory({ server: result.server, seed: result.seed, rounds: last, skip: trial });
    if (again.failed?.findings.some((f) => checks.has(f.check))) kept.add(round);
  }
  return kept;
}

function printTotals(t: Totals, histories: number, failures: number, ms: number): void {
  const rows: [string, number | string][] = [
    ['histories', histories],
    ['rounds', t.rounds],
    ['applies', t.applies],
    ['kills (SIGKILL delivered)', t.kills],
    ['interrupts (SIGINT delivered)', t.interrupts],
    ['rounds with faults', t.faultRounds],
    ['faults injected (5xx)', t.injected],
    ['answers lost after the commit', t.lostAnswers],
    ['429 answers', t.rateLimited],
    ["early after another process's 429 (unknowable)", t.earlyAfterAnotherProcess],
    ['writes sent', t.writes],
    ['replayed answers', t.replays],
    ['saved plans applied / refused', `${t.savedApplied} / ${t.savedRefused}`],
    ['writes sent again under a new key', t.regenerations],
    ['  creates answered for another monitor', t.answeredForAnother],
    ['duplicates made in the dashboard, refused', t.duplicatesRefused],
    ['histories with a lock branch', t.lockBranchHistories],
    ['monitors forgotten (removed:)', t.forgets],
    ['first applies with --target / --replace', `${t.targeted} / ${t.forced}`],
    ['cut while writing the lock / pushing it', `${t.cutLockWrites} / ${t.cutPushes}`],
    ['most applies a round needed', t.maxApplies],
    ['duplicates', t.duplicates],
    ['lost monitors', t.lost],
    ['failed histories', failures],
    ['minutes', (ms / 60_000).toFixed(1)],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  process.stdout.write(`\n${rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join('\n')}\n`);
}
