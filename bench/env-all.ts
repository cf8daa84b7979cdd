// `plan --env all` of 40 environments (BENCH_SMOKE=1: 4), each its own workspace with its
// own token on one simulator that answers every request after 50 ms, as a whole process:
// the environments one at a time (--parallelism 1) against the default (4 at once), in
// alternating rounds. Each environment runs in the CLI's one process (its own token and
// lock file, its output captured: src/cli/steps/every-environment.ts), so a sequential run
// is mostly waiting on the network, and a run costs about 15 ms of CPU. (When each was a
// Node process of its own, 0.44 s of CPU each, four at once took 0.53x: the two cores, not
// the network, were the limit.) Measured on two cores shared with other work: 0.39x (5485
// against 2064 ms, load average 4.6), 0.38x (5360 / 2220 ms, 9.5), 0.45x (5648 / 2522 ms,
// 5.5): the four lanes mostly wait on the network; what is left is each run's CPU.
// Target (issue 41): the default at most 0.4x of the sequential time.
// Run: npm run bench -- env-all
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFaults } from '../tests/helpers/sim-admin.js';
import { startSimProcess } from '../tests/helpers/sim-process.js';
import { E2E_DEFAULTS } from '../tests/helpers/yaml-defaults.js';
import { benchEnv, markdownTable, measureCli, median } from './measure-process.js';
import { reportRatio } from './ratios.js';

const SMOKE = process.env.BENCH_SMOKE === '1';
const ENVIRONMENTS = SMOKE ? 4 : 40;
const ROUNDS = SMOKE ? 1 : 3;
const LATENCY_MS = 50;
const TARGET = 0.4;

const names = Array.from({ length: ENVIRONMENTS }, (_, i) => `env${String(i).padStart(2, '0')}`);
const tokenOf = (name: string) => `tok_bench_env_all_${name}_0123456789`;
const variableOf = (name: string) => `MONITORS_TOKEN_${name.toUpperCase()}`;

/** A set of ENVIRONMENTS environments, five monitors in each (all to create: no lock yet). */
function writeSet(dir: string): string {
  const folder = join(dir, 'monitors');
  mkdirSync(folder);
  const environments = names
    .map(
      (name) =>
        `    ${name}:\n      api_url: \${env:SIM_URL}\n      token_env: ${variableOf(name)}\n      vars: { domain: ${name}.example.com }\n`,
    )
    .join('');
  writeFileSync(join(folder, 'settings.yaml'), `settings:\n  environments:\n${environments}`);
  const monitors = ['home', 'shop', 'api', 'docs', 'status']
    .map((site) => `  - name: ${site}\n    url: https://${site}.\${var.domain}/\n`)
    .join('');
  writeFileSync(join(folder, 'sites.yaml'), `${E2E_DEFAULTS}monitors:\n${monitors}`);
  return folder;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-env-all-'));
  const tokens = join(dir, 'tokens.json');
  const scopes = ['monitors:read', 'monitors:write', 'incidents:read', 'account:read'];
  writeFileSync(
    tokens,
    JSON.stringify({ tokens: names.map((name) => ({ token: tokenOf(name), workspace: name, scopes })) }),
  );
  const sim = await startSimProcess(['--tokens-file', tokens, '--rate-limit', '0']);
  try {
    const folder = writeSet(dir);
    await setFaults(sim.adminUrl, { latencyMs: LATENCY_MS });
    const env = benchEnv({
      NO_COLOR: '1',
      SIM_URL: sim.baseUrl,
      ...Object.fromEntries(names.map((name) => [variableOf(name), tokenOf(name)])),
    });
    const plan = async (parallelism: number) => {
      const run = await measureCli(['plan', folder, '--env', 'all', '--parallelism', String(parallelism)], env);
      if (run.code !== 0)
        throw new Error(`plan --env all --parallelism ${parallelism} failed (${run.code}): ${run.stderr}`);
      if (!run.stdout.includes(`Every environment (${ENVIRONMENTS}):`))
        throw new Error(`unexpected output:\n${run.stdout}`);
      return run.wallMs;
    };
    const sequential: number[] = [];
    const concurrent: number[] = [];
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const one = await plan(1);
      const four = await plan(4);
      sequential.push(one);
      concurrent.push(four);
      ratios.push(four / one);
    }
    const ratio = median(ratios);
    process.stdout.write(
      `${markdownTable(
        ['environments', 'latency', 'one at a time (median)', '4 at once (median)', 'ratio'],
        [
          [
            ENVIRONMENTS,
            `${LATENCY_MS} ms`,
            `${median(sequential).toFixed(0)} ms`,
            `${median(concurrent).toFixed(0)} ms`,
            `${ratio.toFixed(2)}x`,
          ],
        ],
      )}\n`,
    );
    reportRatio({
      bench: 'env-all',
      what: `plan --env all of ${ENVIRONMENTS} environments, ${LATENCY_MS} ms latency: 4 at once / one at a time`,
      value: ratio,
      kind: 'at most',
      target: TARGET,
    });
  } finally {
    await sim.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
