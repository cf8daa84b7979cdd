// A fixed set of campaign histories on every `npm test` (see history.ts; `npm run campaign`
// plays many more). Each is a seed and a server: random YAML edits, out-of-band changes,
// faults, interruptions and saved plans, round after round, with every invariant checked
// after each round. A failure prints the history's rounds, what broke, and the one command
// that plays it again.
import { describe, expect, it } from 'vitest';
import { replayCommand, runHistory, type HistoryResult } from './history.js';

const ROUNDS = 4;
/** Chosen to cover both servers, a lock branch, kills, SIGINT, a saved plan and a duplicate between them. */
const HISTORIES = [
  { server: 'sim', seed: 3 },
  { server: 'spec', seed: 8 },
] as const;

describe.concurrent('campaign: random histories keep every invariant', () => {
  for (const { server, seed } of HISTORIES) {
    it(`${server} server, seed ${seed}, ${ROUNDS} rounds`, { timeout: 300_000 }, async () => {
      const result = await runHistory({ server, seed, rounds: ROUNDS });
      expect(result.failed ? failure(result) : '').toBe('');
      expect(result.totals.rounds).toBe(ROUNDS);
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
