// A fixed set of campaign histories on every `npm test` (see history.ts; `npm run campaign`
// plays many more). Each is a seed and a server: random YAML edits, out-of-band changes,
// faults, interruptions and saved plans, round after round, with every invariant checked
// after each round. A failure prints the history's rounds, what broke, and the one command
// that plays it again.
import { describe, expect, it } from 'vitest';
import { replayCommand, runHistory, type HistoryResult } from './history.js';

/**
 * Both servers, a lock branch (seed 8), kills, SIGINT, saved plans, a duplicate made in the
 * dashboard between them; seed 101 plays issue 27's history (a monitor renamed with
 * `moved:`, then its first name added back with its first body) in round 6, which the
 * code before the fix failed on both servers.
 */
const HISTORIES = [
  { server: 'sim', seed: 101, rounds: 6 },
  { server: 'spec', seed: 101, rounds: 6 },
  { server: 'sim', seed: 3, rounds: 4 },
  { server: 'spec', seed: 8, rounds: 4 },
] as const;

describe.concurrent('campaign: random histories keep every invariant', () => {
  for (const { server, seed, rounds } of HISTORIES) {
    it(`${server} server, seed ${seed}, ${rounds} rounds`, { timeout: 300_000 }, async () => {
      const result = await runHistory({ server, seed, rounds });
      expect(result.failed ? failure(result) : '').toBe('');
      expect(result.totals.rounds).toBe(rounds);
    });
  }
});

function failure(result: HistoryResult): string {
  const round = result.failed!;
  return [
    `round ${round.round} of seed ${seed(result)} failed:`,
    ...result.rounds.map((r) => `  round ${r.round}: ${r.steps.join('; ')} (faults ${r.faults}, ${r.interruption})`),
    ...round.findings.map((f) => `  ${f.check}: ${f.message}`),
    `  replay: ${replayCommand(result.server, result.seed, round.round)}`,
  ].join('\n');
}

const seed = (r: HistoryResult) => `${r.seed} (${r.server} server${r.lockBranch ? ', lock branch' : ''})`;
