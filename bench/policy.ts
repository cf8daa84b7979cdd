// Benchmark of policy as code: `monitors validate` of the corpus (10,000 monitors in 100
// files) with a policy file of ten rules, against the same corpus without it, in the same
// run. Every rule reads every monitor it applies to (where: and environments aside, which
// only make it cheaper), one of them through ajv (`schema:`), and the corpus satisfies them
// all, so both runs end valid and do the same work but the policy's. The two alternate, run
// by run, and the time ratio is the median of the per-round ratios (as in validate.ts).
// Target: validate with the policy within 1.15x of validate without it.
// Run: npm run bench -- policy   (BENCH_SMOKE=1: a tiny corpus, one run)
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateCorpus } from './corpus.js';
import { benchEnv, markdownTable, measureCli, median, type Measured } from './measure-process.js';
import { reportRatio } from './ratios.js';

const SMOKE = process.env.BENCH_SMOKE === '1';
const MONITORS = SMOKE ? 200 : 10_000;
const FILES = SMOKE ? 4 : 100;
const RUNS = SMOKE ? 1 : 15;
const TARGET = 1.15;

/** Ten rules, each of a kind the corpus passes (corpus.ts: tags team-N and tier-N, three locations, ...). */
export const TEN_RULES = `policy:
  - id: team-tag
    description: Every monitor names its owning team.
    level: mandatory
    require: { tags: ["team-*"] }
  - id: tier-tag
    level: advisory
    require: { tags: ["tier-?"] }
  - id: naming
    level: mandatory
    where: { name: "svc-*" }
    require: { name_pattern: '^svc-[0-9]+-[0-9]+ [a-z]+$' }
  - id: web-locations
    level: mandatory
    where: { type: [http, keyword, json] }
    require: { min_locations: 3 }
  - id: slow-enough
    level: advisory
    require: { max_interval_seconds: 3600 }
  - id: known-types
    level: mandatory
    require: { types: [http, keyword, json, tcp, dns, ssl, udp] }
  - id: owned
    level: mandatory
    require: { fields: [group, tags] }
  - id: multi-location
    level: mandatory
    require: { execution_mode: multi_location }
  - id: short-redirects
    level: mandatory
    schema: { properties: { max_redirects: { maximum: 10 } } }
  - id: no-deletes
    level: mandatory
    deny: [delete]
`;

function checked(run: Measured, what: string): Measured {
  if (run.code !== 0 || run.stdout.includes('warning'))
    throw new Error(`${what} did not pass clean (exit ${run.code}):\n${(run.stdout + run.stderr).slice(0, 2000)}`);
  return run;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'monitors-bench-policy-'));
  try {
    const plain = path.join(dir, 'plain');
    const corpus = generateCorpus(plain, { monitors: MONITORS, files: FILES });
    const withPolicy = path.join(dir, 'with-policy');
    cpSync(plain, withPolicy, { recursive: true });
    writeFileSync(path.join(withPolicy, 'policy.yaml'), TEN_RULES);
    const env = benchEnv(corpus.env);
    const once = async (yamlDir: string, what: string) => checked(await measureCli(['validate', yamlDir], env), what);
    await once(plain, 'validate without policy'); // warm the file cache
    await once(withPolicy, 'validate with policy');
    const without: Measured[] = [];
    const withRules: Measured[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      withRules.push(await once(withPolicy, 'validate with policy'));
      without.push(await once(plain, 'validate without policy'));
    }
    const row = (name: string, runs: Measured[]) => {
      const times = runs.map((r) => r.wallMs);
      return [name, ms(Math.min(...times)), ms(median(times)), ms(Math.max(...times))];
    };
    const time = median(withRules.map((r, i) => r.wallMs / without[i]!.wallMs));
    const ofMedians = median(withRules.map((r) => r.wallMs)) / median(without.map((r) => r.wallMs));
    process.stdout.write(
      [
        `monitors validate: ${MONITORS.toLocaleString('en')} monitors in ${FILES} files, with and without ten policy rules, ${RUNS} runs each, alternating`,
        '',
        markdownTable(
          ['process', 'min', 'median', 'max'],
          [row('validate with ten rules', withRules), row('validate without policy', without)],
        ),
        '',
        `time, with / without policy (median of the ${RUNS} rounds' ratios): ${reportRatio({ bench: 'policy', what: `${MONITORS} monitors, ten rules: time / without policy`, value: time, kind: 'at most', target: TARGET })}; the ratio of the medians: ${ofMedians.toFixed(2)}x`,
        `with policy, validate said: ${withRules[0]?.stdout.trim().split('\n').pop() ?? ''}`,
        '',
      ].join('\n'),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const ms = (v: number) => `${Math.round(v)} ms`;

await main();
